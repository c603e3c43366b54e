package org.fparity.reduce;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.fparity.confirm.Standalone;
import org.fparity.exec.DetectedToolchain;
import org.fparity.util.Processes;

/**
 * Builds a bundle's sources once with this machine's toolchains, without running them: what can be said of a bundle
 * whose platforms cannot run here (a GPU toolchain without a GPU) — that its source compiles with the exact build line.
 */
public final class BundleCompile {
    private BundleCompile() {}

    /** Seconds one compile may take. */
    static final long TIMEOUT_SECONDS = 300;

    /**
     * One phrase per source: {@code min.cu compiles with nvcc here (-O0; -O3 -use_fast_math)} (each side's flags),
     * {@code min.cu does not compile with nvcc here (-O0): <first line of its error>} or {@code min.cu not compiled:
     * compiler 'nvcc' not found on PATH}; a source two sides share is named once. The binaries go to {@code work},
     * never into the bundle.
     */
    public static String check(
            Path bundle, DetectedToolchain a, String optA, DetectedToolchain b, String optB, Path work)
            throws InterruptedException {
        java.util.Map<String, List<Integer>> byFile = new java.util.LinkedHashMap<>();
        DetectedToolchain[] dts = {a, b};
        String[] opts = {optA, optB};
        for (int side = 0; side < 2; side++) {
            String file = Bundle.minimalName(dts[side].toolchain().lang());
            if (!Files.isRegularFile(bundle.resolve(file))) file = Bundle.fileName(dts[side]);
            byFile.computeIfAbsent(file, k -> new ArrayList<>()).add(side);
        }
        List<String> out = new ArrayList<>();
        for (var e : byFile.entrySet()) {
            String file = e.getKey();
            Set<String> flags = new LinkedHashSet<>();
            String failed = null;
            String compiler = null;
            for (int side : e.getValue()) {
                DetectedToolchain dt = dts[side];
                List<String> argv = dt.toolchain()
                        .compileArgv(
                                opts[side],
                                bundle.resolve(file).toAbsolutePath().toString(),
                                "bin",
                                Standalone.className(dt));
                compiler = argv.getFirst();
                String f = String.join(" ", dt.toolchain().opt().getOrDefault(opts[side], List.of()));
                if (!flags.add(f)) continue;
                if (!dt.canCompile()) {
                    failed = file + " not compiled: " + dt.compileProblem();
                    break;
                }
                String error = compile(argv, dt, work);
                if (error != null) {
                    failed = file + " does not compile with " + compiler + " here (" + f + "): " + error;
                    break;
                }
            }
            out.add(
                    failed != null
                            ? failed
                            : file + " compiles with " + compiler + " here (" + String.join("; ", flags) + ")");
        }
        return String.join("; ", out);
    }

    /** Null when it compiles, else the first line of what the compiler said. */
    private static String compile(List<String> argv, DetectedToolchain dt, Path work) throws InterruptedException {
        try {
            Path dir = Files.createTempDirectory(Files.createDirectories(work), "bundle-compile-");
            Path log = dir.resolve("compile.log");
            Processes.Result r = Processes.run(argv, dt.toolchain().env(), dir, log, TIMEOUT_SECONDS);
            if (r.ok()) return null;
            return Files.readAllLines(log).stream()
                    .filter(l -> !l.isBlank())
                    .findFirst()
                    .orElse(r.timedOut() ? "timed out after " + TIMEOUT_SECONDS + " s" : "exit " + r.exitCode());
        } catch (IOException e) {
            return org.fparity.FparityError.reason(e);
        }
    }
}
