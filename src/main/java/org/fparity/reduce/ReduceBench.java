package org.fparity.reduce;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fparity.confirm.Side;
import org.fparity.emit.Emitter;
import org.fparity.emit.Language;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.Toolchain;
import org.fparity.exec.Toolchains;
import org.fparity.ir.MathFn;
import org.fparity.ir.Precision;
import org.fparity.ir.Size;
import org.fparity.util.CpuTime;
import org.fparity.util.Executables;
import org.fparity.util.Processes;

/**
 * {@code fparity bench reduce}: fparity's reducer on N discrepancies of a campaign (classes taken in turn, one per
 * program and input; runs that ended differently are counted, not reduced: the figures are sizes of value
 * discrepancies beside C-Vise's), and on the first M whose platforms are both C, C-Vise ({@code cvise --n 2}) on the same
 * discrepancy's single-program C file with an interestingness script that rebuilds both platforms, reruns, keeps the
 * class and guards against UB with a {@code -fsanitize=undefined,address} build — side by side, one line per case.
 * With the {@link Guard#STRICT strict} guard the script also rejects what those sanitizers cannot see and C-Vise
 * otherwise keeps ({@link StrictGuard}): a {@code printf} format its arguments do not match, a call without a
 * declaration, a read of memory nothing wrote, a zero-initialised global used as a new input value, so that C-Vise's end
 * is a reproducer one can hand on.
 */
public final class ReduceBench {
    /** One case's figures; cvise fields are -1 (its end null) when C-Vise was not run on it. */
    public record Row(
            String id,
            DiscrepancyClass cls,
            String a,
            String b,
            boolean confirmed,
            int original,
            int reduced,
            boolean standalone,
            boolean ubClean,
            double seconds,
            double cpuSeconds,
            int cviseOps,
            double cviseSeconds,
            double cviseCpuSeconds,
            CviseEnd cviseEnd) {
        /** fparity's CPU seconds over C-Vise's (-1 when C-Vise did not run): the speed figure, load-proof. */
        public double cpuRatio() {
            return cviseCpuSeconds <= 0 ? -1 : cpuSeconds / cviseCpuSeconds;
        }

        /** Whether C-Vise was cut short (its time limit or a signal), so its size is where it had got to. */
        public boolean cviseCut() {
            return cviseEnd == CviseEnd.CAPPED || cviseEnd == CviseEnd.STOPPED;
        }
    }

    /** What C-Vise's interestingness script rejects besides a lost discrepancy. */
    public enum Guard {
        /** An ASan/UBSan build that must run clean: the anchor. */
        SANITIZERS,
        /** That, and {@link StrictGuard}: UB-related warnings made errors, and a pattern build against a zero build. */
        STRICT
    }

    private final Toolchains toolchains;
    private final Path work;
    private final PrintWriter out;
    private final Guard guard;

    public ReduceBench(Toolchains toolchains, Path work, PrintWriter out) {
        this(toolchains, work, out, Guard.SANITIZERS);
    }

    public ReduceBench(Toolchains toolchains, Path work, PrintWriter out, Guard guard) {
        this.toolchains = toolchains;
        this.work = work;
        this.out = out;
        this.guard = guard;
    }

    /** The cases: classes in turn (most severe first within a class), one discrepancy per program and input. */
    public static List<CampaignDiscrepancies.Entry> pick(List<CampaignDiscrepancies.Entry> all, int n) {
        return pick(all, n, 0);
    }

    /**
     * As {@link #pick(List, int)}, among discrepancies whose program has at least {@code minOps} operations: a share
     * bound such as 15 % means less than one operation for a program of six or fewer, so small originals say nothing
     * about it.
     */
    public static List<CampaignDiscrepancies.Entry> pick(List<CampaignDiscrepancies.Entry> all, int n, int minOps) {
        return pick(all, n, minOps, e -> true);
    }

