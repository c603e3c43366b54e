package org.fparity.reduce;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fparity.ir.Cond;
import org.fparity.ir.Expr;
import org.fparity.ir.HexFloat;
import org.fparity.ir.Index;
import org.fparity.ir.Input;
import org.fparity.ir.MathFn;
import org.fparity.ir.Node;
import org.fparity.ir.NodePath;
import org.fparity.ir.Nodes;
import org.fparity.ir.Param;
import org.fparity.ir.Params;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;
import org.fparity.ir.Stmt;
import org.fparity.ir.Walker;

/**
 * C-Reduce's passes, over the IR, in priority order: what removes the most comes first, because a round tests the
 * first {@code limit} candidates and keeps the smallest interesting one. Every pass proposes; {@link Candidate#apply}
 * and the validator decide what is legal.
 */
public final class Passes {
    private Passes() {}

    /** Every candidate for one round, highest priority first, at most {@code limit}. */
    public static List<Candidate> all(Program p, Input in, List<Map<NodePath, Double>> values, int limit) {
        List<Candidate> out = structural(p, in);
        toValue(p, values, out);
        return out.size() > limit ? out.subList(0, limit) : out;
    }

    /**
     * Every pass but to-value, in priority order: what needs no platform values. The reducer proposes these first and
     * traces the platforms (two instrumented builds) only in a round where none of them is taken.
     */
    public static List<Candidate> structural(Program p, Input in) {
        List<Candidate> out = new ArrayList<>();
        deleteChunks(p, out);
        foldIntoInput(p, in, out);
        unwrap(p, out);
        cutLoops(p, in, out);
        compoundToSet(p, out);
        toOperand(p, out);
        inlineTemps(p, out);
        dropParams(p, out);
        fewerBits(p, in, out);
        simplerInputs(p, in, out);
        return out;
    }

    /**
     * Simple finite values an input can move to, simplest first: 0, ±1, ±2, ±1/2, the smallest normal and the largest
     * power of two (signs both ways). No infinity or NaN: a new non-finite input would take a finding outside a
     * {@code -ffinite-math-only} build's contract.
     */
    static double[] simpleValues(Precision pr) {
        double minNormal = Math.scalb(1.0, pr.minExponent());
        double maxPow2 = Math.scalb(1.0, pr.maxExponent());
        return new double[] {0.0, 1.0, -1.0, 2.0, -2.0, 0.5, -0.5, minNormal, -minNormal, maxPow2, -maxPow2};
    }

    /**
     * Inputs moved to simpler values ({@link #simpleValues}): each FP input to each value, an element-wise array's
     * elements all to one value, and every FP input at once to 0 and to 1 (a zero that needs two inputs equal). The
     * program stays as it is; the reducer's size order ranks a state with simpler inputs smaller (fewer significant
     * bits, then exponents nearer 0), so it takes one only when the discrepancy stays (same class, and the reducer
     * checks the same side off the correctly rounded truth) and the other passes may then find fewer operations from
     * it, as C-Vise did by reading zeroed globals instead of the inputs.
     */
    static void simplerInputs(Program p, Input in, List<Candidate> out) {
        double[] values = simpleValues(p.precision());
        Map<Integer, String> allZero = new java.util.HashMap<>();
        Map<Integer, String> allOne = new java.util.HashMap<>();
        for (int i = 0; i < p.params().size(); i++) {
            Param.Kind kind = p.params().get(i).kind();
            if (kind == Param.Kind.INT) continue;
            int n = kind == Param.Kind.FP_ELEMENTS ? in.elements(i).length : 0;
            for (double v : values) {
                String token = kind == Param.Kind.FP_ELEMENTS ? elements(p.precision(), n, v) : HexFloat.format(v);
                if (token.equals(in.args().get(i))) continue;
                out.add(new Candidate("simpler-input", List.of(), Set.of(), Map.of(i, token)));
            }
            allZero.put(i, kind == Param.Kind.FP_ELEMENTS ? elements(p.precision(), n, 0.0) : HexFloat.format(0.0));
            allOne.put(i, kind == Param.Kind.FP_ELEMENTS ? elements(p.precision(), n, 1.0) : HexFloat.format(1.0));
        }
        if (allZero.size() > 1) {
            out.add(new Candidate("simpler-inputs", List.of(), Set.of(), allZero));
            out.add(new Candidate("simpler-inputs", List.of(), Set.of(), allOne));
        }
    }

