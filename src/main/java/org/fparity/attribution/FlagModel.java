package org.fparity.attribution;

import com.fasterxml.jackson.databind.JsonNode;
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
import org.fparity.exec.Toolchain;
import org.fparity.ir.ProgramJson;
import org.fparity.util.Processes;

/**
 * What a toolchain's opt levels are made of and the knobs that turn each behaviour on or off, as data
 * ({@code runners/knobs/*.json}): gcc's {@code O3_FM} is {@code -O3} and the sub-flags of {@code -ffast-math} with
 * {@code -funsafe-math-optimizations} expanded, plus {@code crtfastmath.o}, which the link adds. A level the file does
 * not decompose is its descriptor's flags as they are. Linked objects are named by a probe (the compiler says where
 * {@code crtfastmath.o} is) and enter the build line as that path. A word the file spells out ({@code words}) enters
 * the build line as its words: gcc's {@code -funsafe-math-optimizations} as the umbrella alone, its sub-flags left to
 * their own words, handed to the compiler proper so that the driver does not link {@code crtfastmath.o} for it.
 */
public record FlagModel(
        String file,
        Map<String, List<String>> levels,
        Map<String, String> linked,
        Map<String, String> meanings,
        List<Knob> knobs,
        String passes,
        Map<String, List<String>> words) {
    public FlagModel {
        words = Map.copyOf(words);
    }

    /** A model without spelled-out words. */
    public FlagModel(
            String file,
            Map<String, List<String>> levels,
            Map<String, String> linked,
            Map<String, String> meanings,
            List<Knob> knobs,
            String passes) {
        this(file, levels, linked, meanings, knobs, passes, Map.of());
    }

    /**
     * A behaviour and the flags that switch it; {@code off} null when only leaving {@code on} out turns it off; {@code
     * operation} the kind of operation it makes differ (a root cause names it), null for knobs that only let others
     * act (signed zeros, traps).
     */
    public record Knob(String name, String on, String off, String implicit, String operation) {}

    /** The model for a toolchain: the file under {@code dir} that lists it, or an empty model (levels as they are). */
    public static FlagModel forToolchain(Path dir, String toolchain) {
        if (Files.isDirectory(dir)) {
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".json"))
                        .sorted()
                        .toList()) {
                    JsonNode root = ProgramJson.STRICT.readTree(Files.readString(f));
                    for (JsonNode t : root.path("toolchains")) {
                        if (t.asText().equals(toolchain)) return parse(f, root);
                    }
                }
            } catch (IOException e) {
                throw new FparityError(
                        "cannot read the knob files in " + dir + ": " + e.getMessage(), ExitCode.IO_FAILURE);
            }
        }
        return new FlagModel(null, Map.of(), Map.of(), Map.of(), List.of(), null, Map.of());
    }

    static FlagModel parse(Path f, JsonNode root) {
        Map<String, List<String>> levels = new LinkedHashMap<>();
        root.path("levels").properties().forEach(e -> {
            List<String> flags = new ArrayList<>();
            e.getValue().forEach(v -> flags.add(v.asText()));
            levels.put(e.getKey(), List.copyOf(flags));
        });
        Map<String, String> linked = new LinkedHashMap<>();
        Map<String, String> meanings = new LinkedHashMap<>();
        root.path("linked").properties().forEach(e -> {
            List<String> probe = new ArrayList<>();
            e.getValue().path("probe").forEach(v -> probe.add(v.asText()));
            String where = probe.isEmpty() || Processes.which(probe.getFirst()) == null
                    ? null
                    : Processes.probe(probe, Map.of(), 30);
            String path = where == null ? null : where.strip();
            if (path != null && Files.isRegularFile(Path.of(path))) linked.put(e.getKey(), path);
            meanings.put(e.getKey(), e.getValue().path("meaning").asText(""));
        });
        Map<String, List<String>> words = new LinkedHashMap<>();
        root.path("words").properties().forEach(e -> {
            List<String> argv = new ArrayList<>();
            e.getValue().path("argv").forEach(v -> argv.add(v.asText()));
            words.put(e.getKey(), List.copyOf(argv));
        });
        List<Knob> knobs = new ArrayList<>();
        for (JsonNode k : root.path("knobs")) {
            knobs.add(new Knob(
                    k.path("name").asText(),
                    k.path("on").asText(),
                    k.hasNonNull("off") ? k.get("off").asText() : null,
                    k.hasNonNull("implicit") ? k.get("implicit").asText() : null,
                    k.hasNonNull("operation") ? k.get("operation").asText() : null));
        }
        return new FlagModel(
                f.toString(),
                levels,
                linked,
                meanings,
                List.copyOf(knobs),
                root.hasNonNull("passes") ? root.get("passes").asText() : null,
                words);
    }

    /** The flags an opt level is made of (the decomposition where the model has one, else the descriptor's). */
    public List<String> parts(Toolchain tc, String opt) {
        List<String> own = tc.opt().get(opt);
        if (own == null)
            throw new FparityError(
                    tc.name() + " has no opt level '" + opt + "' (it has: " + String.join(", ", tc.optLevels()) + ")");
        return levels.getOrDefault(opt, own);
    }

    /**
     * The build line's words for a set of flags: a linked object becomes its path (one the probe did not find is an
     * error), a spelled-out word its words.
     */
    public List<String> argv(List<String> flags) {
        List<String> out = new ArrayList<>();
        for (String f : flags) {
            if (words.containsKey(f)) {
                out.addAll(words.get(f));
            } else if (meanings.containsKey(f)) {
                String path = linked.get(f);
                if (path == null)
                    throw new FparityError(
                            "cannot find " + f + " for this toolchain (its probe in " + file + " found nothing)",
                            ExitCode.MISSING_TOOL);
                out.add(path);
            } else {
                out.add(f);
            }
        }
        return out;
    }

    /** The knob a flag turns on, or null. */
    public Knob knobOf(String flag) {
        for (Knob k : knobs) if (k.on().equals(flag)) return k;
        return null;
    }
}