    /** As {@link #pick(List, int, int)}, among the discrepancies {@code keep} accepts. */
    public static List<CampaignDiscrepancies.Entry> pick(
            List<CampaignDiscrepancies.Entry> all,
            int n,
            int minOps,
            java.util.function.Predicate<CampaignDiscrepancies.Entry> keep) {
        Map<DiscrepancyClass, List<CampaignDiscrepancies.Entry>> byClass = new LinkedHashMap<>();
        Set<String> runs = new LinkedHashSet<>();
        for (CampaignDiscrepancies.Entry e : all) {
            if (minOps > 0 && Size.of(e.program()).operations() < minOps) continue;
            if (!keep.test(e)) continue;
            if (!runs.add(e.discrepancy().program() + "/" + e.discrepancy().input())) continue;
            byClass.computeIfAbsent(e.discrepancy().cls(), k -> new ArrayList<>())
                    .add(e);
        }
        List<CampaignDiscrepancies.Entry> out = new ArrayList<>();
        for (int round = 0; out.size() < n; round++) {
            boolean any = false;
            for (List<CampaignDiscrepancies.Entry> l : byClass.values()) {
                if (round < l.size() && out.size() < n) {
                    out.add(l.get(round));
                    any = true;
                }
            }
            if (!any) break;
        }
        return out;
    }

    /**
     * The {@code n} smallest programs of at least {@code minOps} operations among the discrepancies {@code keep}
     * accepts, one discrepancy each (the ones C-Vise can finish on a loaded machine): programs by operations, then id;
     * within a program the vendor's own pair (one toolchain at two levels) first, then a class not taken yet, then the
     * list's order (most severe first).
     */
    public static List<CampaignDiscrepancies.Entry> pickSmallest(
            List<CampaignDiscrepancies.Entry> all,
            int n,
            int minOps,
            java.util.function.Predicate<CampaignDiscrepancies.Entry> keep) {
        Map<String, List<CampaignDiscrepancies.Entry>> byProgram = new LinkedHashMap<>();
        Map<String, Integer> ops = new LinkedHashMap<>();
        for (CampaignDiscrepancies.Entry e : all) {
            int k = Size.of(e.program()).operations();
            if (k < minOps || !keep.test(e)) continue;
            byProgram
                    .computeIfAbsent(e.discrepancy().program(), x -> new ArrayList<>())
                    .add(e);
            ops.put(e.discrepancy().program(), k);
        }
        List<String> programs = new ArrayList<>(byProgram.keySet());
        programs.sort(java.util.Comparator.<String>comparingInt(ops::get).thenComparing(x -> x));
        Set<DiscrepancyClass> taken = new java.util.HashSet<>();
        List<CampaignDiscrepancies.Entry> out = new ArrayList<>();
        for (String prog : programs) {
            if (out.size() >= n) break;
            CampaignDiscrepancies.Entry best = null;
            int bestScore = -1;
            for (CampaignDiscrepancies.Entry e : byProgram.get(prog)) {
                boolean own = e.discrepancy()
                        .pair()
                        .a()
                        .toolchain()
                        .equals(e.discrepancy().pair().b().toolchain());
                int score = (own ? 2 : 0) + (taken.contains(e.cls()) ? 0 : 1);
                if (score > bestScore) {
                    best = e;
                    bestScore = score;
                }
            }
            taken.add(best.cls());
            out.add(best);
        }
        return out;
    }

    public List<Row> run(Path campaign, int cases, int cviseCases, int cviseTimeout, int limit)
            throws InterruptedException {
        return run(campaign, cases, 0, cviseCases, cviseTimeout, limit);
    }

    /** Reduces {@code cases} discrepancies of programs with at least {@code minOps} operations (0: any). */
    public List<Row> run(Path campaign, int cases, int minOps, int cviseCases, int cviseTimeout, int limit)
            throws InterruptedException {
        return run(campaign, cases, minOps, false, cviseCases, cviseTimeout, limit);
    }

    /**
     * As {@link #run(Path, int, int, int, int, int)}; with {@code cOnly}, only discrepancies between two C platforms,
     * the ones C-Vise can reduce too.
     */
    public List<Row> run(
            Path campaign, int cases, int minOps, boolean cOnly, int cviseCases, int cviseTimeout, int limit)
            throws InterruptedException {
        return run(campaign, cases, minOps, cOnly, false, cviseCases, cviseTimeout, limit);
    }

