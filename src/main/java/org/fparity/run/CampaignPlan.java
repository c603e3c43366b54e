package org.fparity.run;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.fparity.FparityError;
import org.fparity.campaign.Campaign;
import org.fparity.campaign.CampaignMeta;
import org.fparity.exec.DetectedToolchain;
import org.fparity.gen.Generator;
import org.fparity.gen.Grammar;
import org.fparity.gen.InputGenerator;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;
import org.fparity.ir.ProgramJson;

/**
 * A generated campaign before it runs: the programs and inputs a seed and grammar give, and the settings worth
 * recording. Turned into a {@link CampaignRunner.Spec} once the toolchains and opt levels are chosen.
 *
 * @param grammar  the grammar as recorded in campaign.json (file, hash, content)
 * @param entries  every program with its inputs, in batch order: for a generated plan, made as they are iterated
 *                 ({@link Generated}), so a campaign of any size is never all in memory
 */
public record CampaignPlan(
        long seed,
        CampaignMeta.GrammarInfo grammar,
        Map<String, String> settings,
        List<CampaignMeta.ProgramEntry> entries,
        int batch) {

    /** What {@code fparity run} asks for. {@code grammarFile} null means the built-in grammar. */
    public record Request(
            long seed,
            List<Precision> precisions,
            String precisionName,
            int programs,
            int inputs,
            int batch,
            Path grammarFile) {}

    /** The programs and inputs of a request, generated when iterated ({@link Generated}). */
    public static CampaignPlan generate(Request r) {
        if (r.programs() < 1 || r.inputs() < 1 || r.batch() < 1)
            throw new FparityError("--programs, --inputs and --batch must be at least 1");
        Grammar grammar = r.grammarFile() == null ? Grammar.defaults() : Grammar.load(r.grammarFile());
        Generated entries = new Generated(grammar, r);
        Map<String, String> settings = new TreeMap<>();
        settings.put("programs", Integer.toString(r.programs()));
        settings.put("inputs", Integer.toString(r.inputs()));
        settings.put("precision", r.precisionName());
        settings.put("batch", Integer.toString(r.batch()));
        settings.put("generator", Integer.toString(Generator.STREAM));
        CampaignMeta.GrammarInfo gi =
                new CampaignMeta.GrammarInfo(grammar.source(), grammar.sha256(), grammarJson(r.grammarFile()));
        return new CampaignPlan(r.seed(), gi, settings, entries, r.batch());
    }

    /**
     * A request's programs with their inputs, made one at a time each time the list is iterated: generation is
     * deterministic (one master generator per precision, split once per program), so every pass gives the same programs
     * in the same order, and nothing but the program at hand is held. Meant to be iterated (the runner writes it to the
     * program store once and reads the store from then on); {@link #get} generates up to the index it is asked for.
     */
    static final class Generated extends java.util.AbstractList<CampaignMeta.ProgramEntry> {
        private final Grammar grammar;
        private final Request r;

        Generated(Grammar grammar, Request r) {
            this.grammar = grammar;
            this.r = r;
        }

        @Override
        public int size() {
            return r.programs() * r.precisions().size();
        }

        @Override
        public CampaignMeta.ProgramEntry get(int i) {
            java.util.Objects.checkIndex(i, size());
            java.util.Iterator<CampaignMeta.ProgramEntry> it = iterator();
            for (int k = 0; k < i; k++) it.next();
            return it.next();
        }

        @Override
        public java.util.Iterator<CampaignMeta.ProgramEntry> iterator() {
            InputGenerator ig = new InputGenerator(grammar, r.seed());
            java.util.Iterator<Precision> precisions = r.precisions().iterator();
            return new java.util.Iterator<>() {
                Precision pr;
                java.util.Iterator<Program> programs = java.util.Collections.emptyIterator();

                @Override
                public boolean hasNext() {
                    while (!programs.hasNext() && precisions.hasNext()) {
                        pr = precisions.next();
                        programs = new Generator(grammar, r.seed()).stream(pr, r.programs());
                    }
                    return programs.hasNext();
                }

                @Override
                public CampaignMeta.ProgramEntry next() {
                    if (!hasNext()) throw new java.util.NoSuchElementException();
                    Program p = programs.next();
                    String canonical = p.canonical();
                    return new CampaignMeta.ProgramEntry(
                            p.id(), sha256(canonical), pr, canonical, ig.inputs(p, r.inputs()));
                }
            };
        }
    }

    /**
     * This plan with the inputs that an earlier, interrupted run of it recorded in {@code dir}, when that campaign is
     * this plan with inputs added after each program's own (flip inputs: a search under time limits may choose other
     * ones when run again, and the campaign could then not be resumed) and {@code settings} among those recorded; null when
     * {@code dir} holds no such campaign (none at all, or another one: the runner then refuses it as usual).
     */
    public CampaignPlan withInputsRecordedIn(Path dir, Map<String, String> settings) {
        if (!Files.exists(dir.resolve(Campaign.META))) return null;
        CampaignMeta meta = Campaign.readMeta(dir);
        if (!meta.settings().entrySet().containsAll(settings.entrySet())
                || meta.programs().size() != entries.size()
                || !Long.valueOf(seed).equals(meta.seed())) return null;
        java.util.Iterator<CampaignMeta.ProgramEntry> recorded = meta.programs().iterator();
        for (CampaignMeta.ProgramEntry mine : entries) {
            CampaignMeta.ProgramEntry had = recorded.next();
            if (!mine.id().equals(had.id())
                    || !mine.sha256().equals(had.sha256())
                    || had.inputs().size() < mine.inputs().size()
                    || !had.inputs().subList(0, mine.inputs().size()).equals(mine.inputs())) {
                return null;
            }
        }
        return new CampaignPlan(seed, grammar, settings, meta.programs(), batch);
    }

    /** The runner's spec for the chosen toolchains and opt levels. */
    public CampaignRunner.Spec spec(String fparityVersion, List<DetectedToolchain> toolchains, List<String> opts) {
        // a corpus campaign (Corpus) has no seed: its programs are the user's files
        Long recordedSeed = settings.containsKey(Corpus.SETTING) ? null : seed;
        return new CampaignRunner.Spec(
                fparityVersion, recordedSeed, grammar, settings, entries, toolchains, opts, batch);
    }

    private static JsonNode grammarJson(Path file) {
        String text;
        try {
            if (file != null) {
                text = Files.readString(file);
            } else {
                try (InputStream in = Grammar.class.getResourceAsStream(Grammar.DEFAULT_RESOURCE)) {
                    text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                }
            }
            return ProgramJson.MAPPER.readTree(text);
        } catch (IOException e) {
            throw FparityError.io("cannot read grammar " + (file == null ? Grammar.DEFAULT_RESOURCE : file), e);
        }
    }

    static String sha256(String s) {
        return org.fparity.util.Hashes.sha256Hex(s);
    }
}
