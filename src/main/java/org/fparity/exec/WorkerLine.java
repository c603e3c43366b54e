package org.fparity.exec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import org.fparity.ir.ProgramJson;

/**
 * One line of what {@code fparity worker} writes: an outcome (the same JSON as {@code outcomes.jsonl}), the platform
 * record of a job (detected on the node: exact version, node facts), or the end marker that says the worker finished
 * every job it was given. A reader that sees no end marker knows the stream was cut.
 */
public sealed interface WorkerLine {
    record Result(Outcome outcome) implements WorkerLine {}

    /** A platform as the node saw it; fields as in campaign.json's {@code platforms} entries. */
    record PlatformRecord(ObjectNode platform) implements WorkerLine {}

    /** The worker finished: {@code runs} outcomes for {@code jobs} jobs. */
    record End(int jobs, int runs) implements WorkerLine {}

    ObjectMapper COMPACT = ProgramJson.MAPPER.copy().disable(SerializationFeature.INDENT_OUTPUT);

    static String format(WorkerLine l) {
        try {
            return switch (l) {
                case Result r -> COMPACT.writeValueAsString(r.outcome());
                case PlatformRecord p -> COMPACT.writeValueAsString(Map.of("platform", p.platform()));
                case End e -> COMPACT.writeValueAsString(Map.of("end", Map.of("jobs", e.jobs(), "runs", e.runs())));
            };
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Parses one complete line; null for a line that is not a worker line (torn, or noise a login shell printed). */
    static WorkerLine parse(String line) {
        String s = line.strip();
        if (!s.startsWith("{") || !s.endsWith("}")) return null;
        try {
            JsonNode n = COMPACT.readTree(s);
            if (n.has("platform") && n.get("platform").isObject())
                return new PlatformRecord((ObjectNode) n.get("platform"));
            if (n.has("end"))
                return new End(
                        n.get("end").path("jobs").asInt(),
                        n.get("end").path("runs").asInt());
            Outcome o = COMPACT.treeToValue(n, Outcome.class);
            if (o == null || o.program() == null || o.status() == null || o.toolchain() == null || o.opt() == null)
                return null;
            return new Result(o);
        } catch (com.fasterxml.jackson.core.JsonProcessingException | IllegalArgumentException e) {
            return null;
        }
    }
}