    /** Whether {@code c} came from {@link #simplerInputs}. */
    static boolean simplerInput(Candidate c) {
        return c.pass().startsWith("simpler-input");
    }

    private static String elements(Precision pr, int n, double v) {
        double[] r = new double[n];
        java.util.Arrays.fill(r, v);
        return Input.elementsToken(pr, r);
    }

    /** The to-value pass alone (see {@link #toValue(Program, List, List)}). */
    public static List<Candidate> toValues(Program p, List<Map<NodePath, Double>> values) {
        List<Candidate> out = new ArrayList<>();
        toValue(p, values, out);
        return out;
    }

    /** Delete runs of statements in every block: halves, quarters … single statements (ddmin's ladder). */
    static void deleteChunks(Program p, List<Candidate> out) {
        Walker.each(p, (path, n) -> {
            if (!(n instanceof Node.Block b) || b.stmts().isEmpty()) return;
            int size = b.stmts().size();
            for (int chunk = Math.max(1, size / 2); ; chunk /= 2) {
                for (int from = 0; from < size; from += chunk) {
                    List<Candidate.Edit> es = new ArrayList<>();
                    for (int i = from; i < Math.min(size, from + chunk); i++)
                        es.add(new Candidate.Edit(path.child(i), true, List.of()));
                    out.add(new Candidate(
                            chunk == 1 ? "delete-statement" : "delete-" + chunk + "-statements",
                            es,
                            Set.of(),
                            Map.of()));
                }
                if (chunk == 1) break;
            }
        });
    }

    /**
     * The first statement, when it only sets {@code comp}, folded into the input: the statement goes and {@code comp}'s
     * input becomes the IEEE value {@code comp} had after it (the reference evaluator's, every operation correctly
     * rounded). The rest of the program then starts from the value the statement made, on every platform alike and
     * with nothing undefined: a held-back NaN-vs-1 case, {@code comp *= comp; comp /= comp;} on 2^1023, becomes
     * {@code comp /= comp;} on an infinite input.
     */
    static void foldIntoInput(Program p, Input in, List<Candidate> out) {
        if (p.body().size() < 2
                || !(p.body().getFirst() instanceof Stmt.Assign a)
                || !(a.target() instanceof Expr.Var v)
                || !v.name().equals(Param.COMP)) return;
        List<Candidate.Edit> rest = new ArrayList<>();
        for (int i = 1; i < p.body().size(); i++) rest.add(new Candidate.Edit(NodePath.ROOT.child(i), true, List.of()));
        Params.WithInput first = new Candidate("prefix", rest, Set.of(), Map.of()).apply(p, in);
        if (first == null) return;
        double after;
        try {
            after = org.fparity.oracle.ReferenceEvaluator.ideal(first.program(), first.input())
                    .comp();
        } catch (RuntimeException e) {
            return; // no reference here (MPFR missing): nothing to fold
        }
        if (!p.precision().representable(after) && Double.isFinite(after)) return;
        out.add(new Candidate(
                "fold-into-input",
                List.of(new Candidate.Edit(NodePath.ROOT.child(0), true, List.of())),
                Set.of(),
                Map.of(0, HexFloat.format(after))));
    }

