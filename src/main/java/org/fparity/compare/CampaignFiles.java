package org.fparity.compare;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fparity.FparityError;
import org.fparity.campaign.Campaign;
import org.fparity.campaign.CampaignGaps;
import org.fparity.campaign.CampaignMeta;
import org.fparity.campaign.OutcomeLog;
import org.fparity.campaign.StoreLine;
import org.fparity.exec.Outcome;
import org.fparity.transfer.ProgramHashes;

/** Reads a campaign folder ({@link Campaign#load}) into the {@link CampaignView} comparison and reports work on. */
public final class CampaignFiles {
    private CampaignFiles() {}

    public static CampaignView load(Path dir) {
        if (!Files.isDirectory(dir))
            throw new FparityError(
                    "campaign '" + dir + "' not found (expected a folder with campaign.json and outcomes.jsonl)");
        // the store is read once, as it is opened: what compare needs of every program is gathered in that read
        StorePass store = new StorePass();
        return of(Campaign.loadMeta(dir, store), store);
    }

    /**
     * As {@link #load(Path)}, of a campaign already loaded (e.g. the one {@code fparity run} has just run), not read again.
     * Nothing lost may read as clean: lines of outcomes.jsonl or reruns-K.jsonl that do not read, outcomes of programs or
     * inputs the campaign does not list, a run recorded twice with different results (merge's rule: refused, naming the
     * run) and program text that no longer matches its hashes are refused (exit 2); planned runs without an outcome make
     * the campaign broken ({@link CampaignView#incomplete}, exit 1).
     */
    public static CampaignView of(Campaign c) {
        return of(c, null);
    }

    /** As {@link #of(Campaign)}, with what the read that opened its store gathered, or null when nothing did. */
    private static CampaignView of(Campaign c, StorePass store) {
        if (!c.outcomesHeld()) return sorted(c, store);
        Path dir = c.dir();
        // The outcome log skips a torn or unreadable line so that a resumed run can go on; a report built on it would
        // silently leave those runs out, so compare and report refuse it, naming the first problem.
        refuseProblems(dir, c.problems());
        List<OutcomeLog.Contents> reruns = c.rerunContents();
        for (OutcomeLog.Contents r : reruns) refuseProblems(dir, r.problems());
        refuseConflicts(dir, c.conflicts());
        for (OutcomeLog.Contents r : reruns) refuseConflicts(dir, r.conflicts());
        Map<String, ProgramInfo> programs = new HashMap<>();
        for (CampaignMeta.ProgramEntry p : c.programEntries()) {
            String edited = ProgramHashes.problem(p.id(), p.sha256(), p.source());
            if (edited != null)
                throw new FparityError(dir + ": " + edited
                        + "; the program's text was changed after it ran (by hand?), so its outcomes are not its own");
            programs.put(p.id(), new ProgramInfo(p.id(), p.precision(), p.source(), p.inputs()));
        }
        refuseStrangers(dir, Campaign.OUTCOMES, c.outcomes(), programs);
        for (int k = 0; k < reruns.size(); k++)
            refuseStrangers(dir, Campaign.rerunFile(k + 1), reruns.get(k).outcomes(), programs);
        return new CampaignView(
                c.name(),
                c.host(),
                c.versions(),
                programs,
                c.outcomes(),
                reruns.stream().map(OutcomeLog.Contents::outcomes).toList(),
                provenance(c),
                CampaignGaps.of(c));
    }