    /**
     * As {@link #run(Path, int, int, boolean, int, int, int)}; with {@code smallest}, the cases are the smallest
     * programs of at least {@code minOps} operations ({@link #pickSmallest}) instead of classes in turn.
     */
    public List<Row> run(
            Path campaign,
            int cases,
            int minOps,
            boolean cOnly,
            boolean smallest,
            int cviseCases,
            int cviseTimeout,
            int limit)
            throws InterruptedException {
        CampaignDiscrepancies.Menu menu = CampaignDiscrepancies.menu(campaign);
        java.util.function.Predicate<CampaignDiscrepancies.Entry> keep = e -> {
            if (!cOnly) return true;
            ReduceSession.Request q = e.request(1, false, 1);
            return isC(q.a()) && isC(q.b());
        };
        List<CampaignDiscrepancies.Entry> chosen = smallest
                ? pickSmallest(menu.discrepancies(), cases, minOps, keep)
                : pick(menu.discrepancies(), cases, minOps, keep);
        if (smallest)
            out.println("cases: the " + cases + " smallest programs of at least " + minOps
                    + " operations, one discrepancy each");
        else if (minOps > 0) out.println("cases: programs of at least " + minOps + " operations");
        if (cOnly) out.println("cases: both platforms C (C-Vise's language)");
        // C-Vise's script keeps a class of two printed results, so a crash is no case here; said, not dropped silently
        if (!menu.endedDifferently().isEmpty()) {
            int n = menu.endedDifferently().size();
            out.println("not among the cases: " + n + (n == 1 ? " run" : " runs")
                    + " that ended differently (a crash beside a result; 'fparity reduce " + campaign
                    + " --top K' reduces them)");
        }
        return run(chosen, cviseCases, cviseTimeout, limit);
    }

