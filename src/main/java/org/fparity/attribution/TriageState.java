package org.fparity.attribution;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fparity.FparityError;
import org.fparity.ir.ProgramJson;

/**
 * Triage's progress in the campaign folder ({@code triage/units.jsonl}): one line per attributed unit (a case's
 * level pair, a case's library, a crash bucket), appended and flushed as each group of units is decided, so a killed
 * triage goes on where it stopped. The first line names the campaign's outcome log as it was (size): a campaign that
 * got more outcomes since is triaged again from the start. A torn last line is ignored.
 */
final class TriageState implements AutoCloseable {
    static final String DIR = "triage";
    static final String FILE = "units.jsonl";

    /** What one unit came to. */
    record Unit(
            String unit,
            RootCause.Kind kind,
            String family,
            List<String> flags,
            String operation,
            String function,
            String library,
            String why) {
        Unit {
            flags = flags == null ? List.of() : List.copyOf(flags);
        }

        String key() {
            return RootCause.keyOf(kind, family, flags, null, operation, function);
        }
    }

    record Header(String format, String outcomes) {}

    private static final String FORMAT = "fparity-triage-state/1";
    private static final com.fasterxml.jackson.databind.ObjectWriter WRITER =
            ProgramJson.MAPPER.writer().without(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT);

    private final Path file;
    private final Map<String, Unit> done = new LinkedHashMap<>();
    private Writer out;

    private TriageState(Path file) {
        this.file = file;
    }

    /** The state of this campaign's triage, started over when {@code fingerprint} (the outcomes as they are now) differs. */
    static TriageState open(Path campaign, String fingerprint) {
        Path f = campaign.resolve(DIR).resolve(FILE);
        TriageState s = new TriageState(f);
        try {
            Files.createDirectories(f.getParent());
            List<String> lines;
            try {
                lines = Files.readAllLines(f, StandardCharsets.UTF_8);
            } catch (NoSuchFileException e) {
                lines = List.of();
            }
            boolean same = false;
            if (!lines.isEmpty()) {
                try {
                    Header h = ProgramJson.MAPPER.readValue(lines.getFirst(), Header.class);
                    same = FORMAT.equals(h.format()) && fingerprint.equals(h.outcomes());
                } catch (JsonProcessingException e) {
                    same = false;
                }
            }
            if (same) {
                for (String line : lines.subList(1, lines.size())) {
                    try {
                        Unit u = ProgramJson.MAPPER.readValue(line, Unit.class);
                        s.done.put(u.unit(), u);
                    } catch (JsonProcessingException | IllegalArgumentException e) {
                        // a torn last line: that unit is decided again
                    }
                }
                s.out = Files.newBufferedWriter(f, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
            } else {
                s.out = Files.newBufferedWriter(f, StandardCharsets.UTF_8);
                s.out.write(WRITER.writeValueAsString(new Header(FORMAT, fingerprint)) + "\n");
                s.out.flush();
            }
            return s;
        } catch (IOException e) {
            throw FparityError.io("cannot keep triage's progress in " + f, e);
        }
    }

    /** Every unit recorded in a campaign's triage state, whatever outcomes it was made from. */
    static List<Unit> read(Path campaign) {
        Path f = campaign.resolve(DIR).resolve(FILE);
        try {
            List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8);
            List<Unit> out = new java.util.ArrayList<>();
            for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
                try {
                    out.add(ProgramJson.MAPPER.readValue(line, Unit.class));
                } catch (JsonProcessingException | IllegalArgumentException e) {
                    // a torn last line
                }
            }
            return out;
        } catch (IOException e) {
            throw FparityError.io("cannot read " + f, e);
        }
    }

    Unit get(String unit) {
        return done.get(unit);
    }

    int size() {
        return done.size();
    }

    void add(List<Unit> units) {
        try {
            for (Unit u : units) {
                done.put(u.unit(), u);
                out.write(WRITER.writeValueAsString(u) + "\n");
            }
            out.flush();
        } catch (IOException e) {
            throw FparityError.io("cannot write triage's progress to " + file, e);
        }
    }

    @Override
    public void close() {
        try {
            if (out != null) out.close();
        } catch (IOException e) {
            // what was flushed is kept
        }
    }
}
