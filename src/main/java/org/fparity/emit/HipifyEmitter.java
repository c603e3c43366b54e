package org.fparity.emit;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fparity.ir.Program;

/**
 * The HIPIFY path: the emitted CUDA text rewritten into HIP the way HIPIFY does it, not HIP emitted from the IR (the
 * seed paper found HIPIFY-converted tests behave differently). Uses {@code hipify-perl} when it is on PATH.
 */
public final class HipifyEmitter implements Emitter {
    private final GpuEmitter cuda = new GpuEmitter(GpuEmitter.Api.CUDA);
    private final Path hipifyPerl;

    public HipifyEmitter() {
        this(findOnPath("hipify-perl"));
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
    public String single(Program program) {
        return hipify(cuda.single(program));
    }

    private String hipify(String cudaText) {
        return hipifyPerl == null ? convert(cudaText) : runHipifyPerl(hipifyPerl, cudaText);
    }

    private static final Pattern INCLUDE = Pattern.compile("#include\\s*[<\"]cuda_runtime(?:_api)?\\.h[>\"]");
    // a launch: name<<<grid, block[, shared[, stream]]>>>(  — arguments must not contain commas at top level here
    private static final Pattern LAUNCH = Pattern.compile("([A-Za-z_]\\w*)\\s*<<<\\s*([^,<>]+?)\\s*,\\s*([^,<>]+?)\\s*(?:,\\s*([^,<>]+?)\\s*)?(?:,\\s*([^,<>]+?)\\s*)?>>>\\s*\\(\\s*");
    private static final Pattern CUDA_NAME = Pattern.compile("\\bcuda(?=[A-Z_])");

    /**
     * The built-in converter: HIP's runtime header for CUDA's, {@code cuda*} runtime names (functions, types, enums,
     * error codes) to {@code hip*}, and triple-chevron launches to {@code hipLaunchKernelGGL} with {@code dim3} sizes.
     */
    public static String convert(String cudaText) {
        String s = INCLUDE.matcher(cudaText).replaceAll("#include \"hip/hip_runtime.h\"");
        s = CUDA_NAME.matcher(s).replaceAll("hip");
        Matcher m = LAUNCH.matcher(s);
        StringBuilder out = new StringBuilder(s.length() + 256);
        int last = 0;
        while (m.find()) {
            out.append(s, last, m.start());
            String shared = m.group(4) == null ? "0" : m.group(4);
            String stream = m.group(5) == null ? "0" : m.group(5);
            out.append("hipLaunchKernelGGL(").append(m.group(1)).append(", dim3(").append(m.group(2)).append("), dim3(")
                    .append(m.group(3)).append("), ").append(shared).append(", ").append(stream);
            // a launch with no arguments closes at once: "k<<<1,1>>>()" becomes "hipLaunchKernelGGL(k, ..., 0, 0)"
            int after = m.end();
            if (after < s.length() && s.charAt(after) == ')') {
                out.append(')');
                last = after + 1;
            } else {
                out.append(", ");
                last = after;
            }
        }
        out.append(s, last, s.length());
        return out.toString();
    }

    private static String runHipifyPerl(Path tool, String cudaText) {
        try {
            Path dir = Files.createTempDirectory("fparity-hipify");
            try {
                Path in = dir.resolve("batch.cu");
                Files.writeString(in, cudaText);
                Process p = new ProcessBuilder(tool.toString(), in.toString()).redirectErrorStream(false)
                        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
                byte[] out = p.getInputStream().readAllBytes();
                if (!p.waitFor(60, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    throw new IllegalStateException("hipify-perl timed out after 60 s");
                }
                if (p.exitValue() != 0 || out.length == 0) throw new IllegalStateException("hipify-perl failed with exit code " + p.exitValue());
                return new String(out, StandardCharsets.UTF_8);
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
        String path = System.getenv("PATH");
        if (path == null) return null;
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isEmpty()) continue;
            Path f = Path.of(dir, tool);
            if (Files.isRegularFile(f) && Files.isExecutable(f)) return f;
        }
        return null;
    }
}
