package org.fparity.report;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.fparity.compare.BaselineDiff;
import org.fparity.compare.CampaignView;
import org.fparity.compare.Comparer;
import org.fparity.compare.Discrepancy;
import org.fparity.compare.Findings;
import org.fparity.compare.PairSelection;
import org.fparity.compare.Verdict;
import org.fparity.exec.DiscrepancyClass;

/**
 * Everything the report files are rendered from: the campaign, what comparing it found, optionally the diff against a
 * baseline, and when and as which session the report was made.
 *
 * @param baseline null when there is no baseline
 */
public record Report(
        CampaignView campaign,
        Findings findings,
        BaselineDiff baseline,
        Instant generated,
        String sessionUuid,
        Verdict verdict,
        Acceptance acceptance,
        CauseVerdict causes) {
    /** A report whose verdict is worked out from the campaign and findings. */
    public Report(
            CampaignView campaign, Findings findings, BaselineDiff baseline, Instant generated, String sessionUuid) {
        this(campaign, findings, baseline, generated, sessionUuid, Verdict.of(campaign, findings, baseline));
    }

    /** A report without an acceptance policy or root causes. */
    public Report(
            CampaignView campaign,
            Findings findings,
            BaselineDiff baseline,
            Instant generated,
            String sessionUuid,
            Verdict verdict) {
        this(campaign, findings, baseline, generated, sessionUuid, verdict, Acceptance.NONE, null);
    }

    public Report {
        if (acceptance == null) acceptance = Acceptance.NONE;
    }

    /**
     * The same report judged by a policy and counted in root causes: the campaign's {@code causes.json} (when its folder
     * has one) against the baseline's ({@code before}: null when there is no baseline or it was not triaged).
     */
    public Report judged(AcceptancePolicy policy, org.fparity.attribution.Causes before) {
        org.fparity.attribution.Causes now = causesOf(campaign);
        return judged(policy, now, before);
    }

    /** As {@link #judged(AcceptancePolicy, org.fparity.attribution.Causes)}, with tonight's causes given. */
    public Report judged(
            AcceptancePolicy policy, org.fparity.attribution.Causes now, org.fparity.attribution.Causes before) {
        Map<String, org.fparity.attribution.RootCause> causeOf = CauseVerdict.causeOf(now);
        Acceptance a =
                Acceptance.of(policy == null ? AcceptancePolicy.NONE : policy, findings, verdict.cases(), causeOf);
        CauseVerdict cv = now == null
                ? null
                : CauseVerdict.of(
                        now,
                        baseline == null ? null : baseline.baselineName(),
                        baseline == null ? null : before,
                        findings,
                        verdict.cases(),
                        a);
        return new Report(campaign, findings, baseline, generated, sessionUuid, verdict, a, cv);
    }

    /** The causes.json of the campaign's folder, or null (none, or a campaign not read from a folder). */
    public static org.fparity.attribution.Causes causesOf(CampaignView campaign) {
        String folder = campaign.provenance().get("folder");
        return folder == null
                ? null
                : org.fparity.attribution.Causes.read(java.nio.file.Path.of(folder))
                        .orElse(null);
    }

    /**
     * Red in root causes: a cause new against the baseline's (any, without a baseline) the policy does not accept, or a
     * disagreeing case (new, with a baseline) no cause explains, or only an undecided one, that the policy does not accept.
     */
    public boolean redInCauses() {
        if (causes == null) throw new IllegalStateException("not counted in causes");
        if (!causes.red().isEmpty()) return true;
        for (String k : causes.untriaged()) if (redCase(k)) return true;
        for (String k : causes.undecidedCases()) if (redCase(k)) return true;
        return false;
    }

    /** A disagreeing case judged as a case: not accepted, and new against the baseline (any, without one). */
    public boolean redCase(String key) {
        if (acceptance.cases().containsKey(key)) return false;
        return baseline == null
                || verdict.against() == null
                || verdict.against().added().contains(key);
    }

    /**
     * Whether the report found something that makes its verdict red (exit 1): a broken campaign; counted in root
     * causes, a cause not seen in the baseline (every cause without one) that the policy does not accept, or a
     * disagreeing case no cause explains (new ones only, with a baseline); counted in cases (no causes.json, or a
     * baseline that was not triaged), discrepancies or runs that ended differently the policy does not accept (with a
     * baseline: new ones only) and, without one, unstable results.
     */
    public boolean found() {
        if (verdict.broken() != null) return true;
        if (causes != null && causes.compared())
            return redInCauses() || baseline == null && verdict.count().unstable() > 0;
        // in cases, as the headline counts them over every platform (compare's cross-site view lists fewer pairs than
        // that)
        if (baseline != null)
            return verdict.against() != null
                    && verdict.against().added().stream()
                            .anyMatch(k -> !acceptance.cases().containsKey(k));
        // nothing accepted: any disagreeing case, as counted (the case list is not made for it)
        boolean discrepant = acceptance.cases().isEmpty()
                ? verdict.count().discrepant() > 0
                : verdict.cases().stream()
                        .anyMatch(c -> c.discrepant() && !acceptance.cases().containsKey(c.key()));
        return discrepant
                || findings.mismatches().stream().anyMatch(m -> !acceptance.accepts(m))
                || verdict.count().unstable() > 0;
    }

    /** Bump on any incompatible change to report.json; readers check it (as ReFrame's run report does). */
    public static final String DATA_VERSION = "3.0";

    /** The report of a campaign, counted in root causes when its folder has a causes.json (no policy, no baseline causes). */
    public static Report of(CampaignView campaign, Findings findings, BaselineDiff baseline) {
        return countedInCauses(new Report(
                campaign, findings, baseline, Instant.now(), UUID.randomUUID().toString()));
    }

    /** The report counted in root causes when its campaign's folder has a causes.json, else as it is. */
    private static Report countedInCauses(Report r) {
        org.fparity.attribution.Causes now = causesOf(r.campaign());
        return now == null ? r : r.judged(AcceptancePolicy.NONE, now, null);
    }

    /** Compares every pair and, when a baseline is given, diffs against it. */
    public static Report of(CampaignView campaign, CampaignView baseline) {
        if (baseline == null) {
            // the verdict gathered in the comparison's own walk of the cases (one read of them, not two), as compare
            // does
            Comparer.Compared both =
                    Comparer.withVerdict(campaign, PairSelection.all(Comparer.platforms(campaign.outcomes())));
            return countedInCauses(new Report(
                    campaign,
                    both.findings(),
                    null,
                    Instant.now(),
                    UUID.randomUUID().toString(),
                    both.verdict()));
        }
        Findings now = Comparer.compare(campaign);
        BaselineDiff diff = BaselineDiff.of(
                baseline.name(),
                campaign,
                now,
                Comparer.compare(baseline, PairSelection.all(Comparer.platforms(baseline.outcomes())), false));
        return of(campaign, now, diff);
    }

    /** The verdict in root causes, in one line ({@code 9 root causes, 1 new against …: …}). */
    public static String causesHeadline(CauseVerdict causes) {
        return CauseText.headline(causes);
    }

    /** The verdict in one line, counted in cases ({@code 12 of 2500 cases disagree across platforms; …}). */
    public String headline() {
        return VerdictText.headline(this);
    }

    /** The exit code of a command that compared this campaign: the one rule, decided from what the headline says. */
    public org.fparity.ExitCode exitCode() {
        return VerdictText.exitCode(this);
    }

    /**
     * The discrepancies between platforms at different sites, each with the side the correctly rounded reference agrees
     * with, as the comparison judged them ({@link org.fparity.compare.CrossSite}).
     */
    public org.fparity.compare.CrossSite.Judged crossSite() {
        return findings.acrossSites();
    }

    /**
     * True when some toolchain ran at more than one site at the same opt level and was compared there (a merge of
     * clusters' campaigns): only then is there an "across sites" to report.
     */
    public boolean severalSites() {
        return findings.pairs().stream().anyMatch(s -> s.pair().acrossSites());
    }

    /** A run shown among the top discrepancies, and in how many pairs that same run differs. */
    public record Top(Discrepancy discrepancy, int pairs) {}

    /**
     * The discrepancies worth a person's eyes first: one line per (program, input) and class, taken in turn from each
     * class (so a thousand NaN–Inf do not hide the one Zero–Number), worst ULPs first within Number–Number.
     */
    public List<Top> top(int n) {
        // the comparison kept the worst runs of each class (Findings#worst): enough for any report's top list
        Map<DiscrepancyClass, List<Findings.Worst>> perClass =
                n <= Findings.WORST ? findings.worst() : Findings.worstOf(findings.discrepancies(), n);
        List<Top> out = new ArrayList<>();
        for (int i = 0; out.size() < n; i++) {
            boolean any = false;
            for (List<Findings.Worst> ts : perClass.values()) {
                if (i < ts.size() && out.size() < n) {
                    out.add(new Top(ts.get(i).discrepancy(), ts.get(i).pairs()));
                    any = true;
                }
            }
            if (!any) break;
        }
        return out;
    }

    static final Comparator<Discrepancy> SEVERITY = Findings.SEVERITY;
}