    /** An {@code if} replaced by one of its arms; a loop by one pass of its body (the loop variable becomes 0). */
    static void unwrap(Program p, List<Candidate> out) {
        Walker.each(p, (path, n) -> {
            switch (n) {
                case Stmt.If i -> {
                    out.add(Candidate.edit("if-to-then", new Candidate.Edit(path, true, List.copyOf(i.then()))));
                    out.add(Candidate.edit("if-to-else", new Candidate.Edit(path, true, List.copyOf(i.otherwise()))));
                }
                case Stmt.For f -> out.add(Candidate.edit("loop-to-body", loopToBody(path, f)));
                default -> {}
            }
        });
    }

    /** The edit that replaces the loop {@code f} at {@code path} by one pass of its body (the loop variable becomes 0). */
    private static Candidate.Edit loopToBody(NodePath path, Stmt.For f) {
        List<Node> body = new ArrayList<>();
        for (Stmt s : f.body()) body.add(fixIndex(s, f.var()));
        return new Candidate.Edit(path, true, body);
    }

    /**
     * The inverse of fewer-bits, for a loop that is there only to take a value far (seen: {@code comp *= log2(comp) * -0
     * + comp} seven times, squaring comp to an overflow under fast math): the loop replaced by one pass of its body
     * <em>and</em>, in the same candidate, one FP input value or literal made extreme — ±2^emax and ±2^((emax+1)/2)
     * (whose square overflows), the smallest normal and the smallest subnormal (whose square underflows), the sign kept
     * (both signs for a zero; an element-wise array's elements all at once). One pass of the body then goes as far as the
     * loop did. A value made extreme alone is no step (the reducer takes only a smaller program, or the same one with
     * fewer significant bits); with the loop gone, the candidate has one statement less, so the reducer's size order
     * (operations, then statements …, then bits) takes it whatever the value's bits, and each value proposed is a power
     * of two, which fewer-bits never shortens: the step is never undone and never repeated. Proposed only at a fixed
     * point of the other passes (see {@link Reducer}): a loop the plain loop-to-body could remove never gets here. After
     * the loops, the same for each statement deleted (a literal inside it is not offered): a later statement that only
     * takes a value far enough (scales it to an overflow) goes when an earlier value is made extreme instead. The
     * reducer takes such a step only while the same side stays off the correctly rounded truth.
     */
    public static List<Candidate> extremeValues(Program p, Input in) {
        List<Candidate> out = new ArrayList<>();
        List<NodePath> loops = new ArrayList<>();
        List<NodePath> lits = new ArrayList<>();
        List<NodePath> stmts = new ArrayList<>();
        Walker.each(p, (path, n) -> {
            if (n instanceof Stmt.For) loops.add(path);
            if (n instanceof Expr.Lit l && Double.isFinite(l.value())) lits.add(path);
            if (n instanceof Node.Block b) for (int i = 0; i < b.stmts().size(); i++) stmts.add(path.child(i));
        });
        double[] mags = extremes(p.precision());
        for (NodePath loop : loops) {
            Candidate.Edit unwrap = loopToBody(loop, (Stmt.For) NodePath.at(p, loop));
            extremeInputs("extreme-input-loop-to-body", unwrap, p, in, mags, out);
            for (NodePath at : lits) {
                for (double x : extremes(mags, ((Expr.Lit) NodePath.at(p, at)).value())) {
                    Expr.Lit lit = new Expr.Lit(x);
                    // a literal inside the loop goes with the body the loop is replaced by (the two edits would
                    // overlap)
                    List<Candidate.Edit> es = loop.isPrefixOf(at)
                            ? List.of(loopToBody(loop, (Stmt.For) NodePath.at(NodePath.replace(p, at, lit), loop)))
                            : List.of(unwrap, new Candidate.Edit(at, false, List.of(lit)));
                    out.add(new Candidate("extreme-literal-loop-to-body", es, Set.of(), Map.of()));
                }
            }
        }
        // a statement deleted with a value made extreme: what the statement did to a value (seen: gcc -O3 -ffast-math
        // turning comp * (comp - (-2^-3 + comp)) into comp * 2^-3, finite on 2^1023 until a later comp = -2^9 * comp
        // overflowed it) an earlier literal or an input made extreme does at once (-2^512 instead of -2^-3: the product
        // overflows there, and the later statement goes); one operation less, as C-Vise found by trying constants
        for (NodePath s : stmts) {
            Candidate.Edit delete = new Candidate.Edit(s, true, List.of());
            extremeInputs("extreme-input-delete-statement", delete, p, in, mags, out);
            for (NodePath at : lits) {
                if (s.isPrefixOf(at)) continue;
                for (double x : extremes(mags, ((Expr.Lit) NodePath.at(p, at)).value())) {
                    out.add(new Candidate(
                            "extreme-literal-delete-statement",
                            List.of(delete, new Candidate.Edit(at, false, List.of(new Expr.Lit(x)))),
                            Set.of(),
                            Map.of()));
                }
            }
        }
        return out;
    }

