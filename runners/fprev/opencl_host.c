/* FPRev probe server for an OpenCL reduction kernel (PoCL or any platform): the protocol of c_harness.c.
 * Build: cc -O2 -DT=float opencl_host.c -o probe -lOpenCL;  run: probe KERNEL.cl LOCAL_SIZE
 * The kernel is fprev_reduce(__global const T *x, int n, __global T *out, __local T *buf), one work-group. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef T
#define T float
#endif
#define STR2(x) #x
#define STR(x) STR2(x)

static void fail(const char *what, cl_int rc) {
    printf("error OpenCL %s failed (%d)\n", what, (int)rc);
    fflush(stdout);
    exit(3);
}

int main(int argc, char **argv) {
    if (argc < 3) {
        printf("error usage: probe KERNEL.cl LOCAL_SIZE\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        printf("error cannot read kernel %s\n", argv[1]);
        return 2;
    }
    static char src[1 << 16];
    size_t len = fread(src, 1, sizeof src - 1, f);
    fclose(f);
    src[len] = 0;
    size_t local = (size_t)atoi(argv[2]);
    cl_int rc;
    cl_platform_id plat;
    cl_uint np = 0;
    if ((rc = clGetPlatformIDs(1, &plat, &np)) != CL_SUCCESS || np == 0) {
        printf("error no OpenCL platform is installed (PoCL: apt-get install pocl-opencl-icd)\n");
        fflush(stdout);
        return 3;
    }
    cl_device_id dev;
    if ((rc = clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, &dev, NULL)) != CL_SUCCESS) fail("clGetDeviceIDs", rc);
    char devname[256] = "", platname[256] = "";
    clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof devname, devname, NULL);
    clGetPlatformInfo(plat, CL_PLATFORM_NAME, sizeof platname, platname, NULL);
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &rc);
    if (rc != CL_SUCCESS) fail("clCreateContext", rc);
    cl_command_queue q = clCreateCommandQueue(ctx, dev, 0, &rc);
    if (rc != CL_SUCCESS) fail("clCreateCommandQueue", rc);
    const char *s = src;
    cl_program prog = clCreateProgramWithSource(ctx, 1, &s, NULL, &rc);
    if (rc != CL_SUCCESS) fail("clCreateProgramWithSource", rc);
    if ((rc = clBuildProgram(prog, 1, &dev, "-DT=" STR(T), NULL, NULL)) != CL_SUCCESS) {
        static char log[1 << 14];
        clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
        for (char *c = log; *c; c++) if (*c == '\n') *c = ' ';
        printf("error kernel does not build: %.300s\n", log);
        fflush(stdout);
        return 2;
    }
    cl_kernel k = clCreateKernel(prog, "fprev_reduce", &rc);
    if (rc != CL_SUCCESS) fail("clCreateKernel(fprev_reduce)", rc);
    char *line = NULL;
    size_t cap = 0;
    long n = 0, lo = -1, hi = -1;
    double mask = 0, unit = 0;
    T *a = NULL;
    cl_mem bx = NULL, bo = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, sizeof(T), NULL, &rc);
    while (getline(&line, &cap, stdin) > 0) {
        char *p = line;
        if (line[0] == 'q') break;
        if (strncmp(line, "fprev ", 6) == 0) {
            char dtype[32], m[64], u[64];
            if (sscanf(line + 6, "%ld %31s %63s %63s", &n, dtype, m, u) != 4 || n < 1) {
                printf("error bad fprev header\n");
                fflush(stdout);
                continue;
            }
            mask = strtod(m, NULL);
            unit = strtod(u, NULL);
            free(a);
            a = calloc((size_t)n, sizeof(T));
            if (bx) clReleaseMemObject(bx);
            bx = clCreateBuffer(ctx, CL_MEM_READ_ONLY, sizeof(T) * (size_t)n, NULL, &rc);
            if (rc != CL_SUCCESS) fail("clCreateBuffer", rc);
            int ni = (int)n;
            clSetKernelArg(k, 0, sizeof(cl_mem), &bx);
            clSetKernelArg(k, 1, sizeof(int), &ni);
            clSetKernelArg(k, 2, sizeof(cl_mem), &bo);
            clSetKernelArg(k, 3, sizeof(T) * local, NULL);
            lo = hi = -1;
            printf("ok opencl %s on %s, " STR(T) " %s n=%ld local=%zu\n", platname, devname, dtype, n, local);
            fflush(stdout);
            continue;
        }
        int probe = line[0] == 'p';
        long cnt = 0;
        double *res = NULL;
        if (probe) {
            long from = strtol(p + 1, &p, 10), to = strtol(p, &p, 10);
            cnt = strtol(p, &p, 10);
            if (from != lo || to != hi) {
                for (long e = 0; e < n; e++) a[e] = (T)(e >= from && e < to ? unit : 0.0);
                lo = from;
                hi = to;
            }
        } else if (line[0] == 'e') {
            cnt = strtol(p + 1, &p, 10);
        } else {
            printf("error unknown command\n");
            fflush(stdout);
            continue;
        }
        res = malloc(sizeof(double) * (size_t)(cnt > 0 ? cnt : 1));
        for (long c = 0; c < cnt; c++) {
            long i = 0, j = 0;
            T bi = 0, bj = 0;
            if (probe) {
                i = strtol(p, &p, 10);
                j = strtol(p, &p, 10);
                bi = a[i];
                bj = a[j];
                a[i] = (T)mask;
                a[j] = (T)-mask;
            } else {
                if (getline(&line, &cap, stdin) <= 0) return 1;
                char *s2 = line;
                for (long e = 0; e < n; e++) a[e] = (T)strtod(s2, &s2);
            }
            T r;
            if ((rc = clEnqueueWriteBuffer(q, bx, CL_TRUE, 0, sizeof(T) * (size_t)n, a, 0, NULL, NULL)) != CL_SUCCESS) fail("write", rc);
            if ((rc = clEnqueueNDRangeKernel(q, k, 1, NULL, &local, &local, 0, NULL, NULL)) != CL_SUCCESS) fail("launch", rc);
            if ((rc = clEnqueueReadBuffer(q, bo, CL_TRUE, 0, sizeof(T), &r, 0, NULL, NULL)) != CL_SUCCESS) fail("read", rc);
            res[c] = (double)r;
            if (probe) {
                a[i] = bi;
                a[j] = bj;
            }
        }
        if (!probe) lo = hi = -1;
        for (long c = 0; c < cnt; c++) printf(c ? " %a" : "%a", res[c]);
        printf("\n");
        fflush(stdout);
        free(res);
    }
    return 0;
}
