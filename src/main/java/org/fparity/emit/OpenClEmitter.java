package org.fparity.emit;

import java.util.List;
import org.fparity.ir.MathFn;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;

/**
 * OpenCL: the kernel source embedded as strings in a C host that runs it through the ICD loader. Kernel build options
 * come from the host's argv; {@code -DFPARITY_FP_CONTRACT_OFF} at host build time turns contraction off in the kernel.
 */
final class OpenClEmitter extends CHost {
    @Override
    public Language language() {
        return Language.OPENCL;
    }

    @Override
    String optionTest() {
        return "strncmp(fp_arg, \"-cl\", 3) == 0";
    }

    @Override
    void prelude(StringBuilder out, List<Program> programs) {
        out.append("""
                #define CL_TARGET_OPENCL_VERSION 120
                #include <CL/cl.h>
                #include <math.h>
                #include <stdarg.h>
                #include <stdio.h>
                #include <stdlib.h>
                #include <string.h>
                """);
    }

    @Override
    void programs(StringBuilder out, List<Program> ps) {
        boolean fp64 = ps.stream().anyMatch(p -> p.precision() == Precision.FP64);
        out.append("#define FP_NEEDS_FP64 ").append(fp64 ? 1 : 0).append("\n\n");
        out.append("/* the kernel source, one string per program */\nstatic const char *const fp_src[] = {\n");
        out.append("#ifdef FPARITY_FP_CONTRACT_OFF\n  \"#pragma OPENCL FP_CONTRACT OFF\\n\",\n#endif\n");
        if (fp64) out.append("  \"#pragma OPENCL EXTENSION cl_khr_fp64 : enable\\n\",\n");
        StringBuilder src = new StringBuilder(2048);
        for (int k = 0; k < ps.size(); k++) {
            Program p = ps.get(k);
            src.setLength(0);
            CSyntax.function(src, "", k, p, MathFn::opencl, "__global ");
            String t = p.precision().cType();
            src.append("__kernel void fp_kernel_")
                    .append(k)
                    .append("(__global ")
                    .append(t)
                    .append(" *fp_out, __global const ")
                    .append(t)
                    .append(" *fp_v");
            if (GpuEmitter.hasInts(p)) src.append(", __global const int *fp_n");
            for (int j = 0; j < p.params().size(); j++) {
                if (p.params().get(j).kind().array())
                    src.append(", __global ").append(t).append(" *fp_a").append(j);
            }
            src.append(") {\n  fp_out[0] = compute_")
                    .append(k)
                    .append('(')
                    .append(GpuEmitter.kernelArgs(p))
                    .append(");\n}\n\n");
            stringLiteral(out, src);
        }
        out.append("};\n\n");
    }