    /**
     * As {@link #of}, for a campaign whose outcomes are not in memory: its logs are sorted by case on disk once
     * ({@link CaseSpill}) and every later pass reads them from there, its programs are looked up in its store
     * ({@link ProgramTable}); the same refusals, in the same order (a conflict is named after the logs are read whole).
     */
    private static CampaignView sorted(Campaign c, StorePass store) {
        Path dir = c.dir();
        List<CampaignMeta.ProgramEntry> entries = c.programEntries();
        if (store == null || store.count() != entries.size()) {
            // not opened from a store (layout 1, or a campaign already loaded): its programs read once here, in order
            store = new StorePass();
            int at = 0;
            for (StoreLine p : org.fparity.campaign.ProgramStore.Entries.lines(entries)) store.accept(p, at++);
        }
        String[] inOrder = store.inOrder();
        int[] inputsInOrder = store.inputsInOrder();
        String[] ids = store.sortedIds();
        int[] counts = new int[ids.length];
        for (int i = 0; i < ids.length; i++) counts[i] = store.inputsOf(ids[i]);
        List<Path> files = new java.util.ArrayList<>();
        files.add(dir.resolve(Campaign.OUTCOMES));
        for (int k = 1; Files.exists(dir.resolve(Campaign.rerunFile(k))); k++)
            files.add(dir.resolve(Campaign.rerunFile(k)));
        CampaignGaps.Tally gaps = new CampaignGaps.Tally(c, inOrder, inputsInOrder);
        CaseSpill spill = new CaseSpill(ids, counts, files, gaps);
        CaseSpill.Found f = spill.found();
        for (List<String> p : f.problems()) refuseProblems(dir, p);
        for (List<String> x : f.conflicts()) refuseConflicts(dir, x);
        if (store.edited() != null)
            throw new FparityError(dir + ": " + store.edited()
                    + "; the program's text was changed after it ran (by hand?), so its outcomes are not its own");
        for (String stranger : f.strangers()) if (stranger != null) throw new FparityError(dir + ": " + stranger);
        List<List<Outcome>> reruns = new java.util.ArrayList<>();
        for (int k = 1; k < files.size(); k++) reruns.add(spill.attempt(k, null));
        return new CampaignView(
                c.name(),
                c.host(),
                c.versions(),
                new ProgramTable(entries, store),
                spill.outcomes(null),
                reruns,
                provenance(c),
                gaps.result());
    }

    private static void refuseProblems(Path dir, List<String> problems) {
        if (problems.isEmpty()) return;
        int more = problems.size() - 1;
        throw new FparityError(
                dir + ": " + problems.getFirst() + (more > 0 ? " (and " + more + " more)" : "")
                        + "; resume it with 'fparity run' (that repairs a torn last line and sets aside lines that are not outcomes) or fix the file");
    }

    /** The rule of {@code fparity merge}: a run recorded twice with different results is refused, naming it, never resolved by picking one. */
    private static void refuseConflicts(Path dir, List<String> conflicts) {
        if (conflicts.isEmpty()) return;
        int more = conflicts.size() - 1;
        throw new FparityError(dir + ": " + conflicts.getFirst() + (more > 0 ? " (and " + more + " more)" : "")
                + "; not compared (rerun that platform into a new campaign, or delete one of the two lines)");
    }

    /** An outcome of a program or input the campaign does not list is no case of it: refused, not counted as an extra case. */
    private static void refuseStrangers(
            Path dir, String file, List<Outcome> outcomes, Map<String, ProgramInfo> programs) {
        for (Outcome o : outcomes) {
            ProgramInfo p = programs.get(o.program());
            if (p != null && o.input() >= 0 && o.input() < p.inputs().size()) continue;
            throw new FparityError(dir + ": " + file + ": outcome of program " + o.program() + " input " + o.input()
                    + " on " + o.platformKey().key()
                    + (p == null
                            ? ", a program the campaign does not list"
                            : ", an input the program does not have (it has "
                                    + p.inputs().size() + ")")
                    + "; resume it with 'fparity run' (that sets such lines aside) or delete the line");
        }
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
            if (meta.grammar().sha256() != null)
                m.put("grammar_sha256", meta.grammar().sha256());
        }
        meta.settings().forEach((k, v) -> m.put(k.equals("command") ? "command" : "setting " + k, v));
        return m;
    }
}
