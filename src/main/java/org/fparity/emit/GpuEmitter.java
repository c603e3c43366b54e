package org.fparity.emit;

import java.util.List;
import org.fparity.ir.MathFn;
import org.fparity.ir.Param;
import org.fparity.ir.Program;

/**
 * CUDA and HIP: {@code compute_K} as a device function called by a one-thread kernel; every argument and array is
 * copied to device memory, the result copied back, and every runtime call checked (Varity's CUDA harness passed host
 * pointers and exited 0 with no output when the launch failed).
 */
final class GpuEmitter extends CHost {
    /** The runtime API a GPU harness is written against. */
    enum Api {
        CUDA("cuda", "#include <cuda_runtime.h>", Language.CUDA),
        HIP("hip", "#include <hip/hip_runtime.h>", Language.HIP);

        final String prefix;
        final String include;
        final Language language;

        Api(String prefix, String include, Language language) {
            this.prefix = prefix;
            this.include = include;
            this.language = language;
        }
    }

    private final Api api;

    GpuEmitter(Api api) {
        this.api = api;
    }

    @Override
    public Language language() {
        return api.language;
    }

    private String x(String cudaName) {
        return api == Api.CUDA ? cudaName : "hip" + cudaName.substring(4);
    }

    @Override
    void prelude(StringBuilder out, List<Program> programs) {
        out.append(api.include).append('\n');
        out.append("""
                #include <math.h>
                #include <stdarg.h>
                #include <stdio.h>
                #include <stdlib.h>
                #include <string.h>
                """);
    }

    @Override
    void programs(StringBuilder out, List<Program> ps) {
        for (int k = 0; k < ps.size(); k++) {
            Program p = ps.get(k);
            CSyntax.function(out, "static __device__ ", k, p, api == Api.CUDA ? MathFn::cuda : MathFn::hip, "");
            String t = p.precision().cType();
            // extern "C": the device-only form's loader finds kernels by plain name; linkage changes no code
            out.append("extern \"C\" __global__ void fp_kernel_")
                    .append(k)
                    .append('(')
                    .append(t)
                    .append(" *fp_out, const ")
                    .append(t)
                    .append(" *fp_v");
            if (hasInts(p)) out.append(", const int *fp_n");
            for (int j = 0; j < p.params().size(); j++) {
                if (p.params().get(j).kind().array())
                    out.append(", ").append(t).append(" *fp_a").append(j);
            }
            out.append(") {\n  *fp_out = compute_")
                    .append(k)
                    .append('(')
                    .append(kernelArgs(p))
                    .append(");\n}\n\n");
        }
    }

    /**
     * The device-only batch ({@link Emitter#deviceBatch}): the same includes, {@code compute_K} and kernels as the batch
     * form, and instead of a host harness the table {@code fp_meta} that {@link GpuLoader}'s host reads from the loaded
     * module: {@code N}, then per program {@code SIG SINGLE LEN} (SIG the parameter kinds F/I/A/E as in {@code fp_sig}, {@code -} for none).
     */
    @Override
    public String deviceBatch(List<Program> ps) {
        if (ps.isEmpty()) throw new IllegalArgumentException("a batch needs at least one program");
        StringBuilder out = new StringBuilder(2048 + 2048 * ps.size());
        out.append("/* fparity ")
                .append(language().id())
                .append(" device code, batch of ")
                .append(ps.size())
                .append(": run by the fparity GPU loader (org.fparity.emit.GpuLoader) */\n");
        prelude(out, ps);
        out.append('\n');
        programs(out, ps);
        meta(out, ps);
        return out.toString();
    }

    /** {@code fp_meta}: the program table the loader and the JCuda runner read from a loaded module. */
    private static void meta(StringBuilder out, List<Program> ps) {
        StringBuilder meta = new StringBuilder().append(ps.size()).append("\\n");
        for (Program p : ps) {
            StringBuilder sig = new StringBuilder();
            for (Param par : p.params())
                sig.append(
                        switch (par.kind()) {
                            case FP -> 'F';
                            case INT -> 'I';
                            case FP_ARRAY -> 'A';
                            case FP_ELEMENTS -> 'E';
                        });
            meta.append(sig.isEmpty() ? "-" : sig)
                    .append(' ')
                    .append(p.precision() == org.fparity.ir.Precision.FP32 ? 1 : 0)
                    .append(' ')
                    .append(p.arrayLength())
                    .append("\\n");
        }
        // not const: a const namespace-scope array may be dropped or internalised; the loader looks it up by name
        out.append("extern \"C\" __device__ char fp_meta[] = \"").append(meta).append("\";\n");
    }

