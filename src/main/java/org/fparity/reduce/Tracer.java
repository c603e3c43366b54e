package org.fparity.reduce;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fparity.emit.Emitter;
import org.fparity.emit.Language;
import org.fparity.exec.BinaryCache;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.Outcome;
import org.fparity.exec.Platform;
import org.fparity.ir.Expr;
import org.fparity.ir.HexFloat;
import org.fparity.ir.Input;
import org.fparity.ir.MathFn;
import org.fparity.ir.Node;
import org.fparity.ir.NodePath;
import org.fparity.ir.Nodes;
import org.fparity.ir.Precision;
import org.fparity.ir.Printer;
import org.fparity.ir.Program;
import org.fparity.ir.Stmt;
import org.fparity.oracle.CorrectlyRounded;
import org.fparity.oracle.MathOp;
import org.fparity.oracle.Rounding;
import org.fparity.util.Processes;

/**
 * Finds the first diverging operation of a (reduced) discrepancy. Both platforms run an instrumented single-program
 * build that prints every value with its node; the traces are aligned by node and occurrence, and the first node whose
 * value differs while its operands agree is the origin, judged against the correctly rounded result of that operation
 * on those operands (MPFR). Every trace is a build at the platform's recorded opt level (its flags as the campaign ran
 * them). Which side is off the truth is judged on the printed results ({@link OffTruth}); when the traces cannot be
 * aligned (a platform is not C, or the instrumentation changes its result), the side off the truth is traced alone,
 * operation by operation against the correctly rounded result, and the explanation says what could not be measured.
 */
public final class Tracer {
    private final BinaryCache cache;

    public Tracer(Path work) {
        this.cache = new BinaryCache(work.resolve("trace"));
    }

    /** One traced run: per trace line the node id and value, plus the printed result. */
    record Trace(List<int[]> ids, List<Double> values, Double result) {}

    /** The instrumented single-program C source. */
    static String source(Program p, TracePrinter tp) {
        String plain = Emitter.of(Language.C).single(p);
        StringBuilder body = new StringBuilder();
        new Printer(p.precision()) {
            @Override
            protected String callName(MathFn fn) {
                return fn.c(precision);
            }
        }.block(body, p.body(), 1);
        StringBuilder traced = new StringBuilder();
        tp.block(traced, p.body(), 1);
        int at = plain.indexOf(body.toString());
        if (at < 0) throw new IllegalStateException("cannot find compute_0's body in the emitted C");
        String s = plain.substring(0, at) + traced + plain.substring(at + body.length());
        return TracePrinter.function(p.precision()) + s;
    }

    static boolean traceable(DetectedToolchain dt) {
        return dt.toolchain().lang() == Language.C && dt.canRun();
    }

