package org.fparity.fprev;

import java.nio.file.Path;
import org.fparity.FparityError;
import org.fparity.ir.Precision;

/** Turns a target name from the command line into a {@link SumTarget}. */
public final class Targets {
    /** Options some targets take: BLAS threads (numpy), kernel file and flags (c.*, opencl), local size (opencl). */
    public record Options(Integer threads, Path kernel, String cflags, int localSize) {
        public static final Options DEFAULT = new Options(null, null, null, 64);
    }

    public static final String HELP = JavaTargets.HELP + ", lca.seq|reverse|pairwise (synthetic),"
            + " numpy.sum|dot|matvec|matmul, c.COMPILER (e.g. c.gcc, c.clang-19), opencl, tc.volta|ampere|hopper,"
            + " cublas.gemm|dot, process:COMMAND";

    private Targets() {}

    public static SumTarget resolve(String spec, Precision p, Options o) {
        if (spec == null || spec.isBlank()) throw new FparityError("name a target with --target (" + HELP + ")");
        if (spec.startsWith("java.")) return JavaTargets.of(spec, p);
        if (spec.startsWith("lca.")) return LcaOracleTarget.of(spec);
        if (spec.startsWith("numpy.")) {
            String op = spec.substring(6);
            if (!op.matches("sum|dot|matvec|matmul"))
                throw new FparityError("unknown numpy target '" + spec
                        + "' (known: numpy.sum, numpy.dot, numpy.matvec, numpy.matmul)");
            return ProcessTarget.numpy(op, p, o.threads());
        }
        if (spec.startsWith("c.")) return CompiledTargets.c(spec, p, o.kernel(), o.cflags());
        if (spec.equals("opencl") || spec.equals("opencl.pocl"))
            return CompiledTargets.opencl(spec, p, o.kernel(), o.localSize());
        if (spec.startsWith("tc.")) {
            if (p != Precision.FP16) throw new FparityError(spec + " multiplies float16 inputs; use --dtype float16");
            return TensorCoreTarget.of(spec);
        }
        if (spec.startsWith("cublas.")) return CublasTarget.of(spec, p);
        if (spec.startsWith("process:")) {
            String cmd = spec.substring(8).strip();
            if (cmd.isEmpty()) throw new FparityError("process: needs a command line, e.g. process:./my_probe");
            return new ProcessTarget(spec, p, CompiledTargets.splitFlags(cmd), java.util.Map.of());
        }
        throw new FparityError("unknown target '" + spec + "' (known: " + HELP + ")");
    }
}