    /**
     * One candidate per FP input and extreme magnitude (its sign kept; an element-wise array's elements all at once),
     * each with {@code with} (the edit that removes the code the extreme value stands in for).
     */
    private static void extremeInputs(
            String pass, Candidate.Edit with, Program p, Input in, double[] mags, List<Candidate> out) {
        for (int i = 0; i < p.params().size(); i++) {
            Param.Kind kind = p.params().get(i).kind();
            if (kind == Param.Kind.INT) continue;
            if (kind == Param.Kind.FP_ELEMENTS) {
                // every element at once, each keeping its sign: one candidate per magnitude
                double[] each = in.elements(i);
                for (double m : mags) {
                    double[] r = new double[each.length];
                    for (int e = 0; e < each.length; e++)
                        r[e] = Double.isFinite(each[e]) ? Math.copySign(m, each[e]) : each[e];
                    out.add(new Candidate(
                            pass, List.of(with), Set.of(), Map.of(i, Input.elementsToken(p.precision(), r))));
                }
                continue;
            }
            for (double x : extremes(mags, in.fp(i))) {
                out.add(new Candidate(pass, List.of(with), Set.of(), Map.of(i, HexFloat.format(x))));
            }
        }
    }

    /** The extreme magnitudes of a precision: 2^emax, 2^((emax+1)/2), 2^emin and the smallest subnormal. */
    private static double[] extremes(Precision pr) {
        int emax = pr.maxExponent();
        int emin = pr.minExponent();
        return new double[] {
            Math.scalb(1.0, emax),
            Math.scalb(1.0, (emax + 1) / 2),
            Math.scalb(1.0, emin),
            Math.scalb(1.0, emin - pr.significandBits() + 1)
        };
    }

    /** The extreme values to offer for {@code v}: each magnitude with v's sign (with both signs for a zero), v itself left out; none for NaN or Inf. */
    private static List<Double> extremes(double[] mags, double v) {
        List<Double> out = new ArrayList<>();
        if (!Double.isFinite(v)) return out;
        for (double m : mags) {
            for (double x : v == 0 ? new double[] {m, -m} : new double[] {Math.copySign(m, v)}) {
                if (Double.doubleToRawLongBits(x) != Double.doubleToRawLongBits(v)) out.add(x);
            }
        }
        return out;
    }

    /** Loop bounds in the input cut to 0, 1 and half. */
    static void cutLoops(Program p, Input in, List<Candidate> out) {
        for (int i = 0; i < p.params().size(); i++) {
            if (p.params().get(i).kind() != Param.Kind.INT) continue;
            int n = in.integer(i);
            for (int m : new int[] {0, 1, n / 2}) {
                if (m < n) out.add(new Candidate("cut-loop", List.of(), Set.of(), Map.of(i, Integer.toString(m))));
            }
        }
    }

