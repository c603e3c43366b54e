package org.fparity.exec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.fparity.ir.ProgramJson;

/**
 * One line of what {@code fparity worker} writes: an outcome, the platform record of a job (detected on the node: exact
 * version, node facts), or the end marker that says the worker finished every job it was given. A reader that sees no
 * end marker knows the stream was cut. Outcomes go in the compact spelling a campaign keeps at rest
 * ({@link CompactOutcome}: a platform declared once per stream, a short array per run), which the login node appends to
 * the campaign's log as they came ({@link Result#spelt}); an older worker's outcomes as JSON objects (the spelling of
 * {@code outcomes.jsonl} before layout 3) are read too. A stream's declarations hold for the lines after them, so one
 * stream is read by one {@link Reader}.
 */
public sealed interface WorkerLine {
    /**
     * An outcome; {@code spelt}: the compact run line it was read from (null when it was not one), for the login node to
     * append without spelling it again.
     */
    record Result(Outcome outcome, Spelt spelt) implements WorkerLine {
        public Result(Outcome outcome) {
            this(outcome, null);
        }
    }

    /** A compact run line as a worker wrote it: its bytes (no newline) and where its platform number is. */
    record Spelt(byte[] line, int numberFrom, int numberTo) {}

    /** A platform as the node saw it; fields as in campaign.json's {@code platforms} entries. */
    record PlatformRecord(ObjectNode platform) implements WorkerLine {}

    /** The worker finished: {@code runs} outcomes for {@code jobs} jobs. */
    record End(int jobs, int runs) implements WorkerLine {}

    ObjectMapper COMPACT = ProgramJson.MAPPER.copy().disable(SerializationFeature.INDENT_OUTPUT);

    /** A line in the spelling before compact outcomes (an outcome as its JSON object): what an older worker writes. */
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

    /** Spells one worker stream's lines: outcomes compact, each platform declared before its first run. Not thread-safe. */
    final class Writer {
        private final CompactOutcome.Encoder encoder = new CompactOutcome.Encoder();

        /** The bytes of {@code l}, newline included (a new platform's declaration line first). */
        public byte[] bytes(WorkerLine l) {
            if (l instanceof Result r) return encoder.lines(r.outcome());
            return (format(l) + "\n").getBytes(StandardCharsets.UTF_8);
        }
    }

    /** Reads one worker stream's lines, in order (a compact run needs its platform's declaration before it). Not thread-safe. */
    final class Reader {
        private final CompactOutcome.Decoder compact = new CompactOutcome.Decoder();

        /** {@link #parse(byte[], int, int)} of a line as text. */
        public WorkerLine parse(String line) {
            byte[] b = line.strip().getBytes(StandardCharsets.UTF_8);
            return parse(b, 0, b.length);
        }

        /**
         * Parses one complete line {@code b[from, to)} (no newline); null for a line that is not a worker line (torn, a
         * declaration, a run naming a platform not declared, or noise a login shell printed).
         */
        public WorkerLine parse(byte[] b, int from, int to) {
            while (from < to && (b[from] == ' ' || b[from] == '\r' || b[from] == '\t')) from++;
            while (to > from && (b[to - 1] == ' ' || b[to - 1] == '\r' || b[to - 1] == '\t')) to--;
            if (to - from < 2) return null;
            try {
                if (b[from] == '[') return run(b, from, to);
                if (CompactOutcome.declaration(b, from, to)) {
                    compact.declare(b, from, to);
                    return null;
                }
            } catch (IllegalArgumentException e) {
                return null;
            }
            if (b[from] != '{' || b[to - 1] != '}') return null;
            try {
                JsonNode n = COMPACT.readTree(b, from, to - from);
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
            } catch (java.io.IOException | IllegalArgumentException e) {
                return null;
            }
        }

        private Result run(byte[] b, int from, int to) {
            if (compact.run(b, from, to)) {
                CompactOutcome.Names n = compact.names(compact.platform);
                Outcome o = new Outcome(
                        new String(
                                b,
                                compact.programFrom,
                                compact.programTo - compact.programFrom,
                                StandardCharsets.UTF_8),
                        compact.input,
                        n.toolchain(),
                        n.opt(),
                        n.site(),
                        n.node(),
                        compact.status,
                        compact.hexFrom < 0
                                ? null
                                : new String(
                                        b, compact.hexFrom, compact.hexTo - compact.hexFrom, StandardCharsets.UTF_8),
                        compact.detail,
                        n.platform(),
                        compact.micros);
                byte[] line = java.util.Arrays.copyOfRange(b, from, to);
                return new Result(o, new Spelt(line, compact.platformFrom - from, compact.platformTo - from));
            }
            Outcome o = compact.general(new String(b, from, to - from, StandardCharsets.UTF_8));
            return o == null ? null : new Result(o);
        }
    }
}
