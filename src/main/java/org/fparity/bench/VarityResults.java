package org.fparity.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.ir.ProgramJson;
import org.fparity.varity.CText;

/**
 * Varity's {@code results.json} (test → input → compiler → opt → the {@code %.17g} text the binary printed) read back as
 * values grouped by test and input, so its cases are counted by the same rule as fparity's
 * ({@link org.fparity.compare.DiscrepantCases}). {@code %.17g} round-trips a double exactly, so nothing is lost.
 */
public final class VarityResults {
    private VarityResults() {}

    /**
     * The parsed file.
     *
     * @param byTest     results per test, then per input (labels as Varity wrote them)
     * @param runs       (test, input, compiler, opt) entries
     * @param unreadable entries whose text is not a number Varity's printf can print (left out of byTest)
     */
    public record Parsed(Map<String, Map<String, List<Double>>> byTest, int runs, int unreadable) {}

    public static Parsed read(Path file) throws IOException {
        return parse(Files.readString(file, StandardCharsets.UTF_8), file.toString());
    }

    static Parsed parse(String json, String where) {
        JsonNode root;
        try {
            root = ProgramJson.MAPPER.readTree(json);
        } catch (IOException e) {
            throw new FparityError(
                    where + ": not Varity's results.json: "
                            + e.getMessage().lines().findFirst().orElse(""),
                    ExitCode.BAD_INPUT);
        }
        if (root == null || !root.isObject())
            throw new FparityError(
                    where + ": not Varity's results.json (expected an object of tests)", ExitCode.BAD_INPUT);
        Map<String, Map<String, List<Double>>> out = new LinkedHashMap<>();
        int runs = 0;
        int bad = 0;
        for (var test : root.properties()) {
            Map<String, List<Double>> inputs = new LinkedHashMap<>();
            for (var input : object(test.getValue(), where).properties()) {
                List<Double> values = new ArrayList<>();
                for (var compiler : object(input.getValue(), where).properties()) {
                    for (var opt : object(compiler.getValue(), where).properties()) {
                        runs++;
                        Double v = value(opt.getValue().asText());
                        if (v == null) bad++;
                        else values.add(v);
                    }
                }
                inputs.put(input.getKey(), values);
            }
            out.put(test.getKey(), inputs);
        }
        return new Parsed(out, runs, bad);
    }

    private static JsonNode object(JsonNode n, String where) {
        if (!n.isObject())
            throw new FparityError(
                    where + ": not Varity's results.json (expected test → input → compiler → opt → result)",
                    ExitCode.BAD_INPUT);
        return n;
    }

    /**
     * A value printed by glibc's {@code %.17g} ({@link CText#printed}, the reader {@code import-varity} uses); null for
     * anything else. The HIP fork's {@code "<value> time:<µs>"} form is accepted too.
     */
    static Double value(String text) {
        String t = text.strip();
        int sp = t.indexOf(' ');
        if (sp > 0) t = t.substring(0, sp);
        try {
            return CText.printed(t);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
