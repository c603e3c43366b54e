package org.fparity.attribution;

import java.util.ArrayList;
import java.util.List;

/** The lines {@code fparity triage CAMPAIGN} prints: the causes, most cases first, each with its representative and reduce command. */
public final class CausesText {
    /** Causes printed at most (all are in causes.json). */
    static final int SHOWN = 25;

    private CausesText() {}

    public static List<String> lines(CampaignTriage.Result r) {
        Causes c = r.causes();
        List<String> out = new ArrayList<>();
        int decided = c.triaged() - c.undecided();
        out.add(c.causes().size() + " root causes for " + c.triaged()
                + " discrepancies and runs that ended differently (" + decided + " attributed, " + c.undecided()
                + " undecided)");
        int i = 0;
        for (RootCause rc : c.causes()) {
            if (++i > SHOWN) {
                out.add("  … " + (c.causes().size() - SHOWN) + " more, all in causes.json");
                break;
            }
            out.add(String.format(
                    "%3d. %s  [%d case%s, %d discrepanc%s]",
                    i,
                    rc.title(),
                    rc.cases(),
                    rc.cases() == 1 ? "" : "s",
                    rc.discrepancies().size(),
                    rc.discrepancies().size() == 1 ? "y" : "ies"));
            out.add("     smallest: " + rc.representative() + "   " + rc.reduce());
        }
        out.add("experiments: " + r.runs() + " runs in " + r.builds() + " batch builds; " + r.units()
                + " units decided now, " + r.resumed() + " read back");
        return out;
    }

    /** The soundness check's lines: how many flag sets were rebuilt, how many held both ways, and each that did not. */
    public static List<String> soundness(Soundness.Report s) {
        List<String> out = new ArrayList<>();
        out.add("soundness: " + s.checked() + " of " + s.units() + " attributed flag sets rebuilt single-program ("
                + s.builds() + " builds): " + s.sound() + " reproduce B's result, " + s.minimal()
                + " of them minimal (no member can be dropped)");
        for (String f : s.failures()) out.add("  not: " + f);
        return out;
    }
}
