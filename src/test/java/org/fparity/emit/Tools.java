package org.fparity.emit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fparity.util.Processes;

/** Runs compilers and harnesses for the emitter tests: real processes, output captured, a timeout that kills the tree. */
final class Tools {
    private Tools() {}

    record Result(int exit, String out, String err) {
        List<String> lines() {
            return out.isEmpty()
                    ? List.of()
                    : List.of(out.split("\n", -1))
                            .subList(0, out.split("\n", -1).length - (out.endsWith("\n") ? 1 : 0));
        }
    }

    static boolean onPath(String tool) {
        return HipifyEmitter.findOnPath(tool) != null || Files.isExecutable(Path.of(tool));
    }

    static Result run(Path dir, String stdin, Map<String, String> env, int timeoutSeconds, String... cmd) {
        Path in = null;
        try {
            Processes.Command c = Processes.command(cmd).dir(dir).env(env).timeoutSeconds(timeoutSeconds);
            if (stdin != null) {
                in = Files.createTempFile("fparity-stdin", ".txt");
                Files.writeString(in, stdin, StandardCharsets.ISO_8859_1);
                c.stdin(in);
            }
            Processes.Captured r = c.capture();
            if (r.result().timedOut())
                throw new AssertionError(
                        "timed out after " + timeoutSeconds + " s (process tree killed): " + String.join(" ", cmd));
            return new Result(r.result().exitCode(), r.stdout(), r.stderr());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        } finally {
            if (in != null) {
                try {
                    Files.deleteIfExists(in);
                } catch (IOException ignored) {
                    // a stray temp file is harmless
                }
            }
        }
    }

    static Result run(Path dir, String stdin, String... cmd) {
        return run(dir, stdin, Map.of(), 600, cmd);
    }

    /** Runs a compiler; fails the test with its diagnostics when it does not exit 0. */
    static void compile(Path dir, String... cmd) {
        compile(dir, Map.of(), cmd);
    }

    static void compile(Path dir, Map<String, String> env, String... cmd) {
        Result r = run(dir, null, env, 600, cmd);
        if (r.exit() != 0) {
            String err = r.err().length() > 6000 ? r.err().substring(0, 6000) + "…" : r.err();
            throw new AssertionError(
                    "compile failed (" + r.exit() + "): " + String.join(" ", cmd) + "\n" + err + r.out());
        }
    }

    static Path write(Path dir, String name, String text) {
        try {
            return Files.writeString(dir.resolve(name), text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** nvcc from PATH, else {@code $CUDA_HOME/bin/nvcc}; null when neither has it. */
    static String nvcc() {
        return tool("nvcc", "CUDA_HOME");
    }

    /** hipcc from PATH, else {@code $ROCM_PATH/bin/hipcc}; null when neither has it. */
    static String hipcc() {
        return tool("hipcc", "ROCM_PATH");
    }

    private static String tool(String name, String homeVariable) {
        Path p = org.fparity.util.Executables.find(name);
        if (p != null) return p.toString();
        String home = System.getenv(homeVariable);
        if (home == null || home.isBlank()) return null;
        Path q = Path.of(home, "bin", name);
        return Files.isExecutable(q) ? q.toString() : null;
    }

    /** What {@code fparity toolchains} says: can binaries of this shipped toolchain run on this machine (a GPU node)? */
    static boolean canRunHere(String toolchain) {
        var tcs = org.fparity.exec.Toolchains.load(org.fparity.exec.Toolchains.defaultDir());
        return org.fparity.exec.DetectedToolchain.detect(tcs.get(toolchain)).canRun();
    }

    /** Whether an NVIDIA GPU here runs nvcc's code for its own architecture (sm_80 code does not run on an H100). */
    static boolean nvidiaGpuHere() {
        return org.fparity.exec.DetectedToolchain.detect(org.fparity.exec.ThisGpu.toolchain("nvcc"))
                .canRun();
    }

    /** C compilers present here, gcc first. */
    static List<String> cCompilers() {
        List<String> cc = new ArrayList<>();
        for (String c : List.of("gcc", "clang-19", "clang-16", "clang-14")) if (onPath(c)) cc.add(c);
        return cc;
    }

    /** hipcc picks the NVIDIA platform when nvcc is installed: AMD must be asked for. */
    static final Map<String, String> HIP_ENV = Map.of("HIP_PLATFORM", "amd");

    static final String JAVA_HOME = System.getProperty("java.home");

    /** Compiles FparityHarness.java in dir with the running JDK's compiler (in process: no JVM start-up per batch). */
    static void javac(Path dir) {
        org.junit.jupiter.api.Assumptions.assumeTrue(
                ModuleLayer.boot().findModule("java.compiler").isPresent(),
                "no Java compiler in this runtime (" + JAVA_HOME + "; a node bundle's has none)");
        var compiler = javax.tools.ToolProvider.getSystemJavaCompiler();
        var err = new java.io.ByteArrayOutputStream();
        int rc = compiler.run(
                null,
                null,
                err,
                "-d",
                dir.toString(),
                "-Xlint:none",
                "-nowarn",
                dir.resolve(JavaEmitter.CLASS_NAME + ".java").toString());
        if (rc != 0) throw new AssertionError("javac failed:\n" + err.toString(StandardCharsets.UTF_8));
    }

    static Result java(Path dir, String stdin, String... args) {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(JAVA_HOME, "bin", "java").toString(),
                "-Xshare:auto",
                "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1",
                "-cp",
                dir.toString(),
                JavaEmitter.CLASS_NAME));
        cmd.addAll(List.of(args));
        return run(dir, stdin, cmd.toArray(String[]::new));
    }
}
