package org.fparity.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.fparity.compare.Verdict;
import org.fparity.exec.Outcome.Status;
import org.fparity.exec.Platform;
import org.fparity.ir.Decimal;
import org.fparity.ir.Precision;

/**
 * The verdict in words, the same in report.html, summary.md, the end screen and {@code fparity compare}: every count
 * names its unit, and the unit is the case (a program on one input); platform pairs are detail.
 */
final class VerdictText {
    private VerdictText() {}

    /** Nothing to look at: the exit rule says 0 and something was compared. */
    static boolean clean(Report r) {
        return exitCode(r) == org.fparity.ExitCode.OK
                && nothingCompared(r) == null
                && r.verdict().count().unstable() == 0;
    }

    /**
     * The one exit-code rule of every command that compares a campaign ({@code run}, {@code compare}, {@code report},
     * {@code nightly}), decided as the headline counts: 1 when {@link Report#found} (a broken campaign, cases that
     * disagree — with a baseline new ones only — runs that ended differently, unstable platforms without a baseline,
     * none of them accepted by a policy); 3 when nothing could be compared because a toolchain cannot run here (no
     * device); otherwise 0.
     */
    static org.fparity.ExitCode exitCode(Report r) {
        Verdict v = r.verdict();
        if (r.found()) return org.fparity.ExitCode.FINDINGS;
        if (nothingCompared(r) != null && v.health().stream().anyMatch(Verdict.ToolchainHealth::compileOnly))
            return org.fparity.ExitCode.MISSING_TOOL;
        return org.fparity.ExitCode.OK;
    }

    /** Why no case could be compared (no case has results from two platforms), or null when some case was. */
    static String nothingCompared(Report r) {
        Verdict v = r.verdict();
        java.util.Set<Platform> gave = new java.util.TreeSet<>();
        for (org.fparity.compare.Cases.Case c : v.cases()) {
            if (c.results().size() + c.unstable().size() >= 2) return null;
            gave.addAll(c.results().keySet());
            gave.addAll(c.unstable().keySet());
        }
        List<String> compileOnly = v.health().stream()
                .filter(Verdict.ToolchainHealth::compileOnly)
                .map(Verdict.ToolchainHealth::toolchain)
                .toList();
        StringBuilder sb = new StringBuilder("nothing compared: ");
        if (gave.isEmpty()) sb.append("no case has a result");
        else
            sb.append("no case has results from two platforms (only ")
                    .append(platforms(List.copyOf(gave)))
                    .append(" gave results)");
        if (!compileOnly.isEmpty()) {
            sb.append("; ")
                    .append(String.join(", ", compileOnly))
                    .append(compileOnly.size() == 1 ? " compiles" : " compile")
                    .append(" here but cannot run (no device): run it where it can, or add a toolchain that runs here");
        }
        return sb.toString();
    }

    /** One line: what a person must know first. */
    static String headline(Report r) {
        Verdict v = r.verdict();
        Verdict.CaseDiff a = v.against();
        StringBuilder sb = new StringBuilder();
        if (v.broken() != null) sb.append("BROKEN CAMPAIGN: ");
        if (r.causes() != null) sb.append(CauseText.headline(r.causes())).append("; ");
        if (a != null) {
            sb.append(cases(a.added().size()))
                    .append(" new against ")
                    .append(a.baseline())
                    .append(" (")
                    .append(a.persisting().size())
                    .append(" persisting, ")
                    .append(a.gone().size())
                    .append(" gone); ");
        }
        int n = v.count().cases(), d = v.count().discrepant();
        String nothing = d == 0 ? nothingCompared(r) : null;
        if (nothing != null) sb.append(nothing);
        else if (d == 0) sb.append("all " + cases(n) + " agree across platforms");
        else
            sb.append(d)
                    .append(" of ")
                    .append(cases(n))
                    .append(d == 1 ? " disagrees" : " disagree")
                    .append(" across platforms");
        if (!r.acceptance().cases().isEmpty())
            sb.append(" (").append(r.acceptance().cases().size()).append(" accepted by the policy)");
        if (v.count().unstable() > 0)
            sb.append("; ")
                    .append(cases(v.count().unstable()))
                    .append(" with an unstable platform (not counted as discrepancies)");
        return sb.toString();
    }