    /** A sub-expression replaced by one of its operands; a connective by one of its sides. */
    static void toOperand(Program p, List<Candidate> out) {
        Walker.each(p, (path, n) -> {
            if (n instanceof Expr.Call c) {
                for (int k = 0; k < c.args().size(); k++) {
                    if (c.fn().args().get(k) == MathFn.Arg.FP)
                        out.add(Candidate.edit(
                                "call-to-argument",
                                new Candidate.Edit(path, false, List.of(c.args().get(k)))));
                }
            } else if (n instanceof Expr.Bin
                    || n instanceof Expr.Neg
                    || n instanceof Expr.Paren
                    || n instanceof Cond.And
                    || n instanceof Cond.Or
                    || n instanceof Cond.Not) {
                for (Node k : Nodes.children(n))
                    out.add(Candidate.edit("to-operand", new Candidate.Edit(path, false, List.of(k))));
            }
        });
    }

    /** {@code x op= e} becomes {@code x = e}: one operation less, and often what leaves a preceding {@code x = …} dead. */
    static void compoundToSet(Program p, List<Candidate> out) {
        Walker.each(p, (path, n) -> {
            if (n instanceof Stmt.Assign a && a.op() != Stmt.AssignOp.SET) {
                out.add(Candidate.edit(
                        "compound-to-set",
                        new Candidate.Edit(
                                path, false, List.of(new Stmt.Assign(a.target(), Stmt.AssignOp.SET, a.value())))));
            }
        });
    }

    /**
     * A temporary's declaration removed and its initialiser written (in parentheses) at every read of it: fewer
     * statements, and the initialiser's operations move next to the operation they feed, where the other passes can
     * fold them. The validator refuses it when the temporary is assigned later.
     */
    static void inlineTemps(Program p, List<Candidate> out) {
        Walker.each(p, (path, n) -> {
            if (!(n instanceof Stmt.Decl d)) return;
            Expr with = d.init() instanceof Expr.Var || d.init() instanceof Expr.Lit || d.init() instanceof Expr.Paren
                    ? d.init()
                    : new Expr.Paren(d.init());
            List<Candidate.Edit> es = new ArrayList<>();
            es.add(new Candidate.Edit(path, true, List.of()));
            Walker.each(p, (q, m) -> {
                if (m instanceof Expr.Var v && v.name().equals(d.name()) && !isAssignTarget(p, q))
                    es.add(new Candidate.Edit(q, false, List.of(with)));
            });
            out.add(new Candidate("inline-temporary", es, Set.of(), Map.of()));
        });
    }

    /**
     * A computed sub-expression or a read replaced by a literal holding the value it had — each value set in turn (A's,
     * B's, then the reference's; see {@link Reducer}), the same value offered once. A value a platform computed is
     * what keeps that platform's result; the reference's is what the other side would have computed exactly.
     */
    static void toValue(Program p, List<Map<NodePath, Double>> values, List<Candidate> out) {
        Walker.each(p, (path, n) -> {
            if (!(n instanceof Expr.Bin
                    || n instanceof Expr.Neg
                    || n instanceof Expr.Call
                    || n instanceof Expr.Paren
                    || n instanceof Expr.Elem
                    || n instanceof Expr.Var)) return;
            if (isAssignTarget(p, path)) return;
            java.util.Set<Long> offered = new java.util.HashSet<>();
            for (Map<NodePath, Double> m : values) {
                Double v = m.get(path);
                if (n instanceof Expr.Paren && v == null) v = m.get(path.child(0));
                if (v != null
                        && Double.isFinite(v)
                        && p.precision().representable(v)
                        && offered.add(Double.doubleToRawLongBits(v))) {
                    out.add(Candidate.edit("to-value", new Candidate.Edit(path, false, List.of(new Expr.Lit(v)))));
                }
            }
        });
    }

    /** An FP parameter replaced by a literal holding its input value. */
    static void dropParams(Program p, List<Candidate> out) {
        Set<String> used = Params.used(p);
        for (Param par : p.params()) {
            if (par.kind() == Param.Kind.FP && !par.name().equals(Param.COMP) && used.contains(par.name())) {
                out.add(new Candidate("parameter-to-literal", List.of(), Set.of(par.name()), Map.of()));
            }
        }
    }