    /** Appends the text as adjacent C string literals, one per line, followed by a comma. */
    private static void stringLiteral(StringBuilder out, CharSequence s) {
        out.append("  \"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\' -> out.append("\\\\");
                case '"' -> out.append("\\\"");
                case '\n' -> out.append(i + 1 < s.length() ? "\\n\"\n  \"" : "\\n");
                default -> out.append(c);
            }
        }
        out.append("\",\n");
    }

    @Override
    void lifecycle(StringBuilder out, List<Program> programs) {
        out.append("""
                static cl_context fp_ctx;
                static cl_command_queue fp_q;
                static cl_program fp_prog;
                static cl_device_id fp_dev;
                static cl_kernel fp_kernels[FP_N];

                #define FP_CL(call) fp_cl((call), #call)

                static void fp_cl(cl_int e, const char *what) {
                  if (e != CL_SUCCESS) fp_fail(4, "%s failed: OpenCL error %d", what, (int) e);
                }

                /* FPARITY_OPENCL_DEVICE: "P:D" (device D of platform P) or "N" (N-th device over all platforms). */
                static void fp_pick_device(void) {
                  cl_platform_id plats[64];
                  cl_device_id devs[64];
                  cl_uint np = 0, nd = 0, p, seen = 0;
                  cl_int e = clGetPlatformIDs(64, plats, &np);
                  const char *want = getenv("FPARITY_OPENCL_DEVICE");
                  long wp = -1, wd = 0;
                  char *end;
                  if (e == -1001 || (e == CL_SUCCESS && np == 0)) fp_fail(3, "no OpenCL platform (clGetPlatformIDs: %d)", (int) e);
                  fp_cl(e, "clGetPlatformIDs");
                  if (np > 64) np = 64;
                  if (want && *want) {
                    wd = strtol(want, &end, 10);
                    if (*end == ':') {
                      wp = wd;
                      wd = strtol(end + 1, &end, 10);
                    }
                    if (*end || wd < 0) fp_fail(4, "FPARITY_OPENCL_DEVICE='%s' is not P:D or N", want);
                  } else {
                    wp = 0;
                  }
                  for (p = 0; p < np; p++) {
                    if (wp >= 0 && (long) p != wp) continue;
                    nd = 0;
                    if (clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, 64, devs, &nd) != CL_SUCCESS) nd = 0;
                    if (nd > 64) nd = 64;
                    if (wp >= 0) {
                      if ((long) nd > wd) {
                        fp_dev = devs[wd];
                        return;
                      }
                      break;
                    }
                    if ((long) (seen + nd) > wd) {
                      fp_dev = devs[wd - (long) seen];
                      return;
                    }
                    seen += nd;
                  }
                  fp_fail(3, "no OpenCL device %s%s", want && *want ? "FPARITY_OPENCL_DEVICE=" : "0 on platform 0", want && *want ? want : "");
                }

                static void fp_init(int argc, char **argv, int single) {
                  cl_int e;
                  size_t len = 1, ext_len = 0;
                  char *opts, *ext;
                  int i;
                  for (i = 1; i < argc; i++) len += strlen(argv[i]) + 1;
                  opts = (char *) fp_alloc(len);
                  opts[0] = '\\0';
                  for (i = 1; i < argc; i++) {
                    if (single && strncmp(argv[i], "-cl", 3) != 0) continue;
                    if (opts[0]) strcat(opts, " ");
                    strcat(opts, argv[i]);
                  }
                  fp_pick_device();
                  if (FP_NEEDS_FP64) {
                    FP_CL(clGetDeviceInfo(fp_dev, CL_DEVICE_EXTENSIONS, 0, NULL, &ext_len));
                    ext = (char *) fp_alloc(ext_len + 1);
                    FP_CL(clGetDeviceInfo(fp_dev, CL_DEVICE_EXTENSIONS, ext_len, ext, NULL));
                    ext[ext_len] = '\\0';
                    if (!strstr(ext, "cl_khr_fp64")) fp_fail(3, "the OpenCL device has no cl_khr_fp64 (double precision)");
                    free(ext);
                  }
                  fp_ctx = clCreateContext(NULL, 1, &fp_dev, NULL, NULL, &e);
                  FP_CL(e);
                  fp_q = clCreateCommandQueue(fp_ctx, fp_dev, 0, &e);
                  FP_CL(e);
                  fp_prog = clCreateProgramWithSource(fp_ctx, (cl_uint) (sizeof fp_src / sizeof fp_src[0]), (const char **) fp_src, NULL, &e);
                  FP_CL(e);
                  e = clBuildProgram(fp_prog, 1, &fp_dev, opts, NULL, NULL);
                  if (e != CL_SUCCESS) {
                    size_t log_len = 0;
                    char *log;
                    clGetProgramBuildInfo(fp_prog, fp_dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &log_len);
                    log = (char *) fp_alloc(log_len + 1);
                    clGetProgramBuildInfo(fp_prog, fp_dev, CL_PROGRAM_BUILD_LOG, log_len, log, NULL);
                    log[log_len] = '\\0';
                    fprintf(stderr, "fparity-harness: clBuildProgram failed: OpenCL error %d (options '%s')\\n%s\\n", (int) e, opts, log);
                    exit(4);
                  }
                  if (getenv("FPARITY_OPENCL_BUILD_LOG")) {
                    size_t log_len = 0;
                    char *log;
                    clGetProgramBuildInfo(fp_prog, fp_dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &log_len);
                    log = (char *) fp_alloc(log_len + 1);
                    clGetProgramBuildInfo(fp_prog, fp_dev, CL_PROGRAM_BUILD_LOG, log_len, log, NULL);
                    log[log_len] = '\\0';
                    fprintf(stderr, "fparity-harness: build log (options '%s'):\\n%s\\n", opts, log);
                    free(log);
                  }
                  free(opts);
                }

                static cl_kernel fp_kernel(int k) {
                  char name[32];
                  cl_int e;
                  if (!fp_kernels[k]) {
                    snprintf(name, sizeof name, "fp_kernel_%d", k);
                    fp_kernels[k] = clCreateKernel(fp_prog, name, &e);
                    FP_CL(e);
                  }
                  return fp_kernels[k];
                }

                static void fp_finish(void) {
                  int k;
                  for (k = 0; k < FP_N; k++) {
                    if (fp_kernels[k]) clReleaseKernel(fp_kernels[k]);
                  }
                  clReleaseProgram(fp_prog);
                  clReleaseCommandQueue(fp_q);
                  clReleaseContext(fp_ctx);
                }

                """);
    }

    @Override
    void runner(StringBuilder out, int k, Program p) {
        String t = p.precision().cType();
        int nv = 0;
        int nn = 0;
        StringBuilder fill = new StringBuilder();
        for (int j = 0; j < p.params().size(); j++) {
            switch (p.params().get(j).kind()) {
                case FP ->
                    fill.append("  fp_v[")
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
        out.append("  cl_int fp_e;\n  cl_kernel fp_k = fp_kernel(").append(k).append(");\n");
        out.append("  size_t fp_one = 1;\n  cl_uint fp_arg = 0;\n");
        // The result buffer starts at 0 like the C harness's result: a kernel whose store fast math drops then reads
        // 0 on every run, not whatever the device memory held before (which differed between runs).
        out.append("  ")
                .append(t)
                .append(" fp_v[")
                .append(nv)
                .append("], fp_res = 0;\n")
                .append(fill);
        out.append(
                "  cl_mem fp_dout = clCreateBuffer(fp_ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof fp_res, &fp_res, &fp_e);\n  FP_CL(fp_e);\n");
        out.append(
                "  cl_mem fp_dv = clCreateBuffer(fp_ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof fp_v, fp_v, &fp_e);\n  FP_CL(fp_e);\n");
        out.append("  FP_CL(clSetKernelArg(fp_k, fp_arg++, sizeof(cl_mem), &fp_dout));\n");
        out.append("  FP_CL(clSetKernelArg(fp_k, fp_arg++, sizeof(cl_mem), &fp_dv));\n");
        if (nn > 0) {
            out.append("  cl_mem fp_dn = clCreateBuffer(fp_ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, ")
                    .append(nn)
                    .append(" * sizeof(cl_int), (void *) fp_hn, &fp_e);\n  FP_CL(fp_e);\n");
            out.append("  FP_CL(clSetKernelArg(fp_k, fp_arg++, sizeof(cl_mem), &fp_dn));\n");
        } else {
            out.append("  (void) fp_hn;\n");
        }
        for (int j = 0; j < p.params().size(); j++) {
            if (!p.params().get(j).kind().array()) continue;
            String bytes = p.arrayLength() + " * sizeof(" + t + ")";
            out.append("  ")
                    .append(t)
                    .append(" *fp_h")
                    .append(j)
                    .append(" = (")
                    .append(t)
                    .append(" *) fp_alloc(")
                    .append(bytes)
                    .append(");\n");
            out.append("  for (int fp_i = 0; fp_i < ")
                    .append(p.arrayLength())
                    .append("; ++fp_i) fp_h")
                    .append(j)
                    .append("[fp_i] = (")
                    .append(t)
                    .append(") fp_hv[")
                    .append(slot(p, j))
                    .append(GpuEmitter.elementOffset(p, j))
                    .append("];\n");
            out.append("  cl_mem fp_a")
                    .append(j)
                    .append(" = clCreateBuffer(fp_ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, ")
                    .append(bytes)
                    .append(", fp_h")
                    .append(j)
                    .append(", &fp_e);\n  FP_CL(fp_e);\n");
            out.append("  FP_CL(clSetKernelArg(fp_k, fp_arg++, sizeof(cl_mem), &fp_a")
                    .append(j)
                    .append("));\n");
        }
        out.append("  FP_CL(clEnqueueNDRangeKernel(fp_q, fp_k, 1, NULL, &fp_one, &fp_one, 0, NULL, NULL));\n");
        out.append("  FP_CL(clEnqueueReadBuffer(fp_q, fp_dout, CL_TRUE, 0, sizeof fp_res, &fp_res, 0, NULL, NULL));\n");
        out.append("  *fp_r = (double) fp_res;\n");
        out.append("  clReleaseMemObject(fp_dout);\n  clReleaseMemObject(fp_dv);\n");
        if (nn > 0) out.append("  clReleaseMemObject(fp_dn);\n");
        for (int j = 0; j < p.params().size(); j++) {
            if (!p.params().get(j).kind().array()) continue;
            out.append("  clReleaseMemObject(fp_a")
                    .append(j)
                    .append(");\n  free(fp_h")
                    .append(j)
                    .append(");\n");
        }
        runnerEnd(out, k);
    }
}
