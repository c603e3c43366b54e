package org.fparity.run;

import java.util.List;
import org.fparity.FparityError;
import org.fparity.campaign.Campaign;
import org.fparity.campaign.CampaignMeta;
import org.fparity.exec.DetectedToolchain;
import org.fparity.ir.Program;

/**
 * A campaign already on disk (made by an earlier run, or imported from Varity) as the spec of a further run: the same
 * programs and inputs on more toolchains. Its platforms and outcomes stay as they are; new ones are added beside them.
 */
public final class ExistingCampaign {
    private ExistingCampaign() {}

    /** The runner's spec for running {@code c}'s programs and inputs on {@code toolchains} at {@code opts}. */
    public static CampaignRunner.Spec spec(
            Campaign c, String fparityVersion, List<DetectedToolchain> toolchains, List<String> opts, int batch) {
        CampaignMeta m = c.meta();
        if (m.programs().isEmpty()) throw new FparityError(c.dir() + ": the campaign has no programs to run");
        // every program must rebuild as itself; checked one at a time (a program store's programs are not all read in)
        for (CampaignMeta.ProgramEntry e : m.programs()) {
            if (e.source() == null)
                throw new FparityError(c.dir() + ": program " + e.id() + " has no source, so it cannot be rebuilt");
            String id;
            try {
                id = Program.parse(e.source()).id();
            } catch (IllegalArgumentException ex) {
                throw new FparityError(c.dir() + ": program " + e.id() + " does not parse: " + ex.getMessage());
            }
            if (!id.equals(e.id()))
                throw new FparityError(
                        c.dir() + ": program " + e.id() + "'s source hashes to " + id + " (edited by hand?)");
        }
        return new CampaignRunner.Spec(
                fparityVersion, m.seed(), m.grammar(), m.settings(), m.programs(), toolchains, opts, batch);
    }
}