    /** Literals and FP input values rounded to fewer significant bits (1, 4, 12). */
    static void fewerBits(Program p, Input in, List<Candidate> out) {
        Walker.each(p, (path, n) -> {
            if (n instanceof Expr.Lit l) {
                for (int bits : new int[] {1, 4, 12}) {
                    double r = roundBits(l.value(), bits);
                    if (r != l.value() && Double.isFinite(r) && p.precision().representable(r)) {
                        out.add(Candidate.edit(
                                "literal-bits", new Candidate.Edit(path, false, List.of(new Expr.Lit(r)))));
                    }
                }
            }
        });
        for (int i = 0; i < p.params().size(); i++) {
            if (p.params().get(i).kind() == Param.Kind.INT) continue;
            if (p.params().get(i).kind() == Param.Kind.FP_ELEMENTS) {
                // every element shortened at once: one candidate per width, not one per element
                double[] each = in.elements(i);
                for (int bits : new int[] {1, 4, 12}) {
                    double[] r = new double[each.length];
                    boolean changed = false;
                    for (int e = 0; e < each.length; e++) {
                        double x = roundBits(each[e], bits);
                        r[e] = Double.isFinite(x) ? x : each[e];
                        changed |= Double.doubleToRawLongBits(r[e]) != Double.doubleToRawLongBits(each[e]);
                    }
                    if (changed)
                        out.add(new Candidate(
                                "input-bits",
                                List.of(),
                                Set.of(),
                                Map.of(i, org.fparity.ir.Input.elementsToken(p.precision(), r))));
                }
                continue;
            }
            double v = in.fp(i);
            for (int bits : new int[] {1, 4, 12}) {
                double r = roundBits(v, bits);
                if (Double.doubleToRawLongBits(r) != Double.doubleToRawLongBits(v) && Double.isFinite(r)) {
                    out.add(new Candidate(
                            "input-bits",
                            List.of(),
                            Set.of(),
                            Map.of(i, HexFloat.format(p.precision().round(r)))));
                }
            }
        }
    }

    /** Significant bits of a value (0 for zero, Inf, NaN): the measure literal and input simplification lowers. */
    public static int bits(double v) {
        if (v == 0 || !Double.isFinite(v)) return 0;
        long m = Double.doubleToRawLongBits(v) & 0xFFFFFFFFFFFFFL;
        int e = (int) ((Double.doubleToRawLongBits(v) >>> 52) & 0x7FF);
        if (e != 0) m |= 1L << 52;
        return 64 - Long.numberOfLeadingZeros(m) - Long.numberOfTrailingZeros(m);
    }

    /** v rounded to nearest with {@code bits} significant bits (subnormals keep what they have). */
    static double roundBits(double v, int bits) {
        if (v == 0 || !Double.isFinite(v) || bits(v) <= bits) return v;
        int exp = Math.getExponent(v);
        double scale = Math.scalb(1.0, exp - bits + 1);
        return Math.rint(v / scale) * scale;
    }

    private static boolean isAssignTarget(Program p, NodePath path) {
        return path.depth() > 0 && path.last() == 0 && NodePath.at(p, path.parent()) instanceof Stmt.Assign;
    }

    /** Indices by the loop variable {@code var} become index 0 (a loop replaced by one pass of its body). */
    private static Node fixIndex(Node n, String var) {
        if (n instanceof Expr.Elem e
                && e.index() instanceof Index.Loop l
                && l.var().equals(var)) return new Expr.Elem(e.array(), new Index.Const(0));
        List<Node> k = Nodes.children(n);
        if (k.isEmpty()) return n;
        List<Node> nk = new ArrayList<>(k.size());
        for (Node c : k) nk.add(fixIndex(c, var));
        return Nodes.withChildren(n, nk);
    }
}