    /**
     * The JCuda form ({@link Emitter#threadedBatch}): the batch form's {@code compute_K}, each called by a kernel
     * {@code fp_many_K(out, scalars, ints, arrays, count)} in which thread t evaluates input t: its scalars at
     * {@code scalars[t * NV]}, its int bounds at {@code ints[t * NN]}, its arrays one after another at
     * {@code arrays[t * NA * LEN]} (NV, NN, NA the program's counts of each kind, at least 1 for the strides), its
     * result at {@code out[t]}. The same {@code fp_meta} table as the device-only form.
     */
    @Override
    public String threadedBatch(List<Program> ps) {
        if (api != Api.CUDA) throw new UnsupportedOperationException("the one-input-per-thread form is CUDA's (JCuda)");
        if (ps.isEmpty()) throw new IllegalArgumentException("a batch needs at least one program");
        StringBuilder out = new StringBuilder(2048 + 2048 * ps.size());
        out.append("/* fparity CUDA device code, batch of ")
                .append(ps.size())
                .append(", one input per thread: run in process by JCuda (org.fparity.exec.JCudaRunner) */\n");
        prelude(out, ps);
        out.append('\n');
        for (int k = 0; k < ps.size(); k++) {
            Program p = ps.get(k);
            CSyntax.function(out, "static __device__ ", k, p, MathFn::cuda, "");
            String t = p.precision().cType();
            int nv = 0;
            int nn = 0;
            int na = 0;
            for (Param par : p.params()) {
                switch (par.kind()) {
                    case FP -> nv++;
                    case INT -> nn++;
                    case FP_ARRAY, FP_ELEMENTS -> na++;
                }
            }
            out.append("extern \"C\" __global__ void fp_many_")
                    .append(k)
                    .append('(')
                    .append(t)
                    .append(" *fp_out, const ")
                    .append(t)
                    .append(" *fp_vs, const int *fp_ns, ")
                    .append(t)
                    .append(" *fp_as, int fp_count) {\n");
            out.append("  int fp_t = blockIdx.x * blockDim.x + threadIdx.x;\n  if (fp_t >= fp_count) return;\n");
            out.append("  const ")
                    .append(t)
                    .append(" *fp_v = fp_vs + (size_t) fp_t * ")
                    .append(Math.max(nv, 1))
                    .append(";\n");
            out.append("  const int *fp_n = fp_ns + (size_t) fp_t * ")
                    .append(Math.max(nn, 1))
                    .append(";\n");
            int a = 0;
            for (int j = 0; j < p.params().size(); j++) {
                if (!p.params().get(j).kind().array()) continue;
                out.append("  ")
                        .append(t)
                        .append(" *fp_a")
                        .append(j)
                        .append(" = fp_as + ((size_t) fp_t * ")
                        .append(Math.max(na, 1))
                        .append(" + ")
                        .append(a++)
                        .append(") * ")
                        .append(p.arrayLength())
                        .append(";\n");
            }
            out.append("  (void) fp_v;\n  (void) fp_n;\n");
            out.append("  fp_out[fp_t] = compute_")
                    .append(k)
                    .append('(')
                    .append(kernelArgs(p))
                    .append(");\n}\n\n");
        }
        meta(out, ps);
        return out.toString();
    }

    /** compute_K's arguments inside the kernel: scalars numbered among scalars, ints among ints, arrays by position. */
    static String kernelArgs(Program p) {
        StringBuilder sb = new StringBuilder();
        int v = 0;
        int n = 0;
        for (int j = 0; j < p.params().size(); j++) {
            if (j > 0) sb.append(", ");
            switch (p.params().get(j).kind()) {
                case FP -> sb.append("fp_v[").append(v++).append(']');
                case INT -> sb.append("fp_n[").append(n++).append(']');
                case FP_ARRAY, FP_ELEMENTS -> sb.append("fp_a").append(j);
            }
        }
        return sb.toString();
    }

    /** {@code " + fp_i"} when array {@code j} takes one value per element (the host fill loop's index), else nothing. */
    static String elementOffset(Program p, int j) {
        return p.params().get(j).kind() == Param.Kind.FP_ELEMENTS ? " + fp_i" : "";
    }

    static boolean hasInts(Program p) {
        return p.params().stream().anyMatch(x -> x.kind() == Param.Kind.INT);
    }

    @Override
    void lifecycle(StringBuilder out, List<Program> programs) {
        // the unavailable set uses only codes HIP shares with CUDA, so the HIPIFY-converted text still compiles
        out.append("""
                #define FP_CHECK(call) fp_check((call), #call)

                static void fp_check(cudaError_t e, const char *what) {
                  int unavailable;
                  if (e == cudaSuccess) return;
                  unavailable = e == cudaErrorInsufficientDriver || e == cudaErrorNoDevice || e == cudaErrorInvalidDevice
                      || e == cudaErrorInitializationError;
                  fp_fail(unavailable ? 3 : 4, "%s failed: %d %s: %s", what, (int) e, cudaGetErrorName(e), cudaGetErrorString(e));
                }

                static void fp_init(int argc, char **argv, int single) {
                  int count = 0;
                  (void) argc;
                  (void) argv;
                  (void) single;
                  FP_CHECK(cudaGetDeviceCount(&count));
                  if (count < 1) fp_fail(3, "no GPU device (cudaGetDeviceCount returned 0)");
                  FP_CHECK(cudaSetDevice(0));
                }

                static void fp_finish(void) {}

                """.replace("cuda", api.prefix));
    }

