package org.fparity.campaign;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.fparity.FparityError;
import org.fparity.exec.CompactOutcome;
import org.fparity.exec.Outcome;
import org.fparity.ir.Input;
import org.fparity.ir.Program;
import org.fparity.ir.ProgramJson;
import org.fparity.util.AtomicFiles;

/**
 * A campaign folder: {@code campaign.json} (what was run, where, with what), {@code programs.jsonl} (the programs and
 * their inputs, {@link ProgramStore}; layout 1 held them in campaign.json), {@code outcomes.jsonl} (what came out),
 * {@code build/} (emitted sources, build logs, binaries). This is the reader the compare and report packages use.
 */
public final class Campaign {
    /**
     * Layout version of campaign.json; bump it when a field changes meaning. History: 1 = the programs inside
     * campaign.json; 2 = the programs in the program store ({@code programs.jsonl}), campaign.json names it and its count
     * ({@code programStore}); 3 = its outcome logs are written in the compact spelling ({@link CompactOutcome}: each
     * platform declared once per file, a short array per run). All are read; a campaign keeps the layout it was made
     * with (a layout 2 campaign resumed here goes on appending JSON objects, {@link OutcomeLog.Form#of}).
     */
    public static final int SCHEMA = 3;

    public static final String META = "campaign.json";
    public static final String OUTCOMES = "outcomes.jsonl";

    /** Outcomes of rerun attempt {@code k} (1, 2 …) of the cases that disagreed ({@code run.Reruns}). */
    public static String rerunFile(int k) {
        return "reruns-" + k + ".jsonl";
    }

    private final Path dir;
    private final CampaignMeta meta;
    // null until asked for: a campaign loaded from its folder reads its outcome log only when its outcomes are wanted
    // (compare and report stream the log instead: OutcomeLog#scan)
    private volatile OutcomeLog.Contents outcomes;

    private Campaign(Path dir, CampaignMeta meta, OutcomeLog.Contents outcomes) {
        this.dir = dir;
        this.meta = meta;
        this.outcomes = outcomes;
    }

    /** Loads a campaign folder; a malformed or newer campaign.json is a one-line error naming the file. */
    public static Campaign load(Path dir) {
        Campaign c = loadMeta(dir);
        c.contents();
        return c;
    }

    /**
     * As {@link #load}, but the outcome log is read only if {@link #outcomes} (or its problems or conflicts) are asked
     * for: what compare and report load, since they stream the log instead ({@link OutcomeLog#scan}).
     */
    public static Campaign loadMeta(Path dir) {
        return loadMeta(dir, null);
    }

    /**
     * As {@link #loadMeta(Path)}, handing {@code each} every program of the store as the store is read to open it
     * ({@link ProgramStore#open(Path, ProgramStore.Info, java.util.function.ObjIntConsumer)}): one read of the store for
     * a reader that needs something of every program. Nothing is handed on for a campaign without a store (layout 1).
     */
    public static Campaign loadMeta(Path dir, java.util.function.ObjIntConsumer<StoreLine> each) {
        CampaignMeta meta = readMeta(dir, each);
        if (meta == null) throw new FparityError(dir + ": not a campaign (no " + META + ")");
        return new Campaign(dir, meta, null);
    }

    /** Whether the outcome log has been read into memory (by {@link #outcomes} or by whoever ran the campaign). */
    public boolean outcomesHeld() {
        return outcomes != null;
    }

    private OutcomeLog.Contents contents() {
        OutcomeLog.Contents c = outcomes;
        if (c == null) outcomes = c = OutcomeLog.read(dir.resolve(OUTCOMES));
        return c;
    }

    /**
     * The campaign in {@code dir} from what a caller already holds: its campaign.json as written ({@link #writeMeta}) and
     * its outcome log's contents ({@link OutcomeLog#contents}), the same campaign {@link #load} would read back.
     */
    public static Campaign of(Path dir, CampaignMeta meta, OutcomeLog.Contents outcomes) {
        return new Campaign(dir, meta, outcomes);
    }

    /** campaign.json of {@code dir}, or null if there is none yet. */
    public static CampaignMeta readMeta(Path dir) {
        return readMeta(dir, null);
    }

    /**
     * As {@link #readMeta(Path)}, handing {@code each} every program of the store as it is read to open it
     * ({@link #loadMeta(Path, java.util.function.ObjIntConsumer)}).
     */
    public static CampaignMeta readMeta(Path dir, java.util.function.ObjIntConsumer<StoreLine> each) {
        Path f = dir.resolve(META);
        try {
            CampaignMeta m = ProgramJson.MAPPER.readValue(Files.readString(f), CampaignMeta.class);
            if (m == null) throw new FparityError(f + ": empty");
            if (m.schema() > SCHEMA) {
                throw new FparityError(f + ": schema " + m.schema() + " is newer than this fparity understands ("
                        + SCHEMA + "); upgrade fparity");
            }
            m.checkNames(f);
            if (m.programStore() != null)
                return m.withPrograms(ProgramStore.open(dir, m.programStore(), each), m.programStore());
            return m;
        } catch (NoSuchFileException e) {
            return null;
        } catch (JsonProcessingException e) {
            throw new FparityError(f + ": malformed: " + ProgramJson.oneLine(e));
        } catch (IOException e) {
            throw FparityError.io("cannot read " + f, e);
        }
    }

