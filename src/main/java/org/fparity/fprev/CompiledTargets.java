package org.fparity.fprev;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.ir.Precision;
import org.fparity.util.Hashes;
import org.fparity.util.Processes;

/**
 * Summations compiled by a real toolchain and probed through the line protocol: any C function (gcc or clang, default
 * {@code -O3 -ffast-math -march=native}, so vectorised lanes show in the tree) and OpenCL reductions (PoCL on the CPU).
 * Binaries are cached by a hash of compiler, flags, dtype and sources.
 */
public final class CompiledTargets {
    public static final String DEFAULT_CFLAGS = "-O3 -ffast-math -march=native";

    private CompiledTargets() {}

    /** {@code c.gcc}, {@code c.clang-19}, …: the kernel (default runners/fprev/kernels/sum.c) compiled with cflags. */
    public static ProcessTarget c(String spec, Precision p, Path kernel, String cflags) {
        String compiler = spec.substring(2);
        if (compiler.isEmpty()) throw new FparityError("name the compiler: c.gcc, c.clang, c.clang-19, …");
        String cc = Runners.onPath(compiler);
        if (cc == null) throw new FparityError("compiler '" + compiler + "' not found on PATH", ExitCode.MISSING_TOOL);
        String ctype = cType(p);
        Path harness = Runners.find("c_harness.c");
        Path k = kernel != null ? kernel : Runners.find("kernels/sum.c");
        if (!Files.isRegularFile(k)) throw new FparityError("kernel file not found: " + k);
        String flags = cflags == null ? DEFAULT_CFLAGS : cflags;
        Path dir = cacheDir("c", cc, flags, ctype, read(harness), read(k));
        Path bin = dir.resolve("probe");
        if (!Files.isExecutable(bin)) {
            String tag = "." + ProcessHandle.current().pid();
            List<String> define = List.of("-DFPREV_T=" + ctype);
            Path h = dir.resolve("h.o" + tag), ko = dir.resolve("k.o" + tag), tmp = dir.resolve("probe" + tag);
            run(dir, concat(List.of(cc, "-O2", "-c", harness.toString(), "-o", h.toString()), define));
            List<String> kc = new ArrayList<>(List.of(cc));
            kc.addAll(splitFlags(flags));
            kc.addAll(List.of("-c", k.toString(), "-o", ko.toString()));
            run(dir, concat(kc, define));
            run(dir, List.of(cc, h.toString(), ko.toString(), "-o", tmp.toString(), "-lm"));
            publish(tmp, bin);
        }
        return new ProcessTarget(spec, p, List.of(bin.toString()), Map.of());
    }

    /** {@code opencl}: the reduction kernel (default runners/fprev/kernels/reduce.cl) on the first OpenCL device. */
    public static ProcessTarget opencl(String spec, Precision p, Path kernel, int localSize) {
        if (p != Precision.FP32 && p != Precision.FP64)
            throw new FparityError("OpenCL targets take float32 or float64");
        if (localSize < 1 || Integer.bitCount(localSize) != 1 || localSize > 1024) {
            throw new FparityError("OpenCL local size must be a power of two up to 1024, not " + localSize);
        }
        String cc = Runners.onPath("gcc") != null ? "gcc" : "cc";
        if (Runners.onPath(cc) == null)
            throw new FparityError("no C compiler (gcc/cc) on PATH to build the OpenCL host", ExitCode.MISSING_TOOL);
        Path host = Runners.find("opencl_host.c");
        Path k = kernel != null ? kernel : Runners.find("kernels/reduce.cl");
        if (!Files.isRegularFile(k)) throw new FparityError("kernel file not found: " + k);
        String ctype = cType(p);
        Path dir = cacheDir("opencl", cc, "", ctype, read(host), "");
        Path bin = dir.resolve("clprobe");
        if (!Files.isExecutable(bin)) {
            Path tmp = dir.resolve("clprobe." + ProcessHandle.current().pid());
            run(dir, List.of(cc, "-O2", "-DT=" + ctype, host.toString(), "-o", tmp.toString(), "-lOpenCL"));
            publish(tmp, bin);
        }
        return new ProcessTarget(
                spec, p, List.of(bin.toString(), k.toAbsolutePath().toString(), Integer.toString(localSize)), Map.of());
    }

    /** Renames a finished binary into place, so a concurrent build never runs half a file. */
    private static void publish(Path tmp, Path bin) {
        try {
            Files.move(
                    tmp,
                    bin,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE,
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new FparityError(
                    "cannot install the built probe " + bin + ": " + e.getMessage(), ExitCode.MISSING_TOOL, e);
        }
    }

    static String cType(Precision p) {
        return switch (p) {
            case FP64 -> "double";
            case FP32 -> "float";
            case FP16 -> "_Float16";
            case BF16 ->
                throw new FparityError("C targets have no portable bfloat16 type; use float16, float32 or float64");
        };
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    static List<String> splitFlags(String flags) {
        List<String> out = new ArrayList<>();
        for (String f : flags.trim().split("\\s+")) if (!f.isEmpty()) out.add(f);
        return out;
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw FparityError.cannotRead(p, e);
        }
    }

    private static Path cacheDir(String kind, String... parts) {
        try {
            StringBuilder key = new StringBuilder();
            for (String s : parts) key.append(s).append('\0');
            String h = Hashes.sha256Hex(key.toString()).substring(0, 16);
            Path dir = Paths.get(
                    System.getProperty("java.io.tmpdir"),
                    "fparity-fprev-" + System.getProperty("user.name"),
                    kind + "-" + h);
            Files.createDirectories(dir);
            return dir;
        } catch (IOException e) {
            throw new FparityError("cannot prepare a build folder: " + e.getMessage(), ExitCode.MISSING_TOOL, e);
        }
    }

    private static void run(Path dir, List<String> cmd) {
        try {
            Path log = dir.resolve("build.log");
            Processes.Result r = Processes.command(cmd)
                    .dir(dir)
                    .output(log)
                    .timeoutSeconds(300)
                    .run();
            if (r.timedOut())
                throw new FparityError("build timed out after 300 s (process tree killed): " + String.join(" ", cmd));
            if (r.exitCode() != 0) {
                List<String> lines = Files.readAllLines(log);
                String first = lines.stream()
                        .filter(l -> l.contains("error"))
                        .findFirst()
                        .orElse(lines.isEmpty() ? "" : lines.get(0));
                throw new FparityError("build failed (" + cmd.get(0) + "): " + first.strip());
            }
        } catch (IOException e) {
            throw new FparityError("cannot run " + cmd.get(0) + ": " + e.getMessage(), ExitCode.MISSING_TOOL, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new FparityError("interrupted while building");
        }
    }
}
