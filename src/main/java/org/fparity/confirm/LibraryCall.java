package org.fparity.confirm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fparity.emit.Language;
import org.fparity.emit.Reproducer;
import org.fparity.exec.BinaryCache;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.Outcome;
import org.fparity.ir.Expr;
import org.fparity.ir.Input;
import org.fparity.ir.MathFn;
import org.fparity.ir.Program;
import org.fparity.ir.Walker;
import org.fparity.util.Processes;

/**
 * Where each C side gets the value of the first diverging math call, read off its own build of the bundle's minimal
 * source: a call of the library's function (the binary imports it: {@code tanh@GLIBC_2.2.5}), another entry point of
 * it (a vector variant {@code _ZGVdN4v_tanh}, a finite-math entry {@code __tanh_finite}), or no call at all — the
 * compiler evaluated it while building (165ad8b267fd: gcc -O0 folds {@code tanh(0x1.cp-1)} and prints the correctly
 * rounded value, where clang-14 -O0 calls glibc's {@code tanh}, 1 ULP off). A side with no call is rebuilt with
 * {@code -fno-builtin-FN} and run, which shows what the library gives it. A library's documented accuracy describes a
 * value only where the side called it. Reduce's verdict and triage's library causes both read it.
 */
public final class LibraryCall {
    private LibraryCall() {}

    /** How a build gets the function's value. */
    public enum How {
        CALLS,
        OTHER_ENTRY,
        NO_CALL
    }

    /** {@code symbol}: the imported symbol with its version ({@code tanh@GLIBC_2.2.5}); null for {@link How#NO_CALL}. */
    public record Seen(How how, String symbol) {}

    /** One side as measured: its build's {@link Seen}, what it printed, and for no call the rebuild without the builtin. */
    public record Measured(String label, Seen seen, Outcome printed, Seen rebuiltSeen, Outcome rebuilt) {}

    private static final Pattern UNDEFINED = Pattern.compile("^\\s*U\\s+(\\S+)\\s*$");

    /**
     * Reads {@code nm -D --undefined-only}'s lines: the function {@code cName} imported under its own name, under
     * another entry point of it ({@code _ZGV…_cName}, {@code __cName_finite}), or not at all; null when the binary
     * imports nothing (linked statically: its imports say nothing of where a value comes from).
     */
    static Seen read(String nmUndefined, String cName) {
        Seen other = null;
        boolean any = false;
        for (String line : nmUndefined.lines().toList()) {
            Matcher m = UNDEFINED.matcher(line);
            if (!m.matches()) continue;
            any = true;
            String sym = m.group(1);
            String name = sym.contains("@") ? sym.substring(0, sym.indexOf('@')) : sym;
            if (name.equals(cName)) return new Seen(How.CALLS, sym);
            if (other == null
                    && (name.matches("_ZGV\\w+_" + Pattern.quote(cName)) || name.equals("__" + cName + "_finite")))
                other = new Seen(How.OTHER_ENTRY, sym);
        }
        return other != null ? other : any ? new Seen(How.NO_CALL, null) : null;
    }

    /**
     * Measures both sides, each built from the minimal source with its own flags: null where this says nothing — a
     * side not in C or not runnable here, the function called more than once in the program, {@code nm} missing, or a
     * build that does not print the side's recorded result.
     */
    public static List<Measured> measure(
            Program p,
            Input in,
            String fn,
            DetectedToolchain[] dts,
            String[] opts,
            String[] labels,
            Outcome[] recorded,
            Standalone single)
            throws InterruptedException {
        MathFn f = fn(fn);
        if (f == null || calls(p, f) != 1) return null;
        String cName = f.c(p.precision());
        String src = Reproducer.minimal(Language.C, p, in, List.of("fparity reduce: where each side gets " + cName));
        List<Measured> out = new ArrayList<>();
        for (int side = 0; side < 2; side++) {
            DetectedToolchain dt = dts[side];
            if (dt.toolchain().lang() != Language.C || !dt.canCompile() || !dt.canRun()) return null;
            BinaryCache.Build b = single.build(dt, opts[side], src);
            if (!b.ok()) return null;
            Seen seen = imports(b.bin(), cName);
            Outcome printed = single.run(dt, opts[side], p, src, List.of());
            if (seen == null || !sameResult(printed, recorded[side])) return null;
            Seen rebuiltSeen = null;
            Outcome rebuilt = null;
            if (seen.how() == How.NO_CALL) {
                List<String> flags = new ArrayList<>(dt.toolchain().opt().getOrDefault(opts[side], List.of()));
                flags.add("-fno-builtin-" + cName);
                DetectedToolchain without = dt.withToolchain(dt.toolchain().withLevel("nobuiltin", flags));
                BinaryCache.Build nb = single.build(without, "nobuiltin", src);
                if (nb.ok()) {
                    rebuiltSeen = imports(nb.bin(), cName);
                    rebuilt = single.run(without, "nobuiltin", p, src, List.of());
                }
            }
            out.add(new Measured(labels[side], seen, printed, rebuiltSeen, rebuilt));
        }
        return out;
    }