    /** What {@link #lines} counts over every case: in how many cases a run ended differently. */
    record CaseCounts(long statusCases) {}

    /** The verdict's facts, one line each. */
    static List<String> lines(Report r) {
        return lines(r, null);
    }

    /** As {@link #lines(Report)}, with what it counts over the cases counted already ({@link CasePass}), or null. */
    static List<String> lines(Report r, CaseCounts counted) {
        Verdict v = r.verdict();
        List<String> out = new ArrayList<>();
        String accepted = r.acceptance().summary();
        if (accepted != null) out.add(accepted);
        int platforms = r.findings().runs().size();
        out.add("a case is one program on one input: " + cases(v.count().cases()) + " ran on " + platforms
                + (platforms == 1 ? " platform" : " platforms") + " (toolchain × opt level), "
                + r.findings().totalRuns() + " runs in all");
        // cases only: the platform pairs behind them are detail, counted where the detail is
        out.add("disagreeing cases: " + v.count().discrepant()
                + pct(v.count().discrepant(), v.count().cases()));
        long statusCases = counted != null
                ? counted.statusCases()
                : r.findings().mismatches().stream()
                        .map(m -> m.program() + "/" + m.input())
                        .distinct()
                        .count();
        if (statusCases > 0)
            out.add("cases where a run ended differently (crash, timeout, compile error on some platform): "
                    + statusCases);
        for (org.fparity.compare.StatusMismatch m : r.findings().mismatches()) {
            String id = org.fparity.reduce.CampaignDiscrepancies.mismatchId(m);
            if (id == null) continue;
            String folder = shell(r.campaign()
                    .provenance()
                    .getOrDefault("folder", r.campaign().name()));
            out.add("first crash beside a result: " + m.program() + " input " + m.input() + ", " + m.describe()
                    + "; reduce: bin/fparity reduce " + folder + " --discrepancy " + id);
            break;
        }
        int attempts = r.campaign().reruns().size();
        if (v.count().unstable() > 0) {
            StringBuilder sb = new StringBuilder("unstable: " + cases(v.count().unstable())
                    + " gave different results on reruns of the same binary (");
            Map<Platform, Integer> by = v.unstableBy();
            List<String> parts = new ArrayList<>();
            by.forEach((p, k) -> parts.add(p + " in " + cases(k)));
            sb.append(String.join(", ", parts))
                    .append("), each disagreeing case rerun ")
                    .append(attempts)
                    .append(attempts == 1 ? " time" : " times");
            out.add(sb.toString());
        } else if (attempts > 0 && v.count().discrepant() > 0) {
            out.add("stable: every disagreeing case was rerun " + attempts + (attempts == 1 ? " time" : " times")
                    + " on each platform and gave the same results");
        }
        if (v.against() != null) {
            Verdict.CaseDiff a = v.against();
            out.add("against " + a.baseline() + ": " + a.added().size() + " new, "
                    + a.persisting().size() + " persisting, " + a.gone().size() + " gone, "
                    + a.unchecked().size() + " not checked (no result on both sides tonight) — in cases");
        }
        long values = v.health().stream().filter(h -> h.ok() > 0).count();
        long compileOnly =
                v.health().stream().filter(Verdict.ToolchainHealth::compileOnly).count();
        long dead =
                v.health().stream().filter(h -> !h.compileOnly() && h.ok() == 0).count();
        long partial =
                v.health().stream().filter(h -> h.ok() > 0 && h.failed() > 0).count();
        out.add("toolchains: " + values + " produced values"
                + (partial > 0 ? " (" + partial + " with some failed runs)" : "") + ", " + dead + " produced none"
                + (compileOnly > 0 ? ", " + compileOnly + " compile only here (no device)" : ""));
        return out;
    }

