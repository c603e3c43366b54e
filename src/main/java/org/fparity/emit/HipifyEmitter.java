package org.fparity.emit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fparity.ir.Program;
import org.fparity.util.Executables;
import org.fparity.util.Processes;

/**
 * The HIPIFY path: the emitted CUDA text rewritten into HIP the way HIPIFY does it, not HIP emitted from the IR (the
 * seed paper found HIPIFY-converted tests behave differently). Uses ROCm's {@code hipify-perl} when it is on PATH or named by {@code $HIPIFY_PERL}.
 */
public final class HipifyEmitter implements Emitter {
    private final GpuEmitter cuda = new GpuEmitter(GpuEmitter.Api.CUDA);
    private final Path hipifyPerl;

    public HipifyEmitter() {
        this(locate());
    }

    /** With an explicit hipify-perl, or null for the built-in converter. */
    public HipifyEmitter(Path hipifyPerl) {
        this.hipifyPerl = hipifyPerl;
    }

    @Override
    public Language language() {
        return Language.HIPIFY;
    }

    @Override
    public String batch(List<Program> programs) {
        return hipify(cuda.batch(programs));
    }

    @Override
    public String deviceBatch(List<Program> programs) {
        return hipify(cuda.deviceBatch(programs));
    }

    @Override
    public String single(Program program) {
        return hipify(cuda.single(program));
    }

    private String hipify(String cudaText) {
        return hipifyPerl == null ? convert(cudaText) : runHipifyPerl(hipifyPerl, cudaText);
    }

    /**
     * The built-in converter, written to give exactly what ROCm's {@code hipify-perl} gives on fparity's emitted CUDA
     * (checked on hundreds of generated programs by a test whenever the real script is at hand): HIP's runtime header
     * is added as the first line and replaces CUDA's, {@code cuda*} runtime names (functions, types, enums, error codes)
     * become {@code hip*} with the few renames HIP made ({@link #RENAMED}), and kernel launches keep CUDA's
     * {@code <<<grid, block>>>} syntax, which hipcc accepts as HIPIFY leaves it. A hand-written scan rather than regular
     * expressions: it runs once per emitted batch and must keep up with them.
     */
    public static String convert(String cudaText) {
        String s = cudaText.replace("#include <cuda_runtime.h>", "#include <hip/hip_runtime.h>")
                .replace("#include <cuda_runtime_api.h>", "#include <hip/hip_runtime_api.h>");
        StringBuilder out = new StringBuilder(s.length() + s.length() / 16)
                .append(HIP_INCLUDE)
                .append('\n');
        int i = 0;
        int n = s.length();
        for (int c = s.indexOf("cuda"); c >= 0; c = s.indexOf("cuda", i)) {
            boolean wordStart = c == 0 || !identifierChar(s.charAt(c - 1));
            boolean apiName = c + 4 < n && (Character.isUpperCase(s.charAt(c + 4)) || s.charAt(c + 4) == '_');
            if (!wordStart || !apiName) {
                out.append(s, i, c + 4);
                i = c + 4;
                continue;
            }
            int end = c + 4;
            while (end < n && identifierChar(s.charAt(end))) end++;
            String name = s.substring(c, end);
            out.append(s, i, c).append(RENAMED.getOrDefault(name, "hip" + name.substring(4)));
            i = end;
        }
        out.append(s, i, n);
        return out.toString();
    }

    /** The line hipify-perl puts first in every file it converts. */
    static final String HIP_INCLUDE = "#include \"hip/hip_runtime.h\"";

    /** CUDA runtime names whose HIP name is not {@code hip} + the rest (as hipify-perl maps them). */
    static final java.util.Map<String, String> RENAMED =
            java.util.Map.of("cudaErrorInitializationError", "hipErrorNotInitialized");

    private static boolean identifierChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }

    private static String runHipifyPerl(Path tool, String cudaText) {
        try {
            Path dir = Files.createTempDirectory("fparity-hipify");
            try {
                Path in = dir.resolve("batch.cu");
                Files.writeString(in, cudaText);
                Processes.Captured c = Processes.command(perlArgv(tool, in.toString()))
                        .discardStderr()
                        .timeoutSeconds(300)
                        .capture();
                if (c.result().timedOut())
                    throw new IllegalStateException("hipify-perl timed out after 300 s; its process tree was killed");
                if (c.result().exitCode() != 0 || c.stdout().isEmpty()) {
                    throw new IllegalStateException(
                            "hipify-perl failed with exit code " + c.result().exitCode());
                }
                return c.stdout();
            } finally {
                try (var files = Files.list(dir)) {
                    for (Path f : files.toList()) Files.deleteIfExists(f);
                }
                Files.deleteIfExists(dir);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot run hipify-perl: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running hipify-perl", e);
        }
    }

    static Path findOnPath(String tool) {
        return Executables.find(tool);
    }

    /** hipify-perl runs through perl when it is not executable (a copied script loses its mode bit). */
    private static List<String> perlArgv(Path tool, String... args) {
        List<String> argv = new java.util.ArrayList<>();
        if (!Files.isExecutable(tool)) argv.add("perl");
        argv.add(tool.toString());
        argv.addAll(List.of(args));
        return argv;
    }

    /**
     * The real hipify-perl a person chose: {@code $HIPIFY_PERL}, else {@code hipify-perl} on PATH; null when neither
     * (the built-in converter is used then). The copy in {@code shared/peers/hipify/} is not picked up implicitly:
     * hipify-perl takes minutes on a 200-program batch of a busy machine; {@link #peerCopy()} finds it for the test
     * that holds the built-in converter to its output.
     */
    public static Path locate() {
        String env = System.getenv("HIPIFY_PERL");
        if (env != null && !env.isBlank() && Files.isRegularFile(Path.of(env)))
            return Path.of(env).toAbsolutePath();
        return findOnPath("hipify-perl");
    }

    /** ROCm's hipify-perl kept in {@code shared/peers/hipify/} beside the checkout (or the working directory), or null. */
    public static Path peerCopy() {
        if (Executables.find("perl") == null) return null;
        List<Path> roots = new java.util.ArrayList<>();
        roots.add(Path.of("").toAbsolutePath());
        try {
            // target/classes or target/fparity.jar → the checkout
            roots.add(Path.of(HipifyEmitter.class
                            .getProtectionDomain()
                            .getCodeSource()
                            .getLocation()
                            .toURI())
                    .getParent()
                    .getParent());
        } catch (Exception e) {
            // no code source (unusual class loader): the working directory has to do
        }
        for (Path r : roots) {
            Path f = r.resolveSibling("shared").resolve("peers/hipify/hipify-perl");
            if (r.getParent() != null && Files.isRegularFile(f)) return f;
        }
        return null;
    }

    /**
     * Which converter the HIPIFY language uses here, for the platform record: the real script with its version line
     * ({@code hipify-perl (HIP version 6.3.0) /path}) or the built-in one.
     */
    public static String converter() {
        return converter(locate());
    }

    static String converter(Path tool) {
        if (tool == null) return "built-in HIPIFY converter (hipify-perl's mapping of fparity's CUDA)";
        String version = null;
        try {
            Processes.Captured c = Processes.command(perlArgv(tool, "--version"))
                    .mergeStderr()
                    .timeoutSeconds(60)
                    .capture();
            version = c.stdout()
                    .lines()
                    .map(String::strip)
                    .filter(l -> !l.isEmpty())
                    .findFirst()
                    .orElse(null);
        } catch (IOException e) {
            version = null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return "hipify-perl (" + (version == null ? "version unknown" : version) + ") " + tool;
    }
}