    /** The given cases, in the given order. */
    public List<Row> run(List<CampaignDiscrepancies.Entry> chosen, int cviseCases, int cviseTimeout, int limit)
            throws InterruptedException {
        boolean cvise = Executables.find("cvise") != null;
        if (!cvise && cviseCases > 0) out.println("cvise not found: fparity side only");
        List<Row> rows = new ArrayList<>();
        int cvised = 0;
        int batchOnly = 0;
        int failed = 0;
        int cviseFailed = 0;
        if (cvise && cviseCases > 0)
            out.println(
                    "C-Vise: cvise --n 2 --timeout 30 (per test), stopped after " + cviseTimeout
                            + " s wall per case; CPU seconds are C-Vise's and every process it reaped, fparity's are this JVM's and its children's");
        if (cvise && cviseCases > 0)
            out.println("C-Vise guard: "
                    + (guard == Guard.STRICT
                            ? "ASan/UBSan run; gcc -O1 " + StrictGuard.WARNINGS
                                    + "; the same output with locals, heap and zero-initialised FP variables filled with a pattern and with zeros"
                            : "ASan/UBSan run"));
        out.println("load average at start: " + loadAverage());
        out.printf(
                "%-13s %-14s %-30s %-10s %5s %7s %6s %4s %7s %7s | %9s %7s %7s %9s%n",
                "id",
                "class",
                "platforms",
                "confirmed",
                "ops",
                "fparity",
                "share",
                "UB",
                "wall-s",
                "cpu-s",
                "cvise-ops",
                "wall-s",
                "cpu-s",
                "cpu-ratio");
        for (CampaignDiscrepancies.Entry e : chosen) {
            ReduceSession.Request req = e.request(1, false, limit);
            ReduceSession session = new ReduceSession(
                            toolchains, work.resolve(e.id()), work.resolve("reproducers"), s -> {})
                    .keepPairs();
            long t0 = System.nanoTime();
            long cpu0 = CpuTime.cpuMillis();
            ReduceSession.Report r;
            try {
                r = session.run(req);
            } catch (ReduceException ex) {
                failed++;
                out.println(e.id() + " " + e.discrepancy().cls().label() + ": " + ex.getMessage());
                out.flush();
                continue;
            }
            double secs = (System.nanoTime() - t0) / 1e9;
            double cpu = (CpuTime.cpuMillis() - cpu0) / 1000.0;
            if (r.kind() != ReduceSession.Kind.REDUCED) {
                boolean batch = r.kind() == ReduceSession.Kind.BATCH_ONLY;
                if (batch) batchOnly++;
                else failed++;
                out.printf(
                        "%-13s %-14s %-30s %-10s %9d %9s  (standalone: %s vs %s; not reduced)%n",
                        r.id(),
                        r.cls().label(),
                        req.a().label() + "," + req.b().label(),
                        batch ? "batch-only" : "no-result",
                        r.original().operations(),
                        "-",
                        Reducer.describe(r.standaloneA()),
                        Reducer.describe(r.standaloneB()));
                out.flush();
                continue;
            }
            int cOps = -1;
            double cSecs = -1;
            double cCpu = -1;
            CviseEnd cEnd = null;
            if (cvise && cvised < cviseCases && isC(req.a()) && isC(req.b())) {
                cvised++;
                long c0 = System.nanoTime();
                // C-Vise and every process it reaped (its interestingness scripts with their compilers and runs)
                long cc0 = CpuTime.childCpuMillis();
                Path dir = work.resolve(e.id()).resolve("cvise");
                CviseEnd end = cvise(dir, req, cviseTimeout);
                if (end == CviseEnd.FAILED) {
                    cviseFailed++;
                    out.println(e.id() + " C-Vise failed (not a reduction; see " + dir.resolve("cvise.log") + ")");
                } else {
                    cEnd = end;
                    cSecs = (System.nanoTime() - c0) / 1e9;
                    cCpu = (CpuTime.childCpuMillis() - cc0) / 1000.0;
                    cOps = countOps(readOrEmpty(dir.resolve("test.c")));
                }
            }
            Row row = new Row(
                    e.id(),
                    r.cls(),
                    req.a().label(),
                    req.b().label(),
                    r.confirmed(),
                    r.original().operations(),
                    r.reduced().operations(),
                    r.reducedStandalone(),
                    r.sanitizer() != null && r.sanitizer().clean(),
                    secs,
                    cpu,
                    cOps,
                    cSecs,
                    cCpu,
                    cEnd);
            rows.add(row);
            out.printf(
                    "%-13s %-14s %-30s %-10s %5d %7d %5.0f%% %4s %7.1f %7.1f | %9s %7s %7s %9s%n",
                    row.id(),
                    row.cls().label(),
                    row.a() + "," + row.b(),
                    row.confirmed() ? "yes" : "batch-only",
                    row.original(),
                    row.reduced(),
                    100.0 * row.reduced() / Math.max(1, row.original()),
                    row.ubClean() ? "ok" : "!",
                    row.seconds(),
                    row.cpuSeconds(),
                    cOps < 0 ? "-" : cOps + (cEnd == CviseEnd.CAPPED ? "*" : cEnd == CviseEnd.STOPPED ? "^" : ""),
                    cSecs < 0 ? "-" : String.format("%.1f", cSecs),
                    cCpu < 0 ? "-" : String.format("%.1f", cCpu),
                    cCpu <= 0 ? "-" : String.format("1/%.0f", cCpu / Math.max(0.001, cpu)));
            out.printf(
                    "%-13s reduction %.1f s in %d rounds (%s); confirm, sanitizer and trace %.1f s; load %s%n",
                    "",
                    r.result().millis() / 1000.0,
                    r.result().rounds(),
                    r.result().phases(),
                    secs - r.result().millis() / 1000.0,
                    loadAverage());
            out.flush();
        }
        summary(rows, chosen.size(), batchOnly, failed);
        if (cviseFailed > 0) out.println("C-Vise failed on " + cviseFailed + " (left out above)");
        out.println("load average at end: " + loadAverage()
                + (rows.stream().anyMatch(Row::cviseCut)
                        ? "   (* = C-Vise stopped at the time limit, ^ = stopped by a signal before its end; its size then)"
                        : ""));
        return rows;
    }

