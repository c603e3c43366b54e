package org.fparity.reduce;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.ir.ProgramJson;
import org.fparity.util.AtomicFiles;

/**
 * The verdicts {@code fparity reduce} reached on a campaign's discrepancies, kept in the campaign folder
 * ({@value #FILE}: discrepancy id → verdict, culprit, reason, the pair reduced, the bundle) so that {@code report}
 * can put each beside its discrepancy in {@code report.json}.
 */
public final class ReducedVerdicts {
    public static final String FILE = "verdicts.json";
    public static final String FORMAT = "fparity-verdicts/1";

    private ReducedVerdicts() {}

    /** The campaign's verdicts by discrepancy id (empty when none was reduced); a malformed file is one line, exit 2. */
    public static Map<String, JsonNode> read(Path campaign) {
        Path f = campaign.resolve(FILE);
        JsonNode root;
        try {
            root = ProgramJson.MAPPER.readTree(Files.readString(f));
        } catch (NoSuchFileException e) {
            return Map.of();
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new FparityError(f + " is not a valid verdicts file: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new FparityError("cannot read " + f + ": " + FparityError.reason(e), ExitCode.IO_FAILURE);
        }
        if (root == null
                || !FORMAT.equals(root.path("format").asText())
                || !root.path("verdicts").isObject()) {
            throw new FparityError(
                    f + " is not a valid verdicts file (format " + FORMAT + " with a 'verdicts' object)");
        }
        Map<String, JsonNode> out = new HashMap<>();
        root.get("verdicts").properties().forEach(e -> out.put(e.getKey(), e.getValue()));
        return out;
    }

    /** Adds (or replaces) one discrepancy's verdict, the file rewritten whole. */
    public static void record(Path campaign, ReduceSession.Report r) {
        if (r.findingVerdict() == null) return;
        ObjectNode root = ProgramJson.MAPPER.createObjectNode();
        root.put("format", FORMAT);
        ObjectNode vs = root.putObject("verdicts");
        read(campaign).forEach(vs::set);
        ObjectNode v = r.findingVerdict().toJson();
        v.put("pair", r.a() + " vs " + r.b());
        if (r.bundle() != null) v.put("bundle", r.bundle().toString());
        vs.set(r.id(), v);
        AtomicFiles.write(campaign.resolve(FILE), ProgramJson.toJson(root) + "\n");
    }
}
