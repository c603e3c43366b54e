package org.fparity.report;

import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.fparity.campaign.Campaign;
import org.fparity.compare.Discrepancy;
import org.fparity.compare.Findings;
import org.fparity.compare.Pair;
import org.fparity.compare.Verdict;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.Outcome;
import org.fparity.exec.Platform;

/**
 * What {@code fparity run} prints when it ends: a line on the runs, the verdict (in cases), then as detail the runs per
 * toolchain and the platform pairs behind the cases.
 */
public final class EndScreen {
    private EndScreen() {}

    /**
     * One line on what this invocation did: runs recorded, compiles, time. The runs per toolchain come after the verdict
     * ({@link #health}).
     *
     * @param ran      runs done by this invocation
     * @param already  runs a previous invocation had done
     * @param compiles compiles this invocation did
     */
    public static void runs(PrintWriter o, Campaign c, int ran, int already, int compiles, long millis) {
        o.println();
        o.printf(
                "campaign %s: %d runs recorded (%d this time, %d already done), %d compiles, %.1f s%n",
                c.dir(), c.outcomes().size(), ran, already, compiles, millis / 1000.0);
    }

    /** Runs per toolchain (all its opt levels) by status, and where the outcomes and build logs are. */
    public static void health(PrintWriter o, Campaign c) {
        Map<String, Map<Outcome.Status, Integer>> table = new TreeMap<>();
        Map<String, Set<String>> opts = new TreeMap<>();
        for (Outcome x : c.outcomes()) {
            table.computeIfAbsent(x.toolchain(), k -> new TreeMap<>()).merge(x.status(), 1, Integer::sum);
            opts.computeIfAbsent(x.toolchain(), k -> new TreeSet<>(Platform.OPT_ORDER))
                    .add(x.opt());
        }
        o.println("runs per toolchain (a run = one program on one input on one platform: toolchain × opt level):");
        int w = Math.max(
                9, table.keySet().stream().mapToInt(String::length).max().orElse(9));
        StringBuilder head = new StringBuilder(String.format("  %-" + w + "s", "toolchain"));
        for (Outcome.Status s : Outcome.Status.values()) head.append(String.format(" %13s", s.name()));
        o.println(head + "  opt levels");
        for (var e : table.entrySet()) {
            StringBuilder row = new StringBuilder(String.format("  %-" + w + "s", e.getKey()));
            for (Outcome.Status s : Outcome.Status.values())
                row.append(String.format(" %13d", e.getValue().getOrDefault(s, 0)));
            o.println(row + "  " + String.join(",", opts.get(e.getKey())));
        }
        o.println("outcomes: " + c.dir().resolve(Campaign.OUTCOMES) + "   sources and build logs: "
                + c.dir().resolve("build"));
    }

    /** What the reruns of disagreeing cases did. */
    public static void reruns(PrintWriter o, int ran, int already, int attempts) {
        if (attempts == 0) o.println("reruns: off (--reruns 0): an unstable platform would show as discrepancies");
        else if (ran + already > 0)
            o.printf(
                    "reruns: %d runs repeated this time, %d recorded before (each disagreeing case %d more times per platform)%n",
                    ran, already, attempts);
    }

    /** The verdict (in cases): headline, facts, odd one out, the first case. */
    public static void findings(PrintWriter o, Report r) {
        o.println();
        o.println("verdict: " + VerdictText.headline(r));
        if (r.verdict().broken() != null)
            o.println("  broken campaign: " + r.verdict().broken());
        if (r.causes() != null) {
            o.println("root causes (most cases first; the cases are in the report):");
            for (String line : CauseText.lines(r.causes(), folder(r))) o.println("  " + line);
        }
        for (String line : VerdictText.lines(r)) o.println("  " + line);
        List<Verdict.Rank> rank = r.verdict().ranking();
        if (!rank.isEmpty()) {
            o.println(
                    "odd one out (cases where a platform's answer differs from the majority's; ideal IEEE = correctly rounded):");
            for (Verdict.Rank k : rank.subList(0, Math.min(5, rank.size()))) {
                o.printf(
                        "  %-24s %6d cases%s%s%n",
                        k.platform(),
                        k.oddOneOut(),
                        k.decided() == 0
                                ? ""
                                : String.format("   differs from ideal IEEE in %d of %d", k.offIdeal(), k.decided()),
                        k.unstable() == 0 ? "" : "   unstable in " + VerdictText.cases(k.unstable()));
            }
            if (rank.size() > 5) o.println("  … " + (rank.size() - 5) + " more platforms in the report");
        }
        List<Verdict.TopCase> top = r.verdict().top();
        if (!top.isEmpty()) {
            Verdict.TopCase t = top.getFirst();
            o.println("first case: " + t.c().program() + " input " + t.c().input() + ", "
                    + t.cls().label() + (t.ulps() == null ? "" : ", " + VerdictText.gap(t)) + "; reproduce: "
                    + VerdictText.reproduce(r, t));
        }
    }

    private static String folder(Report r) {
        return r.campaign().provenance().getOrDefault("folder", r.campaign().name());
    }

    /** The platform pairs behind the cases, per class and opt level: toolchains against each other, each opt level against O0. */
    public static void findings(PrintWriter o, Findings f) {
        List<DiscrepancyClass> classes = List.of(DiscrepancyClass.values());
        Map<String, int[]> byToolchains = new TreeMap<>(Platform.OPT_ORDER);
        Map<String, int[]> byOpt = new TreeMap<>(Platform.OPT_ORDER);
        for (Discrepancy d : f.discrepancies()) {
            boolean tc = d.pair().kind() == Pair.Kind.TOOLCHAINS;
            Map<String, int[]> m = tc ? byToolchains : byOpt;
            m.computeIfAbsent(d.pair().row(), k -> new int[classes.size()])[
                    d.cls().ordinal()]++;
        }
        if (byToolchains.isEmpty() && byOpt.isEmpty()) return;
        long compared = f.pairs().stream().mapToLong(s -> s.compared()).sum();
        o.printf(
                "detail: %d disagreeing platform pairs among %d compared (pair × case), per class:%n",
                f.discrepancies().size(), compared);
        StringBuilder head = new StringBuilder(String.format("  %-22s", "pairs / opt"));
        for (DiscrepancyClass c : classes) head.append(String.format(" %13s", c.label()));
        o.println(head);
        for (var e : List.of(Map.entry("toolchain vs toolchain", byToolchains), Map.entry("opt level vs O0", byOpt))) {
            for (var row : e.getValue().entrySet()) {
                StringBuilder line = new StringBuilder(String.format(
                        "  %-22s", e.getKey().substring(0, e.getKey().indexOf(' ')) + " " + row.getKey()));
                for (int n : row.getValue()) line.append(String.format(" %13d", n));
                o.println(line);
            }
        }
    }
}
