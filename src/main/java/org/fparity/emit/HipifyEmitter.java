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

    /**
     * The built-in converter: HIP's runtime header for CUDA's, {@code cuda*} runtime names (functions, types, enums,
     * error codes) to {@code hip*}, and triple-chevron launches to {@code hipLaunchKernelGGL} with {@code dim3} sizes.
     * A hand-written scan rather than regular expressions: it runs once per emitted batch and must keep up with them.
     */
    public static String convert(String cudaText) {
        String s = cudaText.replace("#include <cuda_runtime.h>", "#include \"hip/hip_runtime.h\"")
                .replace("#include <cuda_runtime_api.h>", "#include \"hip/hip_runtime.h\"");
        StringBuilder out = new StringBuilder(s.length() + s.length() / 16);
        int i = 0;
        int n = s.length();
        int c = s.indexOf("cuda");
        int l = s.indexOf("<<<");
        while (c >= 0 || l >= 0) {
            if (c >= 0 && c < i) c = s.indexOf("cuda", i);
            if (l >= 0 && l < i) l = s.indexOf("<<<", i);
            if (c < 0 && l < 0) break;
            if (c >= 0 && (l < 0 || c < l)) {
                boolean wordStart = c == 0 || !identifierChar(s.charAt(c - 1));
                boolean apiName = c + 4 < n && (Character.isUpperCase(s.charAt(c + 4)) || s.charAt(c + 4) == '_');
                out.append(s, i, c).append(wordStart && apiName ? "hip" : "cuda");
                i = c + 4;
            } else {
                i = launch(s, i, l, out);
            }
        }
        out.append(s, i, n);
        return out.toString();
    }

    /**
     * Rewrites {@code name<<<grid, block[, shared[, stream]]>>>(args)} found at {@code chevrons}; text from {@code from}
     * up to the kernel name is copied first. Returns where copying resumes. A malformed launch is copied unchanged.
     */
    private static int launch(String s, int from, int chevrons, StringBuilder out) {
        int nameEnd = chevrons;
        while (nameEnd > from && Character.isWhitespace(s.charAt(nameEnd - 1))) nameEnd--;
        int nameStart = nameEnd;
        while (nameStart > from && identifierChar(s.charAt(nameStart - 1))) nameStart--;
        int close = s.indexOf(">>>", chevrons + 3);
        int paren = close < 0 ? -1 : skipSpace(s, close + 3);
        if (nameStart == nameEnd || close < 0 || paren >= s.length() || s.charAt(paren) != '(') {
            out.append(s, from, chevrons + 3);
            return chevrons + 3;
        }
        List<String> cfg = splitTopLevel(s.substring(chevrons + 3, close));
        if (cfg.size() < 2 || cfg.size() > 4) {
            out.append(s, from, chevrons + 3);
            return chevrons + 3;
        }
        out.append(s, from, nameStart).append("hipLaunchKernelGGL(").append(s, nameStart, nameEnd)
                .append(", dim3(").append(cfg.get(0)).append("), dim3(").append(cfg.get(1)).append("), ")
                .append(cfg.size() > 2 ? cfg.get(2) : "0").append(", ").append(cfg.size() > 3 ? cfg.get(3) : "0");
        int args = skipSpace(s, paren + 1);
        // a launch with no arguments closes at once: "k<<<1, 1>>>()" becomes "hipLaunchKernelGGL(k, ..., 0, 0)"
        if (args < s.length() && s.charAt(args) == ')') {
            out.append(')');
            return args + 1;
        }
        out.append(", ");
        return args;
    }

    /** Splits a launch configuration at commas outside parentheses: {@code dim3(2, 2), 64} is two values. */
    private static List<String> splitTopLevel(String cfg) {
        List<String> parts = new java.util.ArrayList<>(4);
        int depth = 0;
        int start = 0;
        for (int i = 0; i < cfg.length(); i++) {
            char ch = cfg.charAt(i);
            if (ch == '(') depth++;
            else if (ch == ')') depth--;
            else if (ch == ',' && depth == 0) {
                parts.add(cfg.substring(start, i).strip());
                start = i + 1;
            }
        }
        parts.add(cfg.substring(start).strip());
        return parts;
    }

    private static int skipSpace(String s, int i) {
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) i++;
        return i;
    }

    private static boolean identifierChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }

    private static String runHipifyPerl(Path tool, String cudaText) {
        try {
            Path dir = Files.createTempDirectory("fparity-hipify");
            try {
                Path in = dir.resolve("batch.cu");
                Files.writeString(in, cudaText);
                Processes.Captured c = Processes.command(tool.toString(), in.toString()).discardStderr().timeoutSeconds(60).capture();
                if (c.result().timedOut()) throw new IllegalStateException("hipify-perl timed out after 60 s; its process tree was killed");
                if (c.result().exitCode() != 0 || c.stdout().isEmpty()) {
                    throw new IllegalStateException("hipify-perl failed with exit code " + c.result().exitCode());
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
}