    /** The distribution of reduced shares and how many cases meet each criterion. */
    private void summary(List<Row> rows, int chosen, int batchOnly, int failed) {
        List<Double> shares = new ArrayList<>();
        for (Row r : rows) shares.add((double) r.reduced() / Math.max(1, r.original()));
        java.util.Collections.sort(shares);
        long le15 = shares.stream().filter(x -> x <= 0.15).count();
        long standalone = rows.stream().filter(Row::standalone).count();
        long ub = rows.stream().filter(Row::ubClean).count();
        Set<DiscrepancyClass> classes = new java.util.TreeSet<>();
        for (Row r : rows) classes.add(r.cls());
        out.printf(
                "cases %d: reduced %d (%d classes), batch-only %d, not reducible %d; reduced ones: <= 15 %% of the operations %d, standalone-confirmed %d, "
                        + "ASan/UBSan clean %d%n",
                chosen, rows.size(), classes.size(), batchOnly, failed, le15, standalone, ub);
        List<Row> both = rows.stream().filter(r -> r.cviseCpuSeconds() > 0).toList();
        if (!both.isEmpty()) {
            long fewer = both.stream().filter(r -> r.reduced() <= r.cviseOps()).count();
            long fast = both.stream().filter(r -> r.cpuRatio() <= 1.0 / 20).count();
            double f = both.stream().mapToDouble(Row::cpuSeconds).sum();
            double c = both.stream().mapToDouble(Row::cviseCpuSeconds).sum();
            long capped =
                    both.stream().filter(r -> r.cviseEnd() == CviseEnd.CAPPED).count();
            long stopped =
                    both.stream().filter(r -> r.cviseEnd() == CviseEnd.STOPPED).count();
            out.printf(
                    "beside C-Vise on %d cases: fparity at most C-Vise's operations on %d, at most 1/20 of its CPU time on %d; "
                            + "CPU seconds fparity %.1f, C-Vise %.1f (1/%.0f); C-Vise ran to its end on %d, stopped at its cap on %d, stopped otherwise on %d%n",
                    both.size(),
                    fewer,
                    fast,
                    f,
                    c,
                    c / Math.max(0.001, f),
                    both.size() - capped - stopped,
                    capped,
                    stopped);
        }
        if (!shares.isEmpty()) {
            out.printf(
                    "share of the original's operations: min %.0f %%, median %.0f %%, max %.0f %%; sorted:",
                    100 * shares.getFirst(), 100 * shares.get(shares.size() / 2), 100 * shares.getLast());
            for (double x : shares) out.printf(" %.0f", 100 * x);
            out.println();
        }
    }

    private boolean isC(Side s) {
        Toolchain tc = toolchains.get(s.toolchain());
        return tc != null && tc.lang() == Language.C;
    }

    /** How a C-Vise run ended. */
    enum CviseEnd {
        /** It stopped by itself: no pass makes the file smaller. */
        FINISHED,
        /** It hit the time limit: its file is where it had got to. */
        CAPPED,
        /** Something else stopped it (a signal) before its end: its file is where it had got to. */
        STOPPED,
        /** It exited with an error (its script rejected the original, say): no reduction at all. */
        FAILED
    }

    /**
     * How a C-Vise run ended, from its exit and its log: it exits 0 when its script rejects the original (saying so on
     * its first line) and also when it is interrupted (a signal to it, not our time limit; a signal it does not catch
     * ends it with 128 + the signal's number), so only a log that ends with its summary ("Reduced test-cases:") is a
     * finished run.
     */
    static CviseEnd end(Processes.Result r, String log) {
        if (r.timedOut()) return CviseEnd.CAPPED;
        if (log.startsWith("C-Vise cannot run")) return CviseEnd.FAILED;
        if (r.exitCode() == 0) return log.contains("\nReduced test-cases:") ? CviseEnd.FINISHED : CviseEnd.STOPPED;
        // killed by a signal (128 + its number) after it had started reducing
        return r.exitCode() > 128 && log.contains("INFO ===<") ? CviseEnd.STOPPED : CviseEnd.FAILED;
    }

