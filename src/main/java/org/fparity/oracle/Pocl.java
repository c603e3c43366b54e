package org.fparity.oracle;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.ir.MathFn;
import org.fparity.ir.Precision;
import org.fparity.util.Processes;

/**
 * PoCL's OpenCL built-ins as a {@link LibraryPlatform.Library}, measured through PoCL itself: one small OpenCL host
 * program (built once with gcc), whose kernels each apply one built-in (one per function and precision, the kernels
 * built by PoCL with the build options given, e.g. the campaign's lowest level), kept running and asked one call per
 * line ({@code index} and hex arguments in, {@code %a} out). Answers are remembered.
 */
public final class Pocl implements LibraryPlatform.Library, AutoCloseable {
    private final CallServer server;

    /** The kernels, in index order: each function at each program precision. */
    private static final List<Map.Entry<MathFn, Precision>> KERNELS = kernels();

    private Pocl(Processes.Running server) {
        this.server = new CallServer("the PoCL server", server);
    }

    private static List<Map.Entry<MathFn, Precision>> kernels() {
        List<Map.Entry<MathFn, Precision>> ks = new ArrayList<>();
        for (MathFn f : MathFn.values()) for (Precision p : Precision.PROGRAMS) ks.add(Map.entry(f, p));
        return List.copyOf(ks);
    }

    /**
     * Builds the host in {@code dir} and starts it with these kernel build options; a host that does not build, or an
     * OpenCL device that does not start, is exit 3.
     */
    public static Pocl start(Path dir, List<String> buildOptions) throws InterruptedException {
        try {
            Files.createDirectories(dir);
            Path c = dir.resolve("pocl-server.c");
            Path exe = dir.resolve("pocl-server");
            Files.writeString(c, source());
            if (Processes.which("gcc") == null)
                throw new FparityError("gcc not found: cannot build the PoCL server", ExitCode.MISSING_TOOL);
            Processes.Captured cc = Processes.command(
                            "gcc", "-O1", "-o", exe.toString(), c.toString(), "-lOpenCL", "-lm")
                    .mergeStderr()
                    .timeoutSeconds(120)
                    .capture();
            if (!cc.ok())
                throw new FparityError(
                        "gcc did not build the PoCL server: "
                                + cc.stdout().lines().findFirst().orElse(""),
                        ExitCode.MISSING_TOOL);
            List<String> argv = new ArrayList<>();
            argv.add(exe.toString());
            argv.add(String.join(" ", buildOptions));
            Pocl p = new Pocl(
                    Processes.command(argv).discardStderr().timeoutSeconds(600).start());
            // the first answer says the device and its kernels are up
            if (p.call(MathFn.values()[0], Precision.FP64, new double[] {1, 1}).isEmpty())
                throw new FparityError("the PoCL server did not start", ExitCode.MISSING_TOOL);
            return p;
        } catch (IOException e) {
            throw FparityError.io("cannot start the PoCL server in " + dir, e);
        }
    }

