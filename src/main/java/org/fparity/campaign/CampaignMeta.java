package org.fparity.campaign;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import org.fparity.ir.Input;
import org.fparity.ir.Precision;

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
 * @param programs      every program, with the hash of its canonical form, its source and its inputs (hex floats)
 * @param platforms     every toolchain × opt level it ran on, with exact versions and flags
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"schema", "fparity", "created", "seed", "grammar", "settings", "host", "platforms", "programs"})
public record CampaignMeta(
        int schema,
        String fparity,
        String created,
        Long seed,
        GrammarInfo grammar,
        Map<String, String> settings,
        Map<String, String> host,
        List<Platform> platforms,
        List<ProgramEntry> programs) {

    public CampaignMeta {
        settings = settings == null ? Map.of() : Map.copyOf(settings);
        host = host == null ? Map.of() : Map.copyOf(host);
        platforms = platforms == null ? List.of() : List.copyOf(platforms);
        programs = programs == null ? List.of() : List.copyOf(programs);
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
     * One platform: a toolchain at one opt level on one host, with everything that makes its results what they are.
     * Outcomes carry its {@code id}.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"id", "toolchain", "opt", "language", "version", "compile", "run", "env", "host"})
    public record Platform(String id, String toolchain, String opt, String language, String version,
            List<String> compile, List<String> run, Map<String, String> env, String host) {
        public Platform {
            env = env == null || env.isEmpty() ? null : Map.copyOf(env);
        }
    }

    public CampaignMeta withPlatforms(List<Platform> ps) {
        return new CampaignMeta(schema, fparity, created, seed, grammar, settings, host, ps, programs);
    }
}
