package org.fparity.report;

import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.fparity.campaign.Campaign;
import org.fparity.compare.Discrepancy;
import org.fparity.compare.DiscrepancyClass;
import org.fparity.compare.Findings;
import org.fparity.compare.Pair;
import org.fparity.compare.Platform;
import org.fparity.exec.Outcome;

/** What {@code fparity run} prints when it ends: how the runs went per toolchain, then what comparing them found. */
public final class EndScreen {
    private EndScreen() {}

    /**
     * Runs per toolchain (all its opt levels) by status, and where things are.
     *
     * @param ran      runs done by this invocation
     * @param already  runs a previous invocation had done
     * @param compiles compiles this invocation did
     */
    public static void runs(PrintWriter o, Campaign c, int ran, int already, int compiles, long millis) {
        Map<String, Map<Outcome.Status, Integer>> table = new TreeMap<>();
        Map<String, Set<String>> opts = new TreeMap<>();
        for (Outcome x : c.outcomes()) {
            table.computeIfAbsent(x.toolchain(), k -> new TreeMap<>()).merge(x.status(), 1, Integer::sum);
            opts.computeIfAbsent(x.toolchain(), k -> new TreeSet<>(Platform.OPT_ORDER)).add(x.opt());
        }
        o.println();
        o.printf("campaign %s: %d runs recorded (%d this time, %d already done), %d compiles, %.1f s%n", c.dir(), c.outcomes().size(),
                ran, already, compiles, millis / 1000.0);
        int w = Math.max(9, table.keySet().stream().mapToInt(String::length).max().orElse(9));
        StringBuilder head = new StringBuilder(String.format("  %-" + w + "s", "toolchain"));
        for (Outcome.Status s : Outcome.Status.values()) head.append(String.format(" %13s", s.name()));
        o.println(head + "  opt levels   (runs = program × input × opt level)");
        for (var e : table.entrySet()) {
            StringBuilder row = new StringBuilder(String.format("  %-" + w + "s", e.getKey()));
            for (Outcome.Status s : Outcome.Status.values()) row.append(String.format(" %13d", e.getValue().getOrDefault(s, 0)));
            o.println(row + "  " + String.join(",", opts.get(e.getKey())));
        }
        o.println("outcomes: " + c.dir().resolve(Campaign.OUTCOMES) + "   sources and build logs: " + c.dir().resolve("build"));
    }

    /**
     * What comparing found, in cases (a case is a program and input whose results differ between platforms), then the
     * platform pairs behind them per class and opt level: toolchains against each other, each opt level against O0.
     */
    public static void findings(PrintWriter o, Findings f) {
        List<DiscrepancyClass> classes = List.of(DiscrepancyClass.values());
        Map<String, int[]> byToolchains = new TreeMap<>(Platform.OPT_ORDER);
        Map<String, int[]> byOpt = new TreeMap<>(Platform.OPT_ORDER);
        Set<String> cases = new TreeSet<>();
        Set<String> statusCases = new TreeSet<>();
        for (Discrepancy d : f.discrepancies()) {
            cases.add(d.program() + "/" + d.input());
            boolean tc = d.pair().kind() == Pair.Kind.TOOLCHAINS;
            Map<String, int[]> m = tc ? byToolchains : byOpt;
            m.computeIfAbsent(d.pair().row(), k -> new int[classes.size()])[d.cls().ordinal()]++;
        }
        for (var m : f.mismatches()) statusCases.add(m.program() + "/" + m.input());
        long allCases = f.cases();
        o.println();
        o.printf("cases that disagree: %d of %d cases (program × input)%s%n", cases.size(), allCases,
                statusCases.isEmpty() ? "" : "; " + statusCases.size() + " cases ended differently on some platform (e.g. one crashed)");
        o.printf("  detail: %d disagreeing platform pairs among %d compared pair × case%n", f.discrepancies().size(),
                f.pairs().stream().mapToLong(s -> s.compared()).sum());
        StringBuilder head = new StringBuilder(String.format("  %-22s", "pairs / opt"));
        for (DiscrepancyClass c : classes) head.append(String.format(" %13s", c.label()));
        o.println(head);
        for (var e : List.of(Map.entry("toolchain vs toolchain", byToolchains), Map.entry("opt level vs O0", byOpt))) {
            for (var row : e.getValue().entrySet()) {
                StringBuilder line = new StringBuilder(String.format("  %-22s", e.getKey().substring(0, e.getKey().indexOf(' ')) + " " + row.getKey()));
                for (int n : row.getValue()) line.append(String.format(" %13d", n));
                o.println(line);
            }
        }
    }
}