    /**
     * What was measured, in sentences, one side after the other: where each side gets {@code call}'s value (a call of
     * {@code fn}, its text {@code call}), what it prints, and for a side whose compiler evaluated it, what its rebuild
     * without the builtin calls and prints — and when that is what the other side, which calls the library, prints,
     * that the two differ because one compiler evaluates the call while building.
     */
    public static String said(List<Measured> sides, String fn, String call, String library) {
        StringBuilder said = new StringBuilder();
        for (Measured m : sides) {
            said.append(said.isEmpty() ? "" : " ").append(m.label());
            switch (m.seen().how()) {
                case CALLS ->
                    said.append(" calls `")
                            .append(m.seen().symbol())
                            .append("` at run time (")
                            .append(library)
                            .append(") and prints `")
                            .append(m.printed().hex())
                            .append("`.");
                case OTHER_ENTRY ->
                    said.append(" calls `")
                            .append(m.seen().symbol())
                            .append("`, another entry point than `")
                            .append(fn)
                            .append("`, and prints `")
                            .append(m.printed().hex())
                            .append("`.");
                case NO_CALL -> {
                    said.append("'s build calls no `")
                            .append(fn)
                            .append("`: its compiler evaluated `")
                            .append(call)
                            .append("` while building, and it prints `")
                            .append(m.printed().hex())
                            .append("`.");
                    if (m.rebuilt() != null && m.rebuilt().status() == Outcome.Status.OK) {
                        said.append(" Rebuilt with `-fno-builtin-")
                                .append(fn)
                                .append("`, it ")
                                .append(
                                        m.rebuiltSeen() != null
                                                        && m.rebuiltSeen().how() == How.CALLS
                                                ? "calls `" + m.rebuiltSeen().symbol() + "` and "
                                                : "")
                                .append("prints `")
                                .append(m.rebuilt().hex())
                                .append('`');
                        Measured them = null;
                        for (Measured o : sides) if (o != m) them = o;
                        if (them != null && them.seen().how() == How.CALLS && sameResult(m.rebuilt(), them.printed()))
                            said.append(", as ")
                                    .append(them.label())
                                    .append(" does: the two sides differ because one compiler evaluates the call")
                                    .append(" while building, not because their libraries differ");
                        said.append('.');
                    }
                }
            }
        }
        return said.toString();
    }

    /** {@code nm -D --undefined-only} of a binary, read; null where nm cannot say. */
    private static Seen imports(Path bin, String cName) throws InterruptedException {
        try {
            Path out = Files.createTempFile(bin.getParent(), ".nm", ".txt");
            try {
                Processes.Result r = Processes.run(
                        List.of("nm", "-D", "--undefined-only", bin.toString()), Map.of(), bin.getParent(), out, 60);
                if (!r.ok()) return null;
                return read(Files.readString(out, StandardCharsets.UTF_8), cName);
            } finally {
                Files.deleteIfExists(out);
            }
        } catch (IOException e) {
            return null;
        }
    }

    private static boolean sameResult(Outcome x, Outcome y) {
        return x != null
                && y != null
                && x.status() == Outcome.Status.OK
                && y.status() == Outcome.Status.OK
                && DiscrepancyClass.classify(x.value(), y.value()) == null;
    }

    private static MathFn fn(String canonical) {
        for (MathFn f : MathFn.values()) if (f.canonicalName().equals(canonical)) return f;
        return null;
    }

    private static int calls(Program p, MathFn f) {
        int[] n = {0};
        Walker.each(p, (path, node) -> {
            if (node instanceof Expr.Call c && c.fn() == f) n[0]++;
        });
        return n[0];
    }
}