    /**
     * Writes campaign.json (temp then rename). Layout 1 keeps the programs inside it; from layout 2 they are in the
     * program store, which is written first from {@code meta}'s programs unless they already are that store's. Returns
     * the campaign as written (its programs read from the store).
     */
    public static CampaignMeta writeMeta(Path dir, CampaignMeta meta) {
        if (meta.schema() < 2) {
            AtomicFiles.write(dir.resolve(META), ProgramJson.toJson(meta) + "\n");
            return meta;
        }
        ProgramStore.Entries store =
                meta.programs() instanceof ProgramStore.Entries e && e.file().equals(dir.resolve(ProgramStore.FILE))
                        ? e
                        : ProgramStore.write(dir, meta.programs());
        ProgramStore.Info info = new ProgramStore.Info(ProgramStore.FILE, store.size());
        AtomicFiles.write(dir.resolve(META), ProgramJson.toJson(meta.withPrograms(List.of(), info)) + "\n");
        return meta.withPrograms(store, info);
    }

    public Path dir() {
        return dir;
    }

    /** The folder's name, e.g. {@code nightly-2026-11-22}. */
    public String name() {
        return dir.toAbsolutePath().normalize().getFileName().toString();
    }

    public CampaignMeta meta() {
        return meta;
    }

    public List<CampaignMeta.ProgramEntry> programEntries() {
        return meta.programs();
    }

    /** The IR programs by id, parsed from their canonical forms (all of them: for small campaigns and tests). */
    public Map<String, Program> programs() {
        Map<String, Program> out = new LinkedHashMap<>();
        for (CampaignMeta.ProgramEntry p : meta.programs()) out.put(p.id(), Program.parse(p.source()));
        return out;
    }

    /** Program {@code id} of this campaign, or null (looked up in the store's index, not by reading every program). */
    public CampaignMeta.ProgramEntry entry(String programId) {
        if (meta.programs() instanceof ProgramStore.Entries e) return e.find(programId);
        for (CampaignMeta.ProgramEntry p : meta.programs()) if (p.id().equals(programId)) return p;
        return null;
    }

    /** The inputs of one program, in index order (an outcome's {@code input} indexes this list). */
    public List<Input> inputs(String programId) {
        CampaignMeta.ProgramEntry p = entry(programId);
        if (p == null) throw new IllegalArgumentException("no program " + programId + " in campaign " + name());
        return p.inputs();
    }

    public List<CampaignMeta.PlatformRecord> platforms() {
        return meta.platforms();
    }

    /** Every recorded outcome, one per (program, input, toolchain, opt). */
    public List<Outcome> outcomes() {
        return contents().outcomes();
    }

    /** The recorded rerun attempts, attempt 1 first: {@code reruns-1.jsonl}, {@code reruns-2.jsonl} … up to the first missing file. */
    public List<List<Outcome>> reruns() {
        List<List<Outcome>> out = new java.util.ArrayList<>();
        for (int k = 1; Files.exists(dir.resolve(rerunFile(k))); k++)
            out.add(OutcomeLog.read(dir.resolve(rerunFile(k))).outcomes());
        return out;
    }

    /** What reading each rerun attempt's file found ({@link #reruns} without the problems and conflicts left out), attempt 1 first. */
    public List<OutcomeLog.Contents> rerunContents() {
        List<OutcomeLog.Contents> out = new java.util.ArrayList<>();
        for (int k = 1; Files.exists(dir.resolve(rerunFile(k))); k++)
            out.add(OutcomeLog.read(dir.resolve(rerunFile(k))));
        return out;
    }

    /** Runs recorded twice with different results in outcomes.jsonl (one line each, naming both lines). */
    public List<String> conflicts() {
        return contents().conflicts();
    }

    /** Lines that were torn or unreadable when loading (each one line, for a warning). */
    public List<String> problems() {
        return contents().problems();
    }

    /** Host facts, for reports. */
    public Map<String, String> host() {
        return meta.host();
    }

    /** fparity's version and each toolchain's exact version string (the last one seen if it changed between resumes). */
    public Map<String, String> versions() {
        Map<String, String> v = new TreeMap<>();
        v.put("fparity", meta.fparity());
        for (CampaignMeta.PlatformRecord p : meta.platforms()) {
            // Keyed like compare's lanes: gcc here, gcc@lumi on a cluster, so two sites' versions both show.
            v.put(p.platform().lane(), p.version());
        }
        return v;
    }
}
