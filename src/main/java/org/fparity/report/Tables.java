package org.fparity.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fparity.compare.AdjacencyMatrix;
import org.fparity.compare.BaselineDiff;
import org.fparity.compare.Discrepancy;
import org.fparity.compare.Findings;
import org.fparity.compare.PairSummary;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.Outcome.Status;
import org.fparity.exec.OutcomeClass;
import org.fparity.exec.Platform;

/** The report's tables, built once and rendered as text, Markdown or HTML: the paper's Tables V/IX and VI/X. */
final class Tables {
    private Tables() {}

    /**
     * Table IV's shape: per precision, how many programs and runs, how many pair-runs were compared, how many differed.
     * The share is of compared pair-runs (the paper's is of runs; with many pairs that would exceed 100 %).
     */
    static Table summary(org.fparity.compare.CampaignView campaign, Findings f) {
        return summary(campaign, f, null);
    }

    /**
     * As {@link #summary(org.fparity.compare.CampaignView, Findings)}; {@code programs}: the programs with a case per
     * precision, counted already ({@link CasePass}), or null. With one precision, its runs are all the campaign's
     * outcomes, and the outcomes are not read again.
     */
    static Table summary(
            org.fparity.compare.CampaignView campaign, Findings f, Map<org.fparity.ir.Precision, Integer> programsBy) {
        List<org.fparity.ir.Precision> ps = List.of(org.fparity.ir.Precision.FP64, org.fparity.ir.Precision.FP32);
        Table t = new Table(List.of("Metric", "FP64", "FP32", "Total"));
        long[] programs = new long[3], runs = new long[3], compared = new long[3], disc = new long[3];
        if (programsBy != null && programsBy.size() == 1) {
            var only = programsBy.entrySet().iterator().next();
            int i = ps.indexOf(only.getKey());
            programs[i] = only.getValue();
            runs[i] = campaign.outcomes().size();
        } else {
            java.util.Set<String> seen = new java.util.HashSet<>();
            for (org.fparity.exec.Outcome o : campaign.outcomes()) {
                int i = ps.indexOf(campaign.precision(o.program()));
                runs[i]++;
                if (seen.add(o.program())) programs[i]++;
            }
        }
        for (PairSummary s : f.pairs()) {
            int i = ps.indexOf(s.precision());
            compared[i] += s.compared();
            disc[i] += s.discrepancies();
        }
        for (long[] a : List.of(programs, runs, compared, disc)) a[2] = a[0] + a[1];
        t.row(List.of("Programs", Long.toString(programs[0]), Long.toString(programs[1]), Long.toString(programs[2])));
        t.row(List.of("Runs", Long.toString(runs[0]), Long.toString(runs[1]), Long.toString(runs[2])));
        t.row(List.of(
                "Compared (pair × run)",
                Long.toString(compared[0]),
                Long.toString(compared[1]),
                Long.toString(compared[2])));
        t.row(List.of("Discrepancies", Long.toString(disc[0]), Long.toString(disc[1]), Long.toString(disc[2])));
        List<String> pct = new ArrayList<>(List.of("Discrepancies (% of compared)"));
        for (int i = 0; i < 3; i++)
            pct.add(
                    compared[i] == 0
                            ? ""
                            : String.format(java.util.Locale.ROOT, "%.2f%%", 100.0 * disc[i] / compared[i]));
        t.row(pct);
        return t;
    }

    /** Table V's shape: one row per opt level, discrepancies per class, then a Total row. */
    static Table perClass(List<PairSummary> rows) {
        List<String> head = new ArrayList<>(List.of("Opt", "Compared", "Disc."));
        for (DiscrepancyClass c : DiscrepancyClass.values()) head.add(c.label());
        head.add("Status diff");
        head.add("Not compared");
        Table t = new Table(head);
        for (PairSummary s : rows) t.row(classRow(s.pair().row(), s));
        if (rows.size() > 1) t.row(classRow("Total", Findings.total(rows)));
        return t;
    }

    private static List<String> classRow(String label, PairSummary s) {
        List<String> r = new ArrayList<>(List.of(label, n(s.compared()), n(s.discrepancies())));
        for (DiscrepancyClass c : DiscrepancyClass.values()) r.add(n(s.count(c)));
        r.add(n(s.statusMismatches()));
        r.add(n(s.notCompared()));
        return r;
    }

