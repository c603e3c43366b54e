package org.fparity.varity;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A campaign folder with Varity's {@code results.json} (test → input → compiler → opt label → printed result) and its
 * {@code _tests/_group_G/_test_T.{c,cu,hip}} sources. Upstream keys are source paths with {@code .c} and
 * comma-separated inputs; the HIP fork ({@code doloresmiao/Varity}, recognised by its {@code run_data.json}) keys tests
 * without an extension, separates inputs with spaces and may append {@code " time:<µs>"} to every result.
 *
 * <p>The file is read as a stream, test by test, so a truncated or damaged {@code results.json} still yields every test
 * before the damage (one problem line says where it stopped).
 */
final class ResultsJsonLayout {
    static final String RESULTS = "results.json";
    static final String RUN_DATA = "run_data.json";
    private static final Pattern TIMED = Pattern.compile("(\\S+)\\s+time:(\\d+)");
    private static final ObjectMapper PLAIN = new ObjectMapper();

    private ResultsJsonLayout() {}

    static boolean looksLike(Path dir) {
        return Files.isRegularFile(dir.resolve(RESULTS));
    }

    static Layout read(Path dir, Consumer<String> problem) throws IOException {
        Path results = dir.resolve(RESULTS);
        Path runData = dir.resolve(RUN_DATA);
        boolean hipFork = Files.isRegularFile(runData);
        Map<String, String> compilerPaths = new HashMap<>();
        if (hipFork) compilerPaths.putAll(compilers(runData, problem));

        Map<String, JsonNode> tests = new LinkedHashMap<>();
        JsonFactory jf = PLAIN.getFactory();
        try (JsonParser p = jf.createParser(results.toFile())) {
            p.setCodec(PLAIN);
            String key = null;
            try {
                if (p.nextToken() != JsonToken.START_OBJECT)
                    throw new JsonProcessingException("expected an object of tests", p.currentLocation()) {};
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    key = p.currentName();
                    p.nextToken();
                    JsonNode v = p.readValueAsTree();
                    if (tests.putIfAbsent(key, v) != null)
                        problem.accept(RESULTS + ": test '" + key + "' appears twice; the first counts");
                    key = null;
                }
            } catch (JsonProcessingException e) {
                var loc = e.getLocation();
                problem.accept(
                        RESULTS + ": " + (e.getOriginalMessage().contains("end-of-input") ? "truncated" : "malformed")
                                + (loc == null ? "" : " at line " + loc.getLineNr() + " column " + loc.getColumnNr())
                                + (key == null ? "" : " inside test '" + key + "'") + ": the " + tests.size()
                                + " complete tests before it are imported");
            }
        }

        // a HIP-fork campaign either times every result or none (RECORD_RUNTIME); only a mix means damage
        boolean timed = hipFork && tests.values().stream().anyMatch(ResultsJsonLayout::anyTimed);
        List<RecordedCase> cases = new ArrayList<>();
        for (var t : tests.entrySet()) {
            String name = t.getKey();
            List<RecordedCase.Run> runs = new ArrayList<>();
            JsonNode inputs = t.getValue();
            if (!inputs.isObject()) {
                problem.accept(RESULTS + ": test '" + name + "' is not an object of inputs; not imported");
                continue;
            }
            for (var in : inputs.properties()) {
                List<String> input = Arrays.asList(in.getKey().strip().split(hipFork ? "\\s+" : ","));
                if (!in.getValue().isObject()) {
                    problem.accept(RESULTS + ": test '" + name + "' input '" + in.getKey()
                            + "' is not an object of compilers");
                    continue;
                }
                for (var comp : in.getValue().properties()) {
                    if (!comp.getValue().isObject()) {
                        problem.accept(RESULTS + ": test '" + name + "' compiler '" + comp.getKey()
                                + "' is not an object of opt labels");
                        continue;
                    }
                    for (var opt : comp.getValue().properties()) {
                        String v = opt.getValue().asText();
                        long micros = 0;
                        String out = v;
                        if (timed) {
                            Matcher m = TIMED.matcher(v.strip());
                            if (!m.matches()) {
                                problem.accept(RESULTS + ": test '" + name + "' " + comp.getKey() + " " + opt.getKey()
                                        + ": value '" + v
                                        + "' has no ' time:<µs>' (the HIP fork's format); not imported");
                                continue;
                            }
                            out = m.group(1);
                            micros = Long.parseLong(m.group(2));
                        }
                        runs.add(new RecordedCase.Run(input, comp.getKey(), opt.getKey(), out, micros));
                    }
                }
            }
            cases.add(new RecordedCase(name, sources(dir, name, hipFork), runs));
        }
        String site = "varity-" + dir.toAbsolutePath().normalize().getFileName();
        String kind = hipFork ? "varity-hip-fork" : "varity-results";
        return new Layout(kind, dir, cases, (compiler, opt) -> {
            String path = compilerPaths.get(compiler);
            List<String> flags = RecordedPlatform.varityFlags(path != null ? path + " " + compiler : compiler, opt);
            String version = "not recorded by Varity" + (path == null ? "" : " (compiler path " + path + ")");
            return new RecordedPlatform(compiler, opt, site, Map.of(), flags, version, results.toString());
        });
    }

    private static boolean anyTimed(JsonNode test) {
        for (JsonNode in : test)
            for (JsonNode comp : in) for (JsonNode v : comp) if (v.asText().contains("time:")) return true;
        return false;
    }

    /** The HIP fork's {@code run_data.json} "Compilers": name → path (the flags Varity chose depend on it). */
    private static Map<String, String> compilers(Path runData, Consumer<String> problem) {
        Map<String, String> out = new HashMap<>();
        try {
            JsonNode n = PLAIN.readTree(runData.toFile());
            JsonNode c = n == null ? null : n.get("Compilers");
            if (c != null && c.isObject())
                for (var e : c.properties()) out.put(e.getKey(), e.getValue().asText());
            else problem.accept(RUN_DATA + ": no \"Compilers\" object; compiler paths unknown");
        } catch (IOException e) {
            problem.accept(RUN_DATA + ": unreadable ("
                    + e.getMessage().lines().findFirst().orElse("") + "); compiler paths unknown");
        }
        return out;
    }

    /**
     * The source files of a test key, relative to the folder that holds the campaign folder (Varity's keys start with
     * the campaign folder's name) or to the campaign folder itself: the {@code .c} first, then {@code .cu} and {@code .hip}.
     */
    static List<Path> sources(Path dir, String key, boolean hipFork) {
        String base = key.endsWith(".c") ? key.substring(0, key.length() - 2) : key;
        List<Path> bases = new ArrayList<>();
        Path parent = dir.toAbsolutePath().normalize().getParent();
        if (parent != null) bases.add(parent.resolve(base));
        bases.add(dir.resolve(base));
        int tests = base.indexOf("_tests/");
        if (tests >= 0) bases.add(dir.resolve(base.substring(tests)));
        for (Path b : bases) {
            List<Path> found = new ArrayList<>();
            for (String ext : List.of(".c", ".cu", ".hip")) {
                Path f = b.resolveSibling(b.getFileName() + ext);
                if (Files.isRegularFile(f)) found.add(f);
            }
            if (!found.isEmpty()) return found;
        }
        return List.of();
    }
}
