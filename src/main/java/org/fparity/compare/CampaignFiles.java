package org.fparity.compare;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.fparity.FparityError;
import org.fparity.campaign.Campaign;
import org.fparity.campaign.CampaignMeta;

/** Reads a campaign folder ({@link Campaign#load}) into the {@link CampaignView} comparison and reports work on. */
public final class CampaignFiles {
    private CampaignFiles() {}

    public static CampaignView load(Path dir) {
        if (!Files.isDirectory(dir)) throw new FparityError("campaign '" + dir + "' not found (expected a folder with campaign.json and outcomes.jsonl)");
        return of(Campaign.load(dir));
    }

    /** As {@link #load(Path)}, of a campaign already loaded (e.g. the one {@code fparity run} has just run), not read again. */
    public static CampaignView of(Campaign c) {
        Path dir = c.dir();
        // The outcome log skips a torn or unreadable line so that a resumed run can go on; a report built on it would
        // silently leave those runs out, so compare and report refuse it, naming the first problem.
        if (!c.problems().isEmpty()) {
            int more = c.problems().size() - 1;
            throw new FparityError(dir + ": " + c.problems().getFirst() + (more > 0 ? " (and " + more + " more)" : "")
                    + "; resume it with 'fparity run' (that repairs a torn last line) or fix the file");
        }
        Map<String, ProgramInfo> programs = new HashMap<>();
        for (CampaignMeta.ProgramEntry p : c.programEntries()) {
            programs.put(p.id(), new ProgramInfo(p.id(), p.precision(), p.source(), p.inputs()));
        }
        return new CampaignView(c.name(), c.host(), c.versions(), programs, c.outcomes(), c.reruns(), provenance(c));
    }

    /** How the campaign was made, for a report to say how to make it again. */
    static Map<String, String> provenance(Campaign c) {
        Map<String, String> m = new java.util.TreeMap<>();
        CampaignMeta meta = c.meta();
        m.put("folder", c.dir().toAbsolutePath().normalize().toString());
        if (meta.fparity() != null) m.put("fparity", meta.fparity());
        if (meta.created() != null) m.put("created", meta.created());
        if (meta.seed() != null) m.put("seed", Long.toString(meta.seed()));
        if (meta.grammar() != null) {
            if (meta.grammar().source() != null) m.put("grammar", meta.grammar().source());
            if (meta.grammar().sha256() != null) m.put("grammar_sha256", meta.grammar().sha256());
        }
        meta.settings().forEach((k, v) -> m.put(k.equals("command") ? "command" : "setting " + k, v));
        return m;
    }
}