    @Override
    void runner(StringBuilder out, int k, Program p) {
        String t = p.precision().cType();
        StringBuilder scalars = new StringBuilder();
        int nv = 0;
        int nn = 0;
        for (int j = 0; j < p.params().size(); j++) {
            switch (p.params().get(j).kind()) {
                case FP ->
                    scalars.append("  fp_v[")
                            .append(nv++)
                            .append("] = (")
                            .append(t)
                            .append(") fp_hv[")
                            .append(slot(p, j))
                            .append("];\n");
                case INT -> nn++;
                case FP_ARRAY, FP_ELEMENTS -> {}
            }
        }
        out.append("static void fp_run_").append(k).append("(const double *fp_hv, const int *fp_hn, double *fp_r) {\n");
        out.append("  ").append(t).append(" fp_v[").append(nv).append("], fp_res, *fp_dout = 0, *fp_dv = 0;\n");
        out.append(scalars);
        if (nn > 0) {
            out.append("  int *fp_dn = 0;\n");
        } else {
            out.append("  (void) fp_hn;\n");
        }
        check(out, x("cudaMalloc") + "((void **) &fp_dout, sizeof(" + t + "))");
        // the result starts as 0, like the C and OpenCL harnesses': a store the compiler dropped reads back 0, not
        // whatever the device memory held before
        out.append("  fp_res = 0;\n");
        check(out, x("cudaMemcpy") + "(fp_dout, &fp_res, sizeof fp_res, " + x("cudaMemcpyHostToDevice") + ")");
        check(out, x("cudaMalloc") + "((void **) &fp_dv, sizeof fp_v)");
        check(out, x("cudaMemcpy") + "(fp_dv, fp_v, sizeof fp_v, " + x("cudaMemcpyHostToDevice") + ")");
        if (nn > 0) {
            check(out, x("cudaMalloc") + "((void **) &fp_dn, " + nn + " * sizeof(int))");
            check(
                    out,
                    x("cudaMemcpy") + "(fp_dn, fp_hn, " + nn + " * sizeof(int), " + x("cudaMemcpyHostToDevice") + ")");
        }
        StringBuilder launchArgs = new StringBuilder("fp_dout, fp_dv");
        if (nn > 0) launchArgs.append(", fp_dn");
        for (int j = 0; j < p.params().size(); j++) {
            if (!p.params().get(j).kind().array()) continue;
            String h = "fp_h" + j;
            String d = "fp_a" + j;
            String bytes = p.arrayLength() + " * sizeof(" + t + ")";
            out.append("  ")
                    .append(t)
                    .append(" *")
                    .append(h)
                    .append(" = (")
                    .append(t)
                    .append(" *) fp_alloc(")
                    .append(bytes)
                    .append("), *")
                    .append(d)
                    .append(" = 0;\n");
            out.append("  for (int fp_i = 0; fp_i < ")
                    .append(p.arrayLength())
                    .append("; ++fp_i) ")
                    .append(h)
                    .append("[fp_i] = (")
                    .append(t)
                    .append(") fp_hv[")
                    .append(slot(p, j))
                    .append(elementOffset(p, j))
                    .append("];\n");
            check(out, x("cudaMalloc") + "((void **) &" + d + ", " + bytes + ")");
            check(out, x("cudaMemcpy") + "(" + d + ", " + h + ", " + bytes + ", " + x("cudaMemcpyHostToDevice") + ")");
            launchArgs.append(", ").append(d);
        }
        if (api == Api.CUDA) {
            out.append("  fp_kernel_")
                    .append(k)
                    .append("<<<1, 1>>>(")
                    .append(launchArgs)
                    .append(");\n");
        } else {
            out.append("  hipLaunchKernelGGL(fp_kernel_")
                    .append(k)
                    .append(", dim3(1), dim3(1), 0, 0, ")
                    .append(launchArgs)
                    .append(");\n");
        }
        check(out, x("cudaGetLastError") + "()");
        check(out, x("cudaDeviceSynchronize") + "()");
        check(out, x("cudaMemcpy") + "(&fp_res, fp_dout, sizeof fp_res, " + x("cudaMemcpyDeviceToHost") + ")");
        out.append("  *fp_r = (double) fp_res;\n");
        check(out, x("cudaFree") + "(fp_dout)");
        check(out, x("cudaFree") + "(fp_dv)");
        if (nn > 0) check(out, x("cudaFree") + "(fp_dn)");
        for (int j = 0; j < p.params().size(); j++) {
            if (!p.params().get(j).kind().array()) continue;
            check(out, x("cudaFree") + "(fp_a" + j + ")");
            out.append("  free(fp_h").append(j).append(");\n");
        }
        runnerEnd(out, k);
    }

    private static void check(StringBuilder out, String call) {
        out.append("  FP_CHECK(").append(call).append(");\n");
    }
}