    /** Runs C-Vise on the original's single-program C file in {@code dir}. */
    CviseEnd cvise(Path dir, ReduceSession.Request req, int timeoutSeconds) throws InterruptedException {
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("test.c"), Emitter.of(Language.C).single(req.program()));
            Path script = dir.resolve("interesting.sh");
            Files.writeString(script, script(req, StrictGuard.writeFiles(dir)));
            script.toFile().setExecutable(true);
            Processes.Result r =
                    Processes.run(cviseArgv(script), Map.of(), dir, dir.resolve("cvise.log"), timeoutSeconds);
            return end(r, readOrEmpty(dir.resolve("cvise.log")));
        } catch (IOException ex) {
            throw new java.io.UncheckedIOException(ex);
        }
    }

    /**
     * C-Vise's command line, run in the script's folder: the script by its absolute path, since C-Vise resolves a
     * relative one against that folder again (a relative {@code --out} made every run fail at once).
     */
    static List<String> cviseArgv(Path script) {
        return List.of(
                "cvise", "--n", "2", "--timeout", "30", script.toAbsolutePath().toString(), "test.c");
    }

    /**
     * The interestingness script C-Vise runs in its own temporary folder on a candidate test.c; {@code guardFiles} is
     * the folder of {@link StrictGuard}'s helper files (used by the strict guard only).
     */
    String script(ReduceSession.Request req, Path guardFiles) {
        Toolchain ta = toolchains.get(req.a().toolchain());
        Toolchain tb = toolchains.get(req.b().toolchain());
        String args = org.fparity.util.ShellWords.join(req.input().args());
        return "#!/bin/sh\n"
                + "# interesting: builds on both platforms, both print a result, the results differ in class "
                + req.cls().id() + ", no UB under ASan/UBSan" + (guard == Guard.STRICT ? " nor the strict guard" : "")
                + "\n"
                + org.fparity.util.ShellWords.join(ta.compileArgv(req.a().opt(), "test.c", "a.out", "test"))
                + " >/dev/null 2>&1 || exit 1\n"
                + org.fparity.util.ShellWords.join(tb.compileArgv(req.b().opt(), "test.c", "b.out", "test"))
                + " >/dev/null 2>&1 || exit 1\n"
                + "ra=$(timeout 10 ./a.out " + args + " 2>/dev/null | tail -n 1 | cut -d' ' -f1) || exit 1\n"
                + "rb=$(timeout 10 ./b.out " + args + " 2>/dev/null | tail -n 1 | cut -d' ' -f1) || exit 1\n"
                + "python3 -c '\nimport math,sys\ndef c(s):\n  v=float.fromhex(s)\n  return \"nan\" if math.isnan(v) else \"inf\" if math.isinf(v) else \"zero\" if v==0 else \"number\"\n"
                + "a,b=float.fromhex(sys.argv[1]),float.fromhex(sys.argv[2])\nk=sorted([c(sys.argv[1]),c(sys.argv[2])])\n"
                + "want=\"" + req.cls().id() + "\"\n"
                + "got=\"inf_sign\" if k==[\"inf\",\"inf\"] and a!=b else \"number_number\" if k==[\"number\",\"number\"] and a!=b else None if k[0]==k[1] else \"_\".join(x for x in [\"nan\",\"inf\",\"zero\",\"number\"] if x in k)\n"
                + "sys.exit(0 if got==want else 1)' \"$ra\" \"$rb\" || exit 1\n"
                + (guard == Guard.STRICT ? StrictGuard.lines(guardFiles, args) : "")
                + "gcc -O0 -fsanitize=undefined,address -fno-sanitize-recover=all -o san test.c -lm >/dev/null 2>&1 || exit 1\n"
                + "timeout 10 ./san " + args + " >/dev/null 2>&1 || exit 1\n"
                + "exit 0\n";
    }

    private static String readOrEmpty(Path f) {
        try {
            return Files.readString(f, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    private static final Pattern TOKEN = Pattern.compile(
            "[A-Za-z_][A-Za-z0-9_]*|0[xX][0-9a-fA-F.]+[pP][+-]?\\d+|\\d+\\.?\\d*(?:[eE][+-]?\\d+)?|[+\\-*/]=|[<>=!]=|&&|\\|\\||\\+\\+|--|[-+*/<>(){}\\[\\];,=!]");

    /**
     * Floating-point operations in a C file as fparity counts them in the IR ({@link org.fparity.ir.Size}): binary
     * {@code + - * /}, unary minus on a non-literal, compound assignments, math calls, comparisons — counted in the
     * bodies of the program's functions: every function but the harness ({@code main} and the other {@code fp_}
     * helpers; {@code fp_run_K} is the program's, and C-Vise often inlines {@code compute_0} into it), or in
     * {@code main} when no other function is left. A token-level count (loop headers skipped; cast and index
     * arithmetic look like FP): a guide, not a verdict. Harness functions C-Vise renamed count as the program's, and
     * computation it moved into a {@code main} beside other functions is missed, so read the file before quoting it.
     */
    public static int countOps(String c) {
        List<String> bodies = new ArrayList<>();
        String mainBody = null;
        Matcher fn = FUNCTION.matcher(c);
        int from = 0;
        while (from < c.length() && fn.find(from)) {
            int open = fn.end() - 1;
            int end = close(c, open);
            if (depthAt(c, fn.start()) == 0) {
                String name = fn.group(1);
                if (name.equals("main")) mainBody = c.substring(open, end);
                else if (!name.startsWith("fp_") || name.startsWith("fp_run_")) bodies.add(c.substring(open, end));
            }
            from = Math.max(end, fn.start() + 1);
        }
        if (bodies.isEmpty()) bodies.add(mainBody != null ? mainBody : c);
        int ops = 0;
        for (String b : bodies) ops += countOpsIn(b);
        return ops;
    }

    /** A function definition's head up to its opening brace: a name, a parameter list without braces or semicolons. */
    private static final Pattern FUNCTION =
            Pattern.compile("\\b([A-Za-z_][A-Za-z0-9_]*)\\s*\\([^(){};]*(?:\\([^(){};]*\\)[^(){};]*)*\\)\\s*\\{");

    /** The index of the brace closing the one at {@code open} (the end of the text if it is not closed). */
    private static int close(String c, int open) {
        int depth = 0;
        for (int i = open; i < c.length(); i++) {
            if (c.charAt(i) == '{') depth++;
            if (c.charAt(i) == '}' && --depth == 0) return i;
        }
        return c.length();
    }

    /** Brace depth at {@code at}. */
    private static int depthAt(String c, int at) {
        int depth = 0;
        for (int i = 0; i < at; i++) {
            if (c.charAt(i) == '{') depth++;
            if (c.charAt(i) == '}') depth--;
        }
        return depth;
    }

    private static final Set<String> TYPES =
            Set.of("double", "float", "int", "long", "char", "void", "const", "size_t", "unsigned");

    private static int countOpsIn(String body) {
        Set<String> fns = new java.util.HashSet<>();
        for (MathFn f : MathFn.values()) {
            fns.add(f.c(Precision.FP64));
            fns.add(f.c(Precision.FP32));
        }
        Matcher m = TOKEN.matcher(body);
        List<String> toks = new ArrayList<>();
        while (m.find()) toks.add(m.group());
        int ops = 0;
        for (int i = 0; i < toks.size(); i++) {
            String t = toks.get(i);
            if (t.equals("for")) {
                // a loop header's int comparison and increment are not FP operations
                int depth = 0;
                for (i++; i < toks.size(); i++) {
                    if (toks.get(i).equals("(")) depth++;
                    if (toks.get(i).equals(")") && --depth == 0) break;
                }
                continue;
            }
            String prev = i > 0 ? toks.get(i - 1) : "";
            boolean operandBefore =
                    prev.matches("[A-Za-z_0-9.]+.*") && !prev.equals("return") || prev.equals(")") || prev.equals("]");
            switch (t) {
                case "+=", "-=", "*=", "/=", "<", ">", "<=", ">=", "==", "!=" -> ops++;
                case "+", "/" -> ops += operandBefore ? 1 : 0;
                case "*" ->
                    ops += operandBefore
                                    && !TYPES.contains(prev)
                                    && !(i + 1 < toks.size() && toks.get(i + 1).equals(")"))
                            ? 1
                            : 0; // not a pointer type
                case "-" -> {
                    String next = i + 1 < toks.size() ? toks.get(i + 1) : "";
                    if (operandBefore || !next.matches("0[xX].*|\\d.*")) ops++;
                }
                default -> {
                    if (fns.contains(t)
                            && i + 1 < toks.size()
                            && toks.get(i + 1).equals("(")) ops++;
                }
            }
        }
        return ops;
    }

    static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).strip();
        } catch (IOException e) {
            return "unknown";
        }
    }
}
