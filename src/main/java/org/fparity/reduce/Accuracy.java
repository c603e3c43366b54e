package org.fparity.reduce;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.ir.ProgramJson;

/**
 * The math libraries' documented maximum errors, as data ({@code runners/accuracy/*.json}): per library, the languages
 * it serves, where the numbers come from, and the maximum ULPs per precision and function.
 */
public final class Accuracy {
    /** One library's table. */
    public record Table(
            String library,
            List<String> languages,
            String source,
            Map<String, Map<String, Integer>> maxUlps,
            List<NotUnder> notUnder) {}

    /**
     * Bounds the source says do not hold when the build has one of {@code flags} (CUDA's single-precision functions
     * under {@code --use_fast_math}): for those, no documented bound.
     */
    public record NotUnder(String precision, List<String> functions, List<String> flags, String note) {}

    /** A documented bound: the number, the library and the source. */
    public record Bound(int maxUlps, String library, String source) {}

    private final List<Table> tables;

    Accuracy(List<Table> tables) {
        this.tables = List.copyOf(tables);
    }

    /** The tables in {@code dir} (none when the folder is absent). */
    public static Accuracy load(Path dir) {
        List<Table> out = new ArrayList<>();
        if (dir == null || !Files.isDirectory(dir)) return new Accuracy(out);
        try (var files = Files.list(dir)) {
            for (Path f :
                    files.filter(p -> p.toString().endsWith(".json")).sorted().toList()) out.add(read(f));
        } catch (IOException e) {
            throw new FparityError("cannot read " + dir + ": " + FparityError.reason(e), ExitCode.IO_FAILURE);
        }
        return new Accuracy(out);
    }

    private static Table read(Path f) throws IOException {
        JsonNode root;
        try {
            root = ProgramJson.MAPPER.readTree(f.toFile());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new FparityError(f + " is not valid JSON: " + e.getOriginalMessage());
        }
        List<String> langs = new ArrayList<>();
        root.path("languages").forEach(n -> langs.add(n.asText()));
        Map<String, Map<String, Integer>> max = new HashMap<>();
        root.path("maxUlps").properties().forEach(p -> {
            Map<String, Integer> fns = new HashMap<>();
            p.getValue().properties().forEach(fn -> {
                if (!fn.getValue().canConvertToInt() || fn.getValue().asInt() < 0)
                    throw new FparityError(
                            f + ": maxUlps." + p.getKey() + "." + fn.getKey() + " is not a count of ULPs");
                fns.put(fn.getKey(), fn.getValue().asInt());
            });
            max.put(p.getKey(), fns);
        });
        List<NotUnder> not = new ArrayList<>();
        for (JsonNode n : root.path("notUnder")) {
            List<String> fns = new ArrayList<>();
            n.path("functions").forEach(x -> fns.add(x.asText()));
            List<String> flags = new ArrayList<>();
            n.path("flags").forEach(x -> flags.add(x.asText()));
            if (!n.path("precision").isTextual() || fns.isEmpty() || flags.isEmpty())
                throw new FparityError(f + ": each notUnder entry needs a precision, functions and flags");
            not.add(new NotUnder(
                    n.path("precision").asText(), fns, flags, n.path("note").asText("")));
        }
        return new Table(
                root.path("library").asText(f.getFileName().toString()),
                langs,
                root.path("source").asText(""),
                max,
                not);
    }

    /** The documented bound for a function of a toolchain's language at a precision ({@code fp64}, {@code fp32}), or null. */
    public Bound bound(String language, String precision, String function) {
        return bound(language, precision, function, List.of());
    }

    /**
     * As {@link #bound(String, String, String)} for a build with these flags: null where the source says its bound
     * does not hold under one of them.
     */
    public Bound bound(String language, String precision, String function, List<String> flags) {
        for (Table t : tables) {
            if (!t.languages().contains(language)) continue;
            Integer n = t.maxUlps().getOrDefault(precision, Map.of()).get(function);
            if (n == null) continue;
            for (NotUnder x : t.notUnder())
                if (x.precision().equals(precision)
                        && x.functions().contains(function)
                        && x.flags().stream().anyMatch(flags::contains)) return null;
            return new Bound(n, t.library(), t.source());
        }
        return null;
    }
}
