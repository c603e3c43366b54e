package org.fparity.reduce;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.fparity.compare.Discrepancy;
import org.fparity.confirm.DiscrepancyId;
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
            return new Link(
                    dir,
                    d.isMissingNode() ? null : d.path("explanation").asText(null),
                    n.path("reference").asText(null));
        } catch (IOException e) {
            return null;
        }
    }

    /** A discrepancy of a report with the bundle a reduction left for it. */
    public record Linked(String id, Discrepancy discrepancy, Link link) {}

    /**
     * The discrepancies among {@code ds} that have a bundle under {@code root}, in their order, one per id (the folder
     * is listed once, so a report of many discrepancies and few bundles costs one directory read).
     */
    public static List<Linked> linked(Path root, List<Discrepancy> ds) {
        if (!Files.isDirectory(root)) return List.of();
        java.util.Set<String> dirs = new java.util.HashSet<>();
        try (Stream<Path> s = Files.list(root)) {
            s.forEach(d -> dirs.add(d.getFileName().toString()));
        } catch (IOException e) {
            return List.of();
        }
        List<Linked> out = new ArrayList<>();
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (Discrepancy d : ds) {
            String id = DiscrepancyId.of(
                    d.program(), d.input(), d.pair().a().label(), d.pair().b().label(), d.cls());
            if (!dirs.contains(id) || !seen.add(id)) continue;
            Link l = find(root, id);
            if (l != null) out.add(new Linked(id, d, l));
        }
        return out;
    }
}