    /** {@code 12 compile errors, 3 crashes} for a toolchain's failed runs, or empty. */
    static String failures(Verdict.ToolchainHealth h) {
        List<String> parts = new ArrayList<>();
        for (Status s : Status.values()) {
            if (s == Status.OK || s == Status.CANNOT_RUN) continue;
            int n = h.byStatus().getOrDefault(s, 0);
            if (n > 0) parts.add(n + " " + s.name().toLowerCase(Locale.ROOT).replace('_', ' '));
        }
        return String.join(", ", parts);
    }

    /** {@code 1 ULP}, {@code 12 ULPs}. */
    static String ulps(java.math.BigInteger u) {
        return u + (u.equals(java.math.BigInteger.ONE) ? " ULP" : " ULPs");
    }

    static String cases(int n) {
        return n + (n == 1 ? " case" : " cases");
    }

    private static String pct(int part, int whole) {
        return whole == 0 ? "" : String.format(Locale.ROOT, " of %d (%.1f %%)", whole, 100.0 * part / whole);
    }

    /** As the harness prints for people: {@code %.17g} (FP64) or {@code %.9g} (FP32). */
    static String decimal(double v, Precision p) {
        return Decimal.of(v, p);
    }

    /**
     * The gap from {@code base} to {@code x} as a person reads it: {@code 0} when they agree, the class when either is
     * NaN, Inf or zero (never ULPs: an Inf is no number of ULPs away), signed ULPs when both are numbers of one sign
     * less than a factor of 2 apart, and otherwise {@code opposite signs} or the factor ({@code ×1.5e+297}): a ULP count
     * across binades (+13951854850489392526) says nothing a person can use.
     */
    static String ulpsFrom(double base, double x, Precision p) {
        org.fparity.exec.DiscrepancyClass c = org.fparity.exec.DiscrepancyClass.classify(base, x);
        if (c == null) return "0";
        if (c != org.fparity.exec.DiscrepancyClass.NUMBER_NUMBER) return c.label();
        String far = far(base, x);
        if (far != null) return far;
        Precision q = p.round(base) == base && p.round(x) == x ? p : Precision.FP64;
        java.math.BigInteger u = org.fparity.ir.Ulps.between(base, x, q);
        return (u.signum() > 0 ? "+" : "") + u;
    }

    /**
     * For two numbers too far apart for ULPs to mean anything: {@code opposite signs}, or the factor from {@code base}
     * to {@code x} when it is 2 or more either way; null when they are of one sign within a factor of 2.
     */
    static String far(double base, double x) {
        if (Math.signum(base) != Math.signum(x)) return "opposite signs";
        double f = x / base;
        if (f >= 2 || f <= 0.5 || !Double.isFinite(f))
            return "×" + (Double.isFinite(f) ? String.format(Locale.ROOT, "%.2g", f) : "> 1.8e+308");
        return null;
    }

    /**
     * The gap named in a top case's title ({@code 12 ULPs}, or {@code opposite signs} / {@code ×1.5e+297} when the
     * farthest answer is too far for ULPs); null when the case's worst gap is a class (NaN, Inf, zero).
     */
    static String gap(Verdict.TopCase t) {
        if (t.ulps() == null) return null;
        org.fparity.compare.Cases.Case c = t.c();
        org.fparity.compare.Cases.Answer base =
                c.majority() != null ? c.majority() : c.answers().getFirst();
        String farthest = null;
        for (org.fparity.compare.Cases.Answer a : c.answers()) {
            if (a == base
                    || org.fparity.exec.DiscrepancyClass.classify(base.value(), a.value())
                            != org.fparity.exec.DiscrepancyClass.NUMBER_NUMBER) continue;
            String f = far(base.value(), a.value());
            if (f != null && (farthest == null || f.equals("opposite signs"))) farthest = f;
        }
        return farthest != null ? farthest : ulps(t.ulps());
    }

