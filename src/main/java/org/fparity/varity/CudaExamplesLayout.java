package org.fparity.varity;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Varity's {@code cuda_examples} folder: {@code src/case_N/test.cu} with {@code input.txt}, and {@code outputs.txt}
 * holding, per case, the input and one {@code label: result} line per opt label, recorded with CUDA 9.2 on V100 GPUs of
 * LLNL's Lassen.
 */
final class CudaExamplesLayout {
    static final String OUTPUTS = "outputs.txt";
    static final String TOOLCHAIN = "nvcc-9.2";
    static final String SITE = "varity-lassen";

    private CudaExamplesLayout() {}

    static boolean looksLike(Path dir) {
        return Files.isRegularFile(dir.resolve(OUTPUTS)) && Files.isDirectory(dir.resolve("src"));
    }

    static Layout read(Path dir, Consumer<String> problem) throws IOException {
        Path outputs = dir.resolve(OUTPUTS);
        List<String> lines = Files.readAllLines(outputs);
        Map<String, Block> blocks = new LinkedHashMap<>();
        Block cur = null;
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i).strip();
            int ln = i + 1;
            if (l.isEmpty()) continue;
            int colon = l.indexOf(':');
            if (colon < 0) {
                problem.accept(OUTPUTS + " line " + ln + ": '" + l + "' is not 'key: value'");
                continue;
            }
            String key = l.substring(0, colon).strip();
            String value = l.substring(colon + 1).strip();
            if (key.equals("Case")) {
                cur = new Block(value, ln);
                if (blocks.putIfAbsent(value, cur) != null) {
                    problem.accept(
                            OUTPUTS + " line " + ln + ": case " + value + " appears twice; the second is ignored");
                    cur = new Block(value, ln); // collects the duplicate and drops it
                }
            } else if (cur == null) {
                problem.accept(OUTPUTS + " line " + ln + ": '" + key + "' before any 'Case:'");
            } else if (key.equals("File")) {
                cur.file = value;
            } else if (key.equals("Input")) {
                cur.input = value;
            } else if (key.matches("O[0-3s](_[A-Za-z0-9]+)?")) {
                if (cur.results.putIfAbsent(key, value) != null)
                    problem.accept(OUTPUTS + " line " + ln + ": case " + cur.name + " has " + key
                            + " twice; the first counts");
            } else {
                problem.accept(OUTPUTS + " line " + ln + ": unknown key '" + key + "' in case " + cur.name);
            }
        }
        List<RecordedCase> cases = new ArrayList<>();
        TreeSet<String> withSource = new TreeSet<>();
        try (Stream<Path> s = Files.list(dir.resolve("src"))) {
            s.filter(p -> p.getFileName().toString().startsWith("case_") && Files.isDirectory(p))
                    .forEach(p -> withSource.add(p.getFileName().toString().substring(5)));
        }
        for (Block b : blocks.values()) {
            Path src = dir.resolve("src").resolve("case_" + b.name).resolve("test.cu");
            String name = "case_" + b.name;
            if (b.input == null) {
                problem.accept(
                        OUTPUTS + " line " + b.line + ": case " + b.name + " has no 'Input:' line; not imported");
                continue;
            }
            List<String> input = Arrays.asList(b.input.split("\\s+"));
            Path inputTxt = src.resolveSibling("input.txt");
            if (Files.isRegularFile(inputTxt)) {
                List<String> other =
                        Arrays.asList(Files.readString(inputTxt).strip().split("\\s+"));
                if (!other.equals(input))
                    problem.accept(name + ": input.txt differs from the Input of " + OUTPUTS
                            + "; the latter (what the results belong to) is imported");
            }
            List<RecordedCase.Run> runs = new ArrayList<>();
            for (var r : b.results.entrySet())
                runs.add(new RecordedCase.Run(input, TOOLCHAIN, r.getKey(), r.getValue(), 0));
            cases.add(new RecordedCase(name, Files.isRegularFile(src) ? List.of(src) : List.of(), runs));
            withSource.remove(b.name);
        }
        // sources without recorded results: the program and its input are still worth having
        for (String n : withSource) {
            Path src = dir.resolve("src").resolve("case_" + n).resolve("test.cu");
            Path inputTxt = src.resolveSibling("input.txt");
            if (!Files.isRegularFile(src)) continue;
            problem.accept("case_" + n + ": no entry in " + OUTPUTS
                    + "; program and input.txt imported without recorded results");
            List<String> input = Files.isRegularFile(inputTxt)
                    ? Arrays.asList(Files.readString(inputTxt).strip().split("\\s+"))
                    : List.of();
            List<RecordedCase.Run> runs =
                    input.isEmpty() ? List.of() : List.of(new RecordedCase.Run(input, null, null, null, 0));
            cases.add(new RecordedCase("case_" + n, List.of(src), runs));
        }
        return new Layout(
                "varity-cuda-examples",
                dir,
                cases,
                (compiler, opt) -> new RecordedPlatform(
                        compiler,
                        opt,
                        SITE,
                        Map.of("gpu", "V100", "gpu_runtime", "CUDA 9.2"),
                        flags(opt),
                        "CUDA 9.2 (cuda_examples/README.md)",
                        dir.resolve(OUTPUTS).toString()));
    }

    /** What Varity's README says each label meant; {@code O3_strict}'s flags are not documented. */
    private static List<String> flags(String opt) {
        return switch (opt) {
            case "O0", "O1", "O2", "O3" -> List.of("-" + opt);
            case "O0_nofma" -> List.of("-O0", "--fmad=false");
            case "O3_nostrict" -> List.of("-O3", "-use_fast_math");
            default -> null;
        };
    }

    private static final class Block {
        final String name;
        final int line;
        String file;
        String input;
        final Map<String, String> results = new LinkedHashMap<>();

        Block(String name, int line) {
            this.name = name;
            this.line = line;
        }
    }
}