    static String source() {
        StringBuilder k = new StringBuilder();
        k.append("#pragma OPENCL EXTENSION cl_khr_fp64 : enable\\n");
        for (int i = 0; i < KERNELS.size(); i++) {
            MathFn f = KERNELS.get(i).getKey();
            Precision p = KERNELS.get(i).getValue();
            String t = p == Precision.FP32 ? "(float) " : "";
            String args = f.arity() == 1
                    ? t + "a[0]"
                    : f == MathFn.LDEXP ? t + "a[0], (int) a[1]" : t + "a[0], " + t + "a[1]";
            k.append("kernel void k")
                    .append(i)
                    .append("(global const double *a, global double *r) { r[0] = (double) ")
                    .append(f.opencl(p))
                    .append('(')
                    .append(args)
                    .append("); }\\n");
        }
        return """
                #define CL_TARGET_OPENCL_VERSION 120
                #include <CL/cl.h>
                #include <math.h>
                #include <stdio.h>
                #include <stdlib.h>
                #include <string.h>
                static const char *src = "%s";
                #define N %d
                static void die(const char *what, cl_int e) {
                  fprintf(stderr, "pocl-server: %%s failed: %%d\\n", what, (int) e);
                  exit(3);
                }
                int main(int argc, char **argv) {
                  cl_platform_id pl;
                  cl_device_id dev;
                  cl_int e;
                  cl_kernel ks[N];
                  char line[512], name[16];
                  double a[2], r;
                  int i, k;
                  memset(ks, 0, sizeof ks);
                  if ((e = clGetPlatformIDs(1, &pl, NULL)) != CL_SUCCESS) die("clGetPlatformIDs", e);
                  if ((e = clGetDeviceIDs(pl, CL_DEVICE_TYPE_ALL, 1, &dev, NULL)) != CL_SUCCESS) die("clGetDeviceIDs", e);
                  cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
                  if (e != CL_SUCCESS) die("clCreateContext", e);
                  cl_command_queue q = clCreateCommandQueue(ctx, dev, 0, &e);
                  if (e != CL_SUCCESS) die("clCreateCommandQueue", e);
                  cl_program prog = clCreateProgramWithSource(ctx, 1, &src, NULL, &e);
                  if (e != CL_SUCCESS) die("clCreateProgramWithSource", e);
                  if ((e = clBuildProgram(prog, 1, &dev, argc > 1 ? argv[1] : "", NULL, NULL)) != CL_SUCCESS) die("clBuildProgram", e);
                  cl_mem ba = clCreateBuffer(ctx, CL_MEM_READ_ONLY, sizeof a, NULL, &e);
                  if (e != CL_SUCCESS) die("clCreateBuffer", e);
                  cl_mem br = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, sizeof r, NULL, &e);
                  if (e != CL_SUCCESS) die("clCreateBuffer", e);
                  while (fgets(line, sizeof line, stdin)) {
                    char x[128], y[128];
                    size_t one = 1;
                    x[0] = y[0] = 0;
                    int n = sscanf(line, "%%d %%127s %%127s", &k, x, y);
                    if (n < 1 || k < 0 || k >= N) { printf("error\\n"); fflush(stdout); continue; }
                    a[0] = n > 1 ? strtod(x, 0) : 0;
                    a[1] = n > 2 ? strtod(y, 0) : 0;
                    if (!ks[k]) {
                      snprintf(name, sizeof name, "k%%d", k);
                      ks[k] = clCreateKernel(prog, name, &e);
                      if (e != CL_SUCCESS) die("clCreateKernel", e);
                      clSetKernelArg(ks[k], 0, sizeof ba, &ba);
                      clSetKernelArg(ks[k], 1, sizeof br, &br);
                    }
                    if ((e = clEnqueueWriteBuffer(q, ba, CL_TRUE, 0, sizeof a, a, 0, NULL, NULL)) != CL_SUCCESS) die("write", e);
                    if ((e = clEnqueueNDRangeKernel(q, ks[k], 1, NULL, &one, &one, 0, NULL, NULL)) != CL_SUCCESS) die("run", e);
                    if ((e = clEnqueueReadBuffer(q, br, CL_TRUE, 0, sizeof r, &r, 0, NULL, NULL)) != CL_SUCCESS) die("read", e);
                    printf("%%a\\n", r);
                    fflush(stdout);
                  }
                  for (i = 0; i < N; i++) if (ks[i]) clReleaseKernel(ks[i]);
                  return 0;
                }
                """.formatted(k.toString(), KERNELS.size());
    }

    @Override
    public Optional<Double> call(MathFn fn, Precision precision, double[] args) {
        int index = KERNELS.indexOf(Map.entry(fn, precision));
        return index < 0 ? Optional.empty() : server.call(Integer.toString(index), fn, args);
    }

    @Override
    public void close() {
        server.close();
    }
}