    /** Platforms grouped by toolchain: {@code gcc O0 O1 O2; clang-19 O3_FM}. */
    static String platforms(List<Platform> ps) {
        Map<String, List<String>> byLane = new LinkedHashMap<>();
        for (Platform p : ps)
            byLane.computeIfAbsent(p.lane(), k -> new ArrayList<>()).add(p.toString());
        List<String> s = new ArrayList<>();
        byLane.forEach((lane, labels) -> s.add(String.join(" ", labels)));
        return String.join("; ", s);
    }

    /**
     * An answer's name in a case's table: "majority", else "answer A", "answer B", … in order, the majority skipped.
     */
    static String answerLabel(org.fparity.compare.Cases.Case c, org.fparity.compare.Cases.Answer a, int k) {
        if (a == c.majority()) return "majority";
        boolean majorityBefore = c.majority() != null && c.answers().indexOf(c.majority()) < k;
        return "answer " + (char) ('A' + k - (majorityBefore ? 1 : 0));
    }

    /** The platforms of one answer of a case: a majority of more than 8 is "every other platform" (the rest are listed beside it). */
    static String answerPlatforms(org.fparity.compare.Cases.Case c, org.fparity.compare.Cases.Answer a) {
        if (a == c.majority() && a.platforms().size() > 8)
            return a.platforms().size() + " platforms: every one not named in another row";
        return platforms(a.platforms());
    }

    /** Who agrees with the ideal IEEE platform, briefly. */
    static String agreeing(org.fparity.compare.Cases.Case c, Verdict.Truth t) {
        if (t.agreeing().isEmpty()) return "no platform";
        if (c.majority() != null && t.agreeing().equals(c.majority().platforms())) return "the majority";
        return platforms(t.agreeing());
    }

    /** One line that reproduces a case from the campaign folder. */
    static String reproduce(Report r, Verdict.TopCase t) {
        String folder = shell(
                r.campaign().provenance().getOrDefault("folder", r.campaign().name()));
        if (t.discrepancyId() != null) return "bin/fparity reduce " + folder + " --discrepancy " + t.discrepancyId();
        return "bin/fparity compare " + folder + " --pair "
                + shell(t.pair().a().label() + ":" + t.pair().b().label());
    }

    /** One line that prints a self-contained reproducer of the case, its input built in ({@code fparity show}). */
    static String show(Report r, Verdict.TopCase t) {
        String folder = shell(
                r.campaign().provenance().getOrDefault("folder", r.campaign().name()));
        return "bin/fparity show " + folder + " " + shell(t.c().program()) + " --input " + t.c().input();
    }

    static String shell(String s) {
        return org.fparity.util.ShellWords.quote(s);
    }

    /** How to make the campaign again: command, seed, grammar and hash, versions, host; in a fixed order. */
    static Map<String, String> provenance(Report r) {
        Map<String, String> p = r.campaign().provenance();
        Map<String, String> out = new LinkedHashMap<>();
        out.put("command", p.getOrDefault("command", "unknown (campaign made before fparity recorded it)"));
        for (String k : List.of("folder", "seed", "grammar", "grammar_sha256", "fparity", "created"))
            if (p.containsKey(k)) out.put(k.replace('_', ' '), p.get(k));
        new TreeMap<>(p).forEach((k, v) -> {
            if (k.startsWith("setting ")) out.put(k, v);
        });
        new TreeMap<>(r.campaign().versions()).forEach((k, v) -> out.put("version: " + k, v));
        new TreeMap<>(r.campaign().host()).forEach((k, v) -> out.put("host: " + k, v));
        out.put("report generated", r.generated() + " (session " + r.sessionUuid() + ")");
        return out;
    }
}
