package org.fparity.campaign;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import org.fparity.exec.Platform;
import org.fparity.ir.Input;
import org.fparity.ir.Precision;
import org.fparity.util.Names;

/**
 * The contents of {@code campaign.json}: everything needed to know what was run, where and with what, and to rerun it.
 *
 * @param schema        version of this layout ({@link Campaign#SCHEMA}); a reader refuses a newer one
 * @param fparity       fparity version that created the campaign
 * @param created       creation time, ISO-8601 UTC
 * @param seed          generator seed (null for a campaign from a corpus)
 * @param grammar       the generator grammar, as JSON, and where it came from
 * @param settings      the options the campaign was created with (programs, inputs, precision, batch …)
 * @param host          facts about the machine that ran it
 * @param programs      every program, with the hash of its canonical form, its source and its inputs (hex floats): in
 *                      campaign.json itself up to layout 1, read from the program store ({@link ProgramStore}) from layout 2
 * @param platforms     every toolchain × opt level it ran on, with exact versions and flags
 * @param programStore  layout 2: the file that holds the programs and how many it holds (null in layout 1)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({
    "schema",
    "fparity",
    "created",
    "seed",
    "grammar",
    "settings",
    "host",
    "platforms",
    "programStore",
    "programs"
})
public record CampaignMeta(
        int schema,
        String fparity,
        String created,
        Long seed,
        GrammarInfo grammar,
        Map<String, String> settings,
        Map<String, String> host,
        List<PlatformRecord> platforms,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<ProgramEntry> programs,
        ProgramStore.Info programStore) {

    public CampaignMeta {
        settings = settings == null ? Map.of() : Map.copyOf(settings);
        host = host == null ? Map.of() : Map.copyOf(host);
        platforms = platforms == null ? List.of() : List.copyOf(platforms);
        // a store's programs stay in their file; a list held in memory is copied
        programs = programs == null
                ? List.of()
                : programs instanceof ProgramStore.Entries ? programs : List.copyOf(programs);
    }

    /** A campaign whose programs are written where its layout puts them ({@link Campaign#writeMeta}). */
    public CampaignMeta(
            int schema,
            String fparity,
            String created,
            Long seed,
            GrammarInfo grammar,
            Map<String, String> settings,
            Map<String, String> host,
            List<PlatformRecord> platforms,
            List<ProgramEntry> programs) {
        this(schema, fparity, created, seed, grammar, settings, host, platforms, programs, null);
    }

    /** The generator grammar: its file, the SHA-256 of its text, and its content. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record GrammarInfo(String source, String sha256, JsonNode content) {}

    /**
     * One program of the campaign.
     *
     * @param id        {@link org.fparity.ir.Program#id()}: what outcomes refer to
     * @param sha256    SHA-256 of the canonical form (the id is its first 16 hex digits)
     * @param precision FP32 or FP64 (null for a non-IR fixture)
     * @param source    the canonical form ({@link org.fparity.ir.Program#parse(String)} reads it back)
     * @param inputs    the inputs, as canonical tokens (hex floats), in index order
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"id", "sha256", "precision", "inputs", "source"})
    public record ProgramEntry(String id, String sha256, Precision precision, String source, List<Input> inputs) {
        public ProgramEntry {
            inputs = inputs == null ? List.of() : List.copyOf(inputs);
        }
    }

    /**
     * One platform: a toolchain at one opt level at one site on one kind of node, with everything that makes its results
     * what they are. Outcomes carry its {@code id}; {@link #platform()} is its identity.
     *
     * @param site  {@code local} or a cluster profile's name (missing in campaigns written before sites: {@code local})
     * @param node  the node's result-changing facts as a label (GPU model, driver), null on a node without any
     * @param host  the hostname of the node that ran it
     * @param facts every fact of that node (hostname, CPU, OS, libc, GPU …), collected on the node itself
     * @param recorded null when fparity ran it; otherwise the file its results were imported from (a Varity campaign):
     *              fparity never ran it and cannot rerun it
     * @param deviceCompile for a GPU toolchain whose batches are built as device code only: that command (compile is
     *              then the executable form's, which reproducers use); null otherwise
     * @param loader for such a toolchain: what loads and runs the device code (the cached C loader, or JCuda in process)
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({
        "id",
        "toolchain",
        "opt",
        "site",
        "node",
        "language",
        "version",
        "compile",
        "deviceCompile",
        "loader",
        "run",
        "env",
        "host",
        "facts",
        "recorded"
    })
    public record PlatformRecord(
            String id,
            String toolchain,
            String opt,
            String site,
            String node,
            String language,
            String version,
            List<String> compile,
            List<String> run,
            Map<String, String> env,
            String host,
            Map<String, String> facts,
            String recorded,
            List<String> deviceCompile,
            String loader) {
        public PlatformRecord {
            env = env == null || env.isEmpty() ? null : Map.copyOf(env);
            site = site == null || site.isBlank() ? Platform.LOCAL : site;
            node = node == null || node.isBlank() ? null : node;
            facts = facts == null || facts.isEmpty()
                    ? null
                    : java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(facts));
        }

        /** A platform fparity ran. */
        public PlatformRecord(
                String id,
                String toolchain,
                String opt,
                String site,
                String node,
                String language,
                String version,
                List<String> compile,
                List<String> run,
                Map<String, String> env,
                String host,
                Map<String, String> facts) {
            this(id, toolchain, opt, site, node, language, version, compile, run, env, host, facts, null, null, null);
        }

        /** A local platform without node facts (the shape of campaigns written before sites). */
        public PlatformRecord(
                String id,
                String toolchain,
                String opt,
                String language,
                String version,
                List<String> compile,
                List<String> run,
                Map<String, String> env,
                String host) {
            this(
                    id,
                    toolchain,
                    opt,
                    Platform.LOCAL,
                    null,
                    language,
                    version,
                    compile,
                    run,
                    env,
                    host,
                    null,
                    null,
                    null,
                    null);
        }

        /** This platform's identity. */
        public Platform platform() {
            return new Platform(toolchain, opt, site, node);
        }
    }

    /**
     * This campaign when every name in it is safe to use as a path element and to print ({@link Names}): platform ids,
     * toolchains, opt levels, sites, program ids held in memory (a store's are checked as it reads them), and the
     * program store's file, which must be a plain name inside the campaign folder. Otherwise one line naming
     * {@code file}, exit 2.
     */
    public CampaignMeta checkNames(Object file) {
        for (PlatformRecord p : platforms) {
            Names.checkLabel(file, "platform", p.id());
            Names.check(file, "toolchain", p.toolchain());
            Names.check(file, "opt level", p.opt());
            Names.check(file, "site", p.site());
            if (p.node() != null) Names.checkLabel(file, "node", p.node());
        }
        if (!(programs instanceof ProgramStore.Entries))
            for (ProgramEntry e : programs) Names.check(file, "program", e.id());
        if (programStore != null) Names.check(file, "programStore.file", programStore.file());
        return this;
    }

    /** The same campaign in layout {@code layout} ({@link CompactLogs#migrate}). */
    public CampaignMeta withSchema(int layout) {
        return new CampaignMeta(
                layout, fparity, created, seed, grammar, settings, host, platforms, programs, programStore);
    }

    public CampaignMeta withPlatforms(List<PlatformRecord> ps) {
        return new CampaignMeta(schema, fparity, created, seed, grammar, settings, host, ps, programs, programStore);
    }

    /** The same campaign with these programs (a store's, or held in memory) and this store record. */
    public CampaignMeta withPrograms(List<ProgramEntry> ps, ProgramStore.Info store) {
        return new CampaignMeta(schema, fparity, created, seed, grammar, settings, host, platforms, ps, store);
    }
}
