package org.fparity.oracle;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.ir.MathFn;
import org.fparity.ir.Precision;
import org.fparity.util.Processes;

/**
 * This machine's glibc libm as a {@link LibraryPlatform.Library}: one small C program, built once with gcc at
 * {@code -O0 -fno-builtin}, kept running and asked one call per line (name and hex arguments in, {@code %a} out), so a
 * whole campaign's calls cost one build and no process per call ({@link Libm} builds one per call). Answers are
 * remembered.
 */
public final class Glibc implements LibraryPlatform.Library, AutoCloseable {
    private final CallServer server;

    private Glibc(Processes.Running server) {
        this.server = new CallServer("the libm server", server);
    }

    /** Builds the server in {@code dir} and starts it; gcc missing or failing is exit 3. */
    public static Glibc start(Path dir) throws InterruptedException {
        try {
            Files.createDirectories(dir);
            Path c = dir.resolve("glibc-server.c");
            Path exe = dir.resolve("glibc-server");
            Files.writeString(c, source());
            if (Processes.which("gcc") == null)
                throw new FparityError("gcc not found: cannot ask glibc's libm", ExitCode.MISSING_TOOL);
            Processes.Captured cc = Processes.command(
                            "gcc", "-O0", "-fno-builtin", "-o", exe.toString(), c.toString(), "-lm")
                    .mergeStderr()
                    .timeoutSeconds(120)
                    .capture();
            if (!cc.ok())
                throw new FparityError(
                        "gcc did not build the libm server: "
                                + cc.stdout().lines().findFirst().orElse(""),
                        ExitCode.MISSING_TOOL);
            return new Glibc(Processes.command(exe.toString())
                    .discardStderr()
                    .timeoutSeconds(5)
                    .start());
        } catch (IOException e) {
            throw FparityError.io("cannot start the libm server in " + dir, e);
        }
    }

    static String source() {
        StringBuilder s =
                new StringBuilder("#include <math.h>\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n");
        s.append("int main(void) {\n  char line[512], fn[32], a[128], b[128];\n");
        s.append(
                "  while (fgets(line, sizeof line, stdin)) {\n    a[0] = b[0] = 0;\n    int n = sscanf(line, \"%31s %127s %127s\", fn, a, b);\n");
        s.append("    double x = n > 1 ? strtod(a, 0) : 0, y = n > 2 ? strtod(b, 0) : 0, r = NAN;\n    if (0) {}\n");
        for (MathFn f : MathFn.values()) {
            for (Precision p : Precision.PROGRAMS) {
                String name = f.c(p);
                String t = p == Precision.FP32 ? "(float) " : "";
                String args = f.arity() == 1 ? t + "x" : f == MathFn.LDEXP ? t + "x, (int) y" : t + "x, " + t + "y";
                s.append("    else if (!strcmp(fn, \"")
                        .append(name)
                        .append("\")) r = (double) ")
                        .append(name)
                        .append('(')
                        .append(args)
                        .append(");\n");
            }
        }
        s.append("    printf(\"%a\\n\", r);\n    fflush(stdout);\n  }\n  return 0;\n}\n");
        return s.toString();
    }

    @Override
    public Optional<Double> call(MathFn fn, Precision precision, double[] args) {
        return server.call(fn.c(precision), fn, args);
    }

    @Override
    public void close() {
        server.close();
    }
}
