package org.fparity.oracle;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.fparity.ir.HexFloat;
import org.fparity.ir.MathFn;
import org.fparity.ir.Precision;
import org.fparity.util.Processes;

/** This machine's C math library, reached by compiling a three-line C program with gcc. */
public final class Libm {
    private Libm() {}

    /** What libm returned, or why we could not ask it. */
    public record Answer(Optional<Double> value, String note) {}

    /** op(args) as this machine's libm computes it (binary32 uses the {@code f} functions). */
    public static Answer call(MathOp op, Precision f, double... args) {
        if (!op.isLibraryFunction()) return new Answer(Optional.empty(), "not a libm function");
        String gcc = System.getenv().getOrDefault("CC", "gcc");
        boolean fp32 = f == Precision.FP32;
        String t = fp32 ? "float" : "double";
        String name = op.cName() + (fp32 ? "f" : "");
        StringBuilder call = new StringBuilder(name).append('(');
        for (int i = 0; i < args.length; i++) {
            if (i > 0) call.append(", ");
            call.append(
                    op.is(MathFn.LDEXP) && i == 1
                            ? "atoi(argv[2])"
                            : (fp32 ? "strtof" : "strtod") + "(argv[" + (i + 1) + "], 0)");
        }
        call.append(')');
        String src = "#include <math.h>\n#include <stdio.h>\n#include <stdlib.h>\n"
                + "int main(int argc, char **argv) { volatile " + t + " r = " + call
                + "; printf(\"%a\\n\", (double) r); return 0; }\n";
        Path dir = null;
        try {
            dir = Files.createTempDirectory("fparity-libm");
            Path c = dir.resolve("f.c");
            Path exe = dir.resolve("f");
            Files.writeString(c, src);
            if (Processes.which(gcc) == null) return new Answer(Optional.empty(), gcc + " not found");
            Processes.Captured cc = Processes.command(
                            gcc, "-O0", "-fno-builtin", "-o", exe.toString(), c.toString(), "-lm")
                    .mergeStderr()
                    .timeoutSeconds(60)
                    .capture();
            if (!cc.ok()) {
                String why = cc.result().timedOut()
                        ? "timed out after 60 s"
                        : cc.stdout().lines().findFirst().orElse("");
                return new Answer(Optional.empty(), gcc + " failed: " + why);
            }
            List<String> cmd = new ArrayList<>();
            cmd.add(exe.toString());
            for (int i = 0; i < args.length; i++) {
                cmd.add(op.is(MathFn.LDEXP) && i == 1 ? Long.toString((long) args[i]) : HexFloat.format(args[i]));
            }
            Processes.Captured run =
                    Processes.command(cmd).mergeStderr().timeoutSeconds(10).capture();
            if (!run.ok()) return new Answer(Optional.empty(), "the libm probe failed");
            String out = run.stdout().strip();
            return new Answer(Optional.of(HexFloat.parse(out.toLowerCase(Locale.ROOT))), "gcc, " + libcName());
        } catch (IOException | InterruptedException | NumberFormatException e) {
            return new Answer(Optional.empty(), "libm probe failed: " + e.getMessage());
        } finally {
            if (dir != null) {
                try (var s = Files.list(dir)) {
                    for (Path p : s.toList()) Files.deleteIfExists(p);
                    Files.deleteIfExists(dir);
                } catch (IOException ignored) {
                    // a temp directory left behind is harmless
                }
            }
        }
    }

    private static String libcName() {
        return Files.exists(Path.of("/lib/x86_64-linux-gnu/libc.so.6")) || Files.exists(Path.of("/lib64/libc.so.6"))
                ? "glibc"
                : "system libm";
    }
}