    /**
     * The paper's Table VI / X exactly: per opt level, the upper triangle of the matrix, each cell "x, y" with x runs
     * where side a was the row class and b the column class, y the other way round; the diagonal is one count. Opt
     * levels without discrepancies are left out (their matrix is all zeros; the class table shows them).
     */
    static Table paperMatrices(List<PairSummary> rows) {
        PairSummary first = rows.getFirst();
        String corner = first.pair().kind() == org.fparity.compare.Pair.Kind.TOOLCHAINS
                ? first.pair().a().lane() + "\\" + first.pair().b().lane()
                : first.pair().a().opt() + "\\opt";
        List<String> head = new ArrayList<>(List.of("Opt", corner));
        for (OutcomeClass c : OutcomeClass.values()) head.add(c.label());
        Table t = new Table(head, 2);
        for (PairSummary s : rows) {
            if (s.discrepancies() == 0) continue;
            AdjacencyMatrix m = s.matrix();
            for (OutcomeClass a : OutcomeClass.values()) {
                List<String> r =
                        new ArrayList<>(List.of(a == OutcomeClass.NAN ? s.pair().row() : "", a.label()));
                for (OutcomeClass b : OutcomeClass.values()) {
                    if (b.ordinal() < a.ordinal()) r.add("");
                    else if (b == a) r.add(n(m.get(a, a)));
                    else r.add(m.get(a, b) + ", " + m.get(b, a));
                }
                t.row(r);
            }
        }
        return t;
    }

    /** How every platform's runs ended. */
    static Table runs(Map<Platform, Map<Status, Integer>> runs) {
        List<String> head = new ArrayList<>(List.of("Platform", "Runs"));
        for (Status s : Status.values()) head.add(s.name());
        Table t = new Table(head);
        runs.forEach((p, m) -> {
            List<String> r = new ArrayList<>(List.of(
                    p.toString(),
                    n(m.values().stream().mapToInt(Integer::intValue).sum())));
            for (Status s : Status.values()) r.add(n(m.getOrDefault(s, 0)));
            t.row(r);
        });
        return t;
    }

    static Table discrepancies(List<Discrepancy> ds) {
        Table t = new Table(List.of("Program", "Input", "Pair", "Class", "A", "B", "ULPs", "Rel. error"));
        for (Discrepancy d : ds) {
            t.row(List.of(
                    d.program(),
                    Integer.toString(d.input()),
                    d.pair().toString(),
                    d.cls().label(),
                    d.hexA(),
                    d.hexB(),
                    ulps(d),
                    rel(d)));
        }
        return t;
    }

    static Table top(List<Report.Top> ts) {
        Table t = new Table(List.of("Program", "Input", "Pair", "Class", "A", "B", "ULPs", "Rel. error", "Pairs"));
        for (Report.Top top : ts) {
            Discrepancy d = top.discrepancy();
            t.row(List.of(
                    d.program(),
                    Integer.toString(d.input()),
                    d.pair().toString(),
                    d.cls().label(),
                    d.hexA(),
                    d.hexB(),
                    ulps(d),
                    rel(d),
                    n(top.pairs())));
        }
        return t;
    }

    static Table baseline(BaselineDiff b) {
        Table t = new Table(List.of("Against " + b.baselineName(), "Count"));
        t.row(List.of("new", n(b.added().size())));
        t.row(List.of("disappeared", n(b.disappeared().size())));
        t.row(List.of("persisting", n(b.persisting().size())));
        t.row(List.of("not checked tonight", n(b.unchecked().size())));
        return t;
    }

    static String ulps(Discrepancy d) {
        if (!d.hasUlps()) return "";
        String far = VerdictText.far(org.fparity.ir.HexFloat.parse(d.hexA()), org.fparity.ir.HexFloat.parse(d.hexB()));
        return far != null ? far : d.ulps().toString();
    }

    static String rel(Discrepancy d) {
        return Double.isNaN(d.relError()) ? "" : String.format(java.util.Locale.ROOT, "%.3g", d.relError());
    }

    static String n(int v) {
        return Integer.toString(v);
    }
}