    Trace run(DetectedToolchain dt, String opt, Program p, Input in, TracePrinter tp) throws InterruptedException {
        BinaryCache.Build b = cache.build(dt, opt, "trace", source(p, tp));
        if (!b.ok()) return null;
        List<String> argv = new ArrayList<>(
                dt.toolchain().runArgv(opt, b.bin().toAbsolutePath().toString(), "trace"));
        argv.addAll(in.args());
        try {
            Path out = Files.createTempFile(b.dir(), ".trace", ".txt");
            try {
                Processes.Result r = Processes.run(
                        argv, dt.toolchain().env(), b.dir(), out, dt.toolchain().runTimeout());
                if (!r.ok()) return null;
                List<int[]> ids = new ArrayList<>();
                List<Double> vals = new ArrayList<>();
                Double result = null;
                for (String l : Files.readAllLines(out, StandardCharsets.UTF_8)) {
                    String[] f = l.strip().split("\\s+");
                    if (f.length == 3 && f[0].equals("T")) {
                        ids.add(new int[] {Integer.parseInt(f[1])});
                        vals.add(HexFloat.parse(f[2]));
                    } else if (f.length >= 1 && !f[0].isEmpty()) {
                        try {
                            result = HexFloat.parse(f[0]);
                        } catch (RuntimeException e) {
                            // a runtime's own line
                        }
                    }
                }
                return new Trace(ids, vals, result);
            } finally {
                Files.deleteIfExists(out);
            }
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * The value the platform computed at each traced node of p on this input — only nodes that took one value however
     * often they ran; empty when the platform cannot be traced here (not C) or the traced build fails.
     */
    public Map<NodePath, Double> values(DetectedToolchain dt, String opt, Program p, Input in)
            throws InterruptedException {
        if (!traceable(dt)) return Map.of();
        TracePrinter tp = new TracePrinter(p);
        Trace t = run(dt, opt, p, in, tp);
        if (t == null) return Map.of();
        Map<NodePath, Double> out = new HashMap<>();
        java.util.Set<NodePath> varying = new java.util.HashSet<>();
        for (int i = 0; i < t.ids().size(); i++) {
            NodePath path = tp.paths().get(t.ids().get(i)[0]);
            Double v = t.values().get(i);
            Double old = out.put(path, v);
            if (old != null && !same(old, v)) varying.add(path);
        }
        out.keySet().removeAll(varying);
        return out;
    }

    /**
     * The first diverging operation, traced on the two platforms exactly as recorded (toolchain and opt level, flags
     * included). Which side is off the correctly rounded truth is judged on the printed results against {@code reference}
     * (MPFR); when the two traces cannot be aligned (a side is not C, or instrumentation changed its result), the side(s)
     * off the truth are traced at their recorded level against the correctly rounded result of each operation. Never
     * null: with no operation-level evidence the sentence says what was measured and why nothing more was.
     */
    public Divergence explain(
            Program p,
            Input in,
            DetectedToolchain a,
            String optA,
            Outcome outA,
            DetectedToolchain b,
            String optB,
            Outcome outB,
            Double reference)
            throws InterruptedException {
        TracePrinter tp = new TracePrinter(p);
        String pa = Platform.local(a.name(), optA).label();
        String pb = Platform.local(b.name(), optB).label();
        OffTruth off = OffTruth.of(pa, outA, pb, outB, reference);
        Trace ta = traceable(a) ? run(a, optA, p, in, tp) : null;
        Trace tb = traceable(b) ? run(b, optB, p, in, tp) : null;
        boolean okA = ta != null && same(ta.result(), outA.value());
        boolean okB = tb != null && same(tb.result(), outB.value());
        if (okA && okB) {
            Divergence d = aligned(p, tp, ta, tb, pa, pb);
            if (d != null) return d.after(off);
        }
        List<String> reasons = new ArrayList<>();
        if (!traceable(a)) reasons.add(pa + " cannot be traced here (only C builds are instrumented)");
        else if (ta == null) reasons.add(pa + "'s instrumented build did not run");
        else if (!okA)
            reasons.add("instrumentation changed " + pa + "'s result (traced build printed `"
                    + (ta.result() == null ? "nothing" : HexFloat.format(ta.result())) + "`)");
        if (!traceable(b)) reasons.add(pb + " cannot be traced here (only C builds are instrumented)");
        else if (tb == null) reasons.add(pb + "'s instrumented build did not run");
        else if (!okB)
            reasons.add("instrumentation changed " + pb + "'s result (traced build printed `"
                    + (tb.result() == null ? "nothing" : HexFloat.format(tb.result())) + "`)");
        String why = String.join("; ", reasons);
        // the side(s) off the truth, each at its recorded level, operation by operation against the correctly rounded
        // result
        List<Integer> sides = switch (off.who()) {
            case A -> List.of(0);
            case B -> List.of(1);
            case BOTH, UNDECIDED -> List.of(0, 1);
        };
        for (int side : sides) {
            boolean ok = side == 0 ? okA : okB;
            if (!ok) continue;
            Divergence d = againstTruth(p, tp, side == 0 ? ta : tb, side == 0 ? pa : pb, why);
            if (d != null) return d.after(off);
        }
        List<String> untraced = new ArrayList<>();
        for (int side : sides) {
            boolean ok = side == 0 ? okA : okB;
            String plat = side == 0 ? pa : pb;
            if (ok)
                untraced.add("every traced operation of " + plat + " is the correctly rounded result of its operands");
        }
        String s = off.sentence() + " No operation-level evidence: " + (why.isEmpty() ? "" : why)
                + (why.isEmpty() || untraced.isEmpty() ? "" : "; ") + String.join("; ", untraced) + ".";
        return new Divergence(
                "",
                "",
                "none",
                List.of(),
                null,
                null,
                null,
                off.who() == OffTruth.Who.UNDECIDED ? "" : off.key(),
                why.isEmpty() ? "both traced" : why,
                s,
                "final:" + off.key(),
                off.key());
    }

    private static boolean same(Double x, double y) {
        return x != null
                && (Double.doubleToRawLongBits(x) == Double.doubleToRawLongBits(y) || (x.isNaN() && Double.isNaN(y)));
    }

    /** Per trace: every (node, occurrence) with its value and its operands' latest values. */
    private record Event(int id, int occurrence, double value, List<Double> operands) {}

    private static List<Event> events(Program p, TracePrinter tp, Trace t) {
        Map<Integer, Double> last = new HashMap<>();
        Map<Integer, Integer> count = new HashMap<>();
        Map<NodePath, Integer> idOf = new HashMap<>();
        for (int i = 0; i < tp.paths().size(); i++) idOf.put(tp.paths().get(i), i);
        List<Event> out = new ArrayList<>();
        for (int i = 0; i < t.ids().size(); i++) {
            int id = t.ids().get(i)[0];
            double v = t.values().get(i);
            NodePath path = tp.paths().get(id);
            Node n = NodePath.at(p, path);
            List<Double> ops = new ArrayList<>();
            List<Node> kids = Nodes.children(n);
            for (int k = 0; k < kids.size(); k++) ops.add(operand(path.child(k), kids.get(k), idOf, last));
            int occ = count.merge(id, 1, Integer::sum);
            out.add(new Event(id, occ, v, ops));
            last.put(id, v);
        }
        return out;
    }

    private static Double operand(NodePath path, Node n, Map<NodePath, Integer> idOf, Map<Integer, Double> last) {
        while (n instanceof Expr.Paren par) {
            n = par.inner();
            path = path.child(0);
        }
        if (n instanceof Expr.Lit l) return l.value();
        if (n instanceof Expr.IntLit l) return (double) l.value();
        Integer id = idOf.get(path);
        return id == null ? null : last.get(id);
    }

    private Divergence aligned(Program p, TracePrinter tp, Trace ta, Trace tb, String pa, String pb) {
        List<Event> ea = events(p, tp, ta);
        Map<String, Event> eb = new HashMap<>();
        for (Event e : events(p, tp, tb)) eb.put(e.id() + "/" + e.occurrence(), e);
        Event firstDiff = null;
        for (Event x : ea) {
            Event y = eb.get(x.id() + "/" + x.occurrence());
            if (y == null) {
                return build(p, tp, x, null, pa, pb, "control", "both traced");
            }
            if (same(x.value(), y.value())) continue;
            if (firstDiff == null) firstDiff = x;
            boolean read = NodePath.at(p, tp.paths().get(x.id())) instanceof Expr.Var
                    || NodePath.at(p, tp.paths().get(x.id())) instanceof Expr.Elem;
            if (!read && sameList(x.operands(), y.operands())) return build(p, tp, x, y, pa, pb, null, "both traced");
        }
        return firstDiff == null
                ? null
                : build(
                        p,
                        tp,
                        firstDiff,
                        eb.get(firstDiff.id() + "/" + firstDiff.occurrence()),
                        pa,
                        pb,
                        null,
                        "both traced");
    }

    /** The first operation of one traced platform whose value is not the correctly rounded result of its operands, or null. */
    private Divergence againstTruth(Program p, TracePrinter tp, Trace t, String plat, String why) {
        for (Event x : events(p, tp, t)) {
            Double cr = truth(p, NodePath.at(p, tp.paths().get(x.id())), x.operands());
            if (cr != null && !same(cr, x.value())) {
                return build(
                        p,
                        tp,
                        x,
                        null,
                        plat,
                        "",
                        null,
                        (why.isEmpty() ? "" : why + ": ") + plat
                                + " traced as recorded against the correctly rounded result of each operation");
            }
        }
        return null;
    }

    private static boolean sameList(List<Double> x, List<Double> y) {
        if (x.size() != y.size()) return false;
        for (int i = 0; i < x.size(); i++) {
            if (x.get(i) == null || y.get(i) == null) return false;
            if (!same(x.get(i), y.get(i))) return false;
        }
        return true;
    }

    private Divergence build(
            Program p, TracePrinter tp, Event x, Event y, String pa, String pb, String kindOverride, String how) {
        NodePath path = tp.paths().get(x.id());
        Node n = NodePath.at(p, path);
        String text = text(p, n);
        List<String> ops = new ArrayList<>();
        for (Double d : x.operands()) ops.add(d == null ? "?" : HexFloat.format(d));
        Double cr = truth(p, n, x.operands());
        String kind = kindOverride != null ? kindOverride : n instanceof Expr.Call ? "call" : "arithmetic";
        String a = HexFloat.format(x.value());
        String b = y == null ? null : HexFloat.format(y.value());
        String wrong;
        if (cr == null) wrong = "";
        else if (y == null) wrong = same(cr, x.value()) ? "" : pa;
        else if (same(cr, x.value()) && !same(cr, y.value())) wrong = pb;
        else if (!same(cr, x.value()) && same(cr, y.value())) wrong = pa;
        else if (!same(cr, x.value())) wrong = "both";
        else wrong = "";
        String what = n instanceof Expr.Call c
                ? c.fn().canonicalName()
                : n instanceof Stmt.Assign as
                        ? as.op().symbol()
                        : n instanceof Expr.Bin bn
                                ? bn.op().symbol()
                                : n.getClass().getSimpleName();
        StringBuilder s = new StringBuilder();
        if (kind.equals("control")) {
            s.append("`")
                    .append(text)
                    .append("` (node ")
                    .append(path)
                    .append(") ran on ")
                    .append(pa)
                    .append(" but not on ")
                    .append(pb)
                    .append(": a branch or loop went another way before any value differed.");
        } else {
            s.append(pa).append(" `").append(text).append("` = `").append(a).append('`');
            if (b != null) s.append(", ").append(pb).append(" = `").append(b).append('`');
            s.append(" with operands `").append(String.join(", ", ops)).append('`');
            if (cr != null)
                s.append(", correctly rounded = `").append(HexFloat.format(cr)).append('`');
            s.append(". ");
            if (wrong.isEmpty())
                s.append(
                        b == null
                                ? ""
                                : "Both agree with the correctly rounded result here; the operands already differed.");
            else if (wrong.equals("both")) s.append("Neither platform computes the correctly rounded result.");
            else if (kind.equals("arithmetic")) {
                s.append(wrong).append(" does not compute the IEEE result of this operation on these operands.");
            } else {
                s.append(wrong)
                        .append(" is wrong: its `")
                        .append(what)
                        .append("` does not return the correctly rounded result.");
            }
        }
        String root = kind + ":" + what + ":" + (wrong.isEmpty() ? pa + "|" + pb : wrong);
        return new Divergence(
                path.toString(),
                text,
                kind,
                ops,
                a,
                b,
                cr == null ? null : HexFloat.format(cr),
                wrong,
                how,
                s.toString(),
                root);
    }

    /**
     * The explanation of a run that ended abnormally on one platform where the other printed a result. The failing side
     * has no trace to align, so the evidence is the printing side's trace (its own build, instrumented): the first
     * operation, in the order it ran, whose value is not finite. A platform built with finite-math-only
     * ({@code -ffast-math}) may assume such a value never exists: LLVM makes it poison, a branch on it is undefined
     * behaviour, and the code after it is deleted, so the process runs into whatever code comes next. Null when the
     * printing side cannot be traced here or every value it computed is finite (the cause is then something else).
     */
    public Divergence nonFinite(
            Program p,
            Input in,
            String failing,
            Outcome failed,
            DetectedToolchain other,
            String otherOpt,
            Outcome printed)
            throws InterruptedException {
        if (!traceable(other)) return null;
        TracePrinter tp = new TracePrinter(p);
        Trace t = run(other, otherOpt, p, in, tp);
        if (t == null) return null;
        String po = Platform.local(other.name(), otherOpt).label();
        for (Event e : events(p, tp, t)) {
            if (Double.isFinite(e.value())) continue;
            NodePath path = tp.paths().get(e.id());
            Node n = NodePath.at(p, path);
            boolean operation = n instanceof Expr.Bin
                    || n instanceof Expr.Call
                    || n instanceof Expr.Neg
                    || n instanceof Stmt.Assign as && as.op().binOp() != null;
            if (!operation) continue;
            String text = text(p, n);
            List<String> ops = new ArrayList<>();
            for (Double d : e.operands()) ops.add(d == null ? "?" : HexFloat.format(d));
            Double cr = truth(p, n, e.operands());
            String value = HexFloat.format(e.value());
            String what = n instanceof Expr.Call c
                    ? c.fn().canonicalName()
                    : n instanceof Stmt.Assign as
                            ? as.op().symbol()
                            : n instanceof Expr.Bin bn ? bn.op().symbol() : "-";
            String s = failing + " ended abnormally (" + Reducer.describe(failed) + ") where " + po + " printed `"
                    + Reducer.describe(printed) + "`. On " + po
                    + ", `" + text + "` (node " + path + ") is the first operation whose value is not finite: `" + value
                    + "`"
                    + (ops.isEmpty() ? "" : " from operands `" + String.join(", ", ops) + "`")
                    + (cr == null ? "" : " (correctly rounded: `" + HexFloat.format(cr) + "`)")
                    + ". A platform that assumes finite values (finite-math-only, part of `-ffast-math`) may treat that value as impossible: LLVM (clang 16 "
                    + "and later) makes it poison, a branch that depends on it is undefined behaviour, and the code after it is deleted, so the process runs "
                    + "into whatever code comes next. A crash here is what finite-math-only permits, not a fault of the program's IEEE semantics or of the harness.";
            return new Divergence(
                    path.toString(),
                    text,
                    "non-finite",
                    ops,
                    null,
                    value,
                    cr == null ? null : HexFloat.format(cr),
                    failing,
                    "traced on " + po + " (the failing side has no trace)",
                    s,
                    "non-finite:" + what + ":" + failing);
        }
        return null;
    }

    private static String text(Program p, Node n) {
        Printer pr = new Printer(p.precision());
        if (n instanceof Expr e) return pr.expr(e);
        if (n instanceof Stmt s) {
            StringBuilder sb = new StringBuilder();
            pr.stmt(sb, s, 0);
            return sb.toString().strip();
        }
        return n.toString();
    }

    /** The correctly rounded result of node n on these operand values, or null when it has none (a read). */
    static Double truth(Program p, Node n, List<Double> ops) {
        for (Double d : ops) if (d == null) return null;
        Precision pr = p.precision();
        try {
            return switch (n) {
                case Expr.Bin b -> b.op().apply(pr, ops.get(0), ops.get(1));
                case Stmt.Assign a when a.op().binOp() != null -> a.op().binOp().apply(pr, ops.get(0), ops.get(1));
                case Expr.Neg x -> -ops.get(0);
                case Expr.Call c -> {
                    double[] args = new double[ops.size()];
                    for (int i = 0; i < args.length; i++) args[i] = ops.get(i);
                    yield CorrectlyRounded.apply(MathOp.of(c.fn()), pr, Rounding.RN, args);
                }
                default -> null;
            };
        } catch (RuntimeException e) {
            return null; // no MPFR here: no truth to report
        }
    }
}
