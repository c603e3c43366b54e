package org.fparity.report;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.fparity.compare.CrossSite;
import org.fparity.compare.CrossSite.Agreement;
import org.fparity.compare.Discrepancy;

/** The judgement of the discrepancies across sites ({@link CrossSite.Judged}, made by compare) in words. */
public final class CrossSiteText {
    private CrossSiteText() {}

    /**
     * The counts in one line, cases first: {@code Across sites (same toolchain and opt level at two sites): 3 cases
     * differ, in 6 platform pairs; the correctly rounded reference … agrees with side a in 2 pairs, …}.
     */
    public static String summary(CrossSite.Judged vs) {
        String head = "Across sites (" + CrossSite.MEANING + "): " + vs.cases()
                + (vs.cases() == 1 ? " case differs" : " cases differ");
        if (vs.judged() == 0) return head;
        return String.format(
                java.util.Locale.ROOT,
                "%s, in %d platform %s; the correctly rounded reference (ideal IEEE platform) agrees with side a in %d, "
                        + "side b in %d, neither in %d, undecided %d",
                head,
                vs.judged(),
                vs.judged() == 1 ? "pair" : "pairs",
                vs.count(Agreement.A),
                vs.count(Agreement.B),
                vs.count(Agreement.NEITHER),
                vs.count(Agreement.UNDECIDED));
    }

    /**
     * Counts per verdict, and one line per discrepancy up to {@code limit} (at most the {@link CrossSite#KEPT} kept):
     * what {@code fparity compare} prints.
     */
    public static String render(CrossSite.Judged vs, int limit) {
        StringWriter s = new StringWriter();
        PrintWriter o = new PrintWriter(s);
        o.printf("%s%n", summary(vs));
        if (vs.judged() > 0)
            o.printf(
                    "  %-16s %5s  %-44s %-14s %-24s %-24s %-24s %s%n",
                    "program", "input", "a : b", "class", "a", "b", "reference", "agrees with");
        List<CrossSite.Judgement> shown =
                vs.first().subList(0, Math.min(limit, vs.first().size()));
        for (CrossSite.Judgement v : shown) {
            Discrepancy d = v.discrepancy();
            o.printf(
                    "  %-16s %5d  %-44s %-14s %-24s %-24s %-24s %s%n",
                    d.program(),
                    d.input(),
                    d.pair().id(),
                    d.cls().label(),
                    d.hexA(),
                    d.hexB(),
                    v.reference() == null ? "-" : v.reference(),
                    v.agreesWith());
        }
        if (vs.judged() > shown.size())
            o.printf("  … %d more (fparity report writes them all)%n", vs.judged() - shown.size());
        o.flush();
        return s.toString();
    }
}
