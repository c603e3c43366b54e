package org.fparity.reduce;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fparity.ir.ProgramJson;

/** Finds the bundle of a discrepancy, for reports: {@code reproducers/<id>/} under the current folder (reduce's default --out). */
public final class Bundles {
    private Bundles() {}

    public static final Path DEFAULT_ROOT = Path.of("reproducers");

    /** What a report shows of a bundle: where it is, the first diverging operation and the truth. */
    public record Link(Path dir, String firstDivergence, String truth) {}

    /** The bundle of discrepancy {@code id} under {@code root}, or null when there is none (or it is unreadable). */
    public static Link find(Path root, String id) {
        Path dir = root.resolve(id);
        Path f = dir.resolve("expected.json");
        if (!Files.isRegularFile(f)) return null;
        try {
            JsonNode n = ProgramJson.MAPPER.readTree(Files.readString(f));
            JsonNode d = n.path("firstDivergence");
            return new Link(dir, d.isMissingNode() ? null : d.path("explanation").asText(null), n.path("reference").asText(null));
        } catch (IOException e) {
            return null;
        }
    }
}
