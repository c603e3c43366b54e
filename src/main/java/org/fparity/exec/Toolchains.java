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

/** The toolchain descriptors of one folder: every good file loaded, every bad one reported as one line, never fatal. */
public final class Toolchains {
    private final Path dir;
    private final Map<String, Toolchain> byName;
    private final List<String> problems;

    private Toolchains(Path dir, Map<String, Toolchain> byName, List<String> problems) {
        this.dir = dir;
        this.byName = byName;
        this.problems = problems;
    }

    /** Loads {@code dir/*.json} in name order. */
    public static Toolchains load(Path dir) {
        Map<String, Toolchain> found = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            throw new FparityError(
                    "toolchain folder " + dir + " not found (set FPARITY_HOME or pass --toolchain-dir)",
                    ExitCode.MISSING_TOOL);
        }
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.getFileName().toString().endsWith(".json"))
                    .sorted(java.util.Comparator.comparing(
                            (Path p) -> p.getFileName().toString().replaceFirst("\\.json$", "")))
                    .toList();
        } catch (IOException e) {
            throw new FparityError("cannot list " + dir + ": " + e.getMessage(), ExitCode.BAD_INPUT);
        }
        for (Path f : files) {
            String file = f.getFileName().toString();
            String stem = file.substring(0, file.length() - ".json".length());
            try {
                Toolchain tc = ProgramJson.STRICT.readValue(Files.readString(f), Toolchain.class);
                if (tc == null) throw new IllegalArgumentException("empty file");
                found.put(tc.name(), tc.validate(stem));
            } catch (JsonProcessingException e) {
                problems.add(ProgramJson.problem("toolchain file " + f, e));
            } catch (IllegalArgumentException | IOException e) {
                problems.add("toolchain file " + f + ": " + e.getMessage());
            }
        }
        return new Toolchains(dir, found, problems);
    }

    /**
     * Where the shipped descriptors are: {@code $FPARITY_HOME/runners/toolchains}, else {@code runners/toolchains} next to
     * the jar or classes folder fparity was started from, else the one under the working directory.
     */
    public static Path defaultDir() {
        String home = System.getenv("FPARITY_HOME");
        if (home != null && !home.isBlank()) return Path.of(home, "runners", "toolchains");
        try {
            Path code = Path.of(Toolchains.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            for (Path p = code; p != null; p = p.getParent()) {
                Path cand = p.resolve("runners").resolve("toolchains");
                if (Files.isDirectory(cand)) return cand;
            }
        } catch (Exception ignored) {
            // no code source (unusual class loader): fall back to the working directory
        }
        return Path.of("runners", "toolchains");
    }

    public Path dir() {
        return dir;
    }

    public List<Toolchain> all() {
        return List.copyOf(byName.values());
    }

    /** One line per file that could not be loaded. */
    public List<String> problems() {
        return List.copyOf(problems);
    }

    /** Whether a descriptor of this name loaded. */
    public boolean has(String name) {
        return byName.containsKey(name);
    }

    /** Names of the toolchains that loaded, in name order. */
    public List<String> names() {
        return List.copyOf(byName.keySet());
    }

    /** The toolchain with this name, or a one-line error listing the known names (exit 3: a toolchain asked for is missing). */
    public Toolchain get(String name) {
        Toolchain tc = byName.get(name);
        if (tc == null) {
            throw new FparityError(
                    "unknown toolchain '" + name + "' (known: " + String.join(", ", byName.keySet())
                            + "); run 'fparity toolchains' to see what is available",
                    ExitCode.MISSING_TOOL);
        }
        return tc;
    }
}
