package org.fparity.campaign;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fparity.FparityError;
import org.fparity.exec.DetectedToolchain;
import org.fparity.ir.Program;

/**
 * A campaign already on disk (made by an earlier run, or imported from Varity) as the spec of a further run: the same
 * programs and inputs on more toolchains. Its platforms and outcomes stay as they are; new ones are added beside them.
 */
public final class ExistingCampaign {
    private ExistingCampaign() {}

    /** The runner's spec for running {@code c}'s programs and inputs on {@code toolchains} at {@code opts}. */
    public static CampaignRunner.Spec spec(Campaign c, String fparityVersion, List<DetectedToolchain> toolchains, List<String> opts, int batch) {
        CampaignMeta m = c.meta();
        if (m.programs().isEmpty()) throw new FparityError(c.dir() + ": the campaign has no programs to run");
        Map<String, Program> byId = new LinkedHashMap<>();
        for (CampaignMeta.ProgramEntry e : m.programs()) {
            if (e.source() == null) throw new FparityError(c.dir() + ": program " + e.id() + " has no source, so it cannot be rebuilt");
            try {
                byId.put(e.id(), Program.parse(e.source()));
            } catch (IllegalArgumentException ex) {
                throw new FparityError(c.dir() + ": program " + e.id() + " does not parse: " + ex.getMessage());
            }
            if (!byId.get(e.id()).id().equals(e.id())) {
                throw new FparityError(c.dir() + ": program " + e.id() + "'s source hashes to " + byId.get(e.id()).id() + " (edited by hand?)");
            }
        }
        return new CampaignRunner.Spec(fparityVersion, m.seed(), m.grammar(), m.settings(), m.programs(), toolchains, opts, batch,
                dt -> Emitters.forToolchain(dt.toolchain(), byId));
    }
}
