package org.fparity.exec;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.ir.ProgramJson;

/** The cluster profiles of {@code runners/clusters/*.json} ({@code $FPARITY_CLUSTERS} overrides the folder). */
public final class Clusters {
    private final Path dir;
    private final Map<String, ClusterProfile> byName;
    private final Map<String, String> problems;

    private Clusters(Path dir, Map<String, ClusterProfile> byName, Map<String, String> problems) {
        this.dir = dir;
        this.byName = byName;
        this.problems = problems;
    }

    public static Path defaultDir() {
        String env = System.getenv("FPARITY_CLUSTERS");
        if (env != null && !env.isBlank()) return Path.of(env);
        return Toolchains.defaultDir().resolveSibling("clusters");
    }

    /** Loads every profile; a file that does not load is kept as a problem under its stem, with the reason. */
    public static Clusters load(Path dir, Map<String, String> env) {
        Map<String, ClusterProfile> found = new LinkedHashMap<>();
        Map<String, String> problems = new LinkedHashMap<>();
        if (!Files.isDirectory(dir)) return new Clusters(dir, found, problems);
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.getFileName().toString().endsWith(".json"))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new FparityError(
                    "cannot list " + dir + ": " + org.fparity.FparityError.reason(e), ExitCode.IO_FAILURE);
        }
        for (Path f : files) {
            String stem = f.getFileName().toString().replaceFirst("\\.json$", "");
            try {
                ClusterProfile p = ProgramJson.STRICT.readValue(Files.readString(f), ClusterProfile.class);
                if (p == null) throw new IllegalArgumentException("empty file");
                found.put(stem, p.validate(stem).expand(env));
            } catch (JsonProcessingException e) {
                problems.put(
                        stem,
                        e instanceof com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException
                                ? ProgramJson.problem("cluster profile " + f, e)
                                : f + ": " + ProgramJson.oneLine(e));
            } catch (IllegalArgumentException | IOException e) {
                problems.put(stem, f + ": " + e.getMessage());
            }
        }
        return new Clusters(dir, found, problems);
    }

    public List<ClusterProfile> all() {
        return List.copyOf(byName.values());
    }

    public Map<String, String> problems() {
        return Map.copyOf(problems);
    }

    /** The profile called {@code name}, or a one-line error (exit 2) saying why not. */
    public ClusterProfile get(String name) {
        ClusterProfile p = byName.get(name);
        if (p != null) return p;
        if (problems.containsKey(name)) throw new FparityError("cluster profile " + problems.get(name));
        if (name.equals(Platform.LOCAL))
            return new ClusterProfile("local", "this machine", "local", null, null, null, null, null, null, null, null);
        throw new FparityError(
                "unknown cluster '" + name + "' (profiles in " + dir + ": " + String.join(", ", byName.keySet())
                        + (byName.isEmpty() ? "none" : "") + "); see runners/clusters/README.md");
    }

    public List<String> names() {
        return new ArrayList<>(byName.keySet());
    }
}
