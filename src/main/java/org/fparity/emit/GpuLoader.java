package org.fparity.emit;

/**
 * The host half of a GPU batch, compiled once per toolchain (plain C, any C compiler, {@code -ldl}) and reused by every
 * batch: it loads the driver library at run time ({@code libcuda.so.1}, or {@code libamdhip64}), loads the module that
 * {@link Emitter#deviceBatch} was compiled to (a fatbin/cubin from nvcc, a code object from hipcc {@code --genco}),
 * reads the module's {@code fp_meta} table and then speaks the batch protocol of the package documentation exactly as
 * the executable form does: same parsing, same answer lines, the same device set-up per call (arguments and arrays in
 * device memory, one thread, every call checked), exit 3 when there is no driver or device, 4 for any other failure.
 * Usage: {@code loader MODULE} with input lines on stdin. Nothing of CUDA or HIP is needed to build it.
 */
public final class GpuLoader {
    private GpuLoader() {}

    /** The loader's C source for {@code api} ({@code cuda} or {@code hip}). */
    public static String source(String api) {
        String binding = switch (api) {
            case "cuda" -> CUDA;
            case "hip" -> HIP;
            default -> throw new IllegalArgumentException("no GPU loader for API '" + api + "' (cuda or hip)");
        };
        return "/* fparity GPU loader (" + api
                + "): the host side of device-only batches; protocol in org.fparity.emit */\n"
                + HEAD + CHost.COMMON_HEAD + binding + TABLE + CHost.COMMON_LINES + CHost.COMMON_PARSE + RUN
                + CHost.MAIN_BATCH.replace("fp_run[fp_k](", "fp_run_program(fp_k, ");
    }

    private static final String HEAD = """
            #include <dlfcn.h>
            #include <stdarg.h>
            #include <stdio.h>
            #include <stdlib.h>
            #include <string.h>

            typedef int fp_status;
            typedef unsigned long long fp_dptr;
            static void *fp_lib;
            static void *fp_module;

            """;

    /** Looks a symbol up in the driver library; a library without it cannot serve this loader (exit 3). */
    private static final String SYM = """
            static void *fp_sym(const char *name) {
              void *f = dlsym(fp_lib, name);
              if (!f) fp_fail(3, "the GPU driver library has no %s: %s", name, dlerror());
              return f;
            }

            """;

    /** CUDA driver API (the symbols cuda.h maps its names to: the _v2 ones where there are two). */
    private static final String CUDA = SYM + """
            #define FP_CU(ret, name, args) typedef fp_status (*name##_t) args; static name##_t name
            FP_CU(fp_status, cuInit, (unsigned));
            FP_CU(fp_status, cuDeviceGetCount, (int *));
            FP_CU(fp_status, cuDeviceGet, (int *, int));
            FP_CU(fp_status, cuDevicePrimaryCtxRetain, (void **, int));
            FP_CU(fp_status, cuCtxSetCurrent, (void *));
            FP_CU(fp_status, cuModuleLoad, (void **, const char *));
            FP_CU(fp_status, cuModuleGetFunction, (void **, void *, const char *));
            FP_CU(fp_status, cuModuleGetGlobal_v2, (fp_dptr *, size_t *, void *, const char *));
            FP_CU(fp_status, cuMemAlloc_v2, (fp_dptr *, size_t));
            FP_CU(fp_status, cuMemFree_v2, (fp_dptr));
            FP_CU(fp_status, cuMemcpyHtoD_v2, (fp_dptr, const void *, size_t));
            FP_CU(fp_status, cuMemcpyDtoH_v2, (void *, fp_dptr, size_t));
            FP_CU(fp_status, cuLaunchKernel, (void *, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, void *, void **, void **));
            FP_CU(fp_status, cuCtxSynchronize, (void));
            FP_CU(fp_status, cuGetErrorName, (fp_status, const char **));
            FP_CU(fp_status, cuGetErrorString, (fp_status, const char **));

            static const char *fp_err_name(fp_status e) {
              const char *s = 0;
              if (cuGetErrorName && cuGetErrorName(e, &s) == 0 && s) return s;
              return "CUDA_ERROR_UNKNOWN";
            }

            static const char *fp_err_text(fp_status e) {
              const char *s = 0;
              if (cuGetErrorString && cuGetErrorString(e, &s) == 0 && s) return s;
              return "unknown error";
            }

            /* not initialised, no device, invalid device, no code for this GPU in the module, driver/library mismatch,
               compat mode unsupported */
            static int fp_unavailable(fp_status e) {
              return e == 3 || e == 100 || e == 101 || e == 209 || e == 803 || e == 804;
            }

            #define FP_CHECK(call) fp_check((call), #call)
            static void fp_check(fp_status e, const char *what) {
              if (e == 0) return;
              fp_fail(fp_unavailable(e) ? 3 : 4, "%s failed: %d %s: %s", what, (int) e, fp_err_name(e), fp_err_text(e));
            }

            static void fp_open(const char *module) {
              int count = 0, dev = 0;
              void *ctx = 0;
              fp_lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
              if (!fp_lib) fp_fail(3, "no NVIDIA driver here: cannot load libcuda.so.1 (%s)", dlerror());
              cuGetErrorName = (cuGetErrorName_t) fp_sym("cuGetErrorName");
              cuGetErrorString = (cuGetErrorString_t) fp_sym("cuGetErrorString");
              cuInit = (cuInit_t) fp_sym("cuInit");
              cuDeviceGetCount = (cuDeviceGetCount_t) fp_sym("cuDeviceGetCount");
              cuDeviceGet = (cuDeviceGet_t) fp_sym("cuDeviceGet");
              cuDevicePrimaryCtxRetain = (cuDevicePrimaryCtxRetain_t) fp_sym("cuDevicePrimaryCtxRetain");
              cuCtxSetCurrent = (cuCtxSetCurrent_t) fp_sym("cuCtxSetCurrent");
              cuModuleLoad = (cuModuleLoad_t) fp_sym("cuModuleLoad");
              cuModuleGetFunction = (cuModuleGetFunction_t) fp_sym("cuModuleGetFunction");
              cuModuleGetGlobal_v2 = (cuModuleGetGlobal_v2_t) fp_sym("cuModuleGetGlobal_v2");
              cuMemAlloc_v2 = (cuMemAlloc_v2_t) fp_sym("cuMemAlloc_v2");
              cuMemFree_v2 = (cuMemFree_v2_t) fp_sym("cuMemFree_v2");
              cuMemcpyHtoD_v2 = (cuMemcpyHtoD_v2_t) fp_sym("cuMemcpyHtoD_v2");
              cuMemcpyDtoH_v2 = (cuMemcpyDtoH_v2_t) fp_sym("cuMemcpyDtoH_v2");
              cuLaunchKernel = (cuLaunchKernel_t) fp_sym("cuLaunchKernel");
              cuCtxSynchronize = (cuCtxSynchronize_t) fp_sym("cuCtxSynchronize");
              FP_CHECK(cuInit(0));
              FP_CHECK(cuDeviceGetCount(&count));
              if (count < 1) fp_fail(3, "no GPU device (cuDeviceGetCount returned 0)");
              FP_CHECK(cuDeviceGet(&dev, 0));
              FP_CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
              FP_CHECK(cuCtxSetCurrent(ctx));
              FP_CHECK(cuModuleLoad(&fp_module, module));
            }

            static fp_status fp_get_global(const char *name, fp_dptr *p, size_t *bytes) {
              return cuModuleGetGlobal_v2(p, bytes, fp_module, name);
            }
            static fp_status fp_get_function(const char *name, void **f) {
              return cuModuleGetFunction(f, fp_module, name);
            }
            static fp_status fp_malloc(fp_dptr *p, size_t bytes) {
              return cuMemAlloc_v2(p, bytes);
            }
            static fp_status fp_free(fp_dptr p) {
              return cuMemFree_v2(p);
            }
            static fp_status fp_to_device(fp_dptr d, const void *h, size_t bytes) {
              return cuMemcpyHtoD_v2(d, h, bytes);
            }
            static fp_status fp_to_host(void *h, fp_dptr d, size_t bytes) {
              return cuMemcpyDtoH_v2(h, d, bytes);
            }
            static fp_status fp_launch(void *f, void **params) {
              return cuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, 0, params, 0);
            }
            static fp_status fp_sync(void) {
              return cuCtxSynchronize();
            }

            """;

    /** HIP's module API from libamdhip64 (ROCm 5 and 6 sonames). */
    private static final String HIP = SYM + """
            #define FP_HIP(name, args) typedef fp_status (*name##_t) args; static name##_t name
            FP_HIP(hipInit, (unsigned));
            FP_HIP(hipGetDeviceCount, (int *));
            FP_HIP(hipSetDevice, (int));
            FP_HIP(hipModuleLoad, (void **, const char *));
            FP_HIP(hipModuleGetFunction, (void **, void *, const char *));
            FP_HIP(hipModuleGetGlobal, (void **, size_t *, void *, const char *));
            FP_HIP(hipMalloc, (void **, size_t));
            FP_HIP(hipFree, (void *));
            FP_HIP(hipMemcpyHtoD, (void *, void *, size_t));
            FP_HIP(hipMemcpyDtoH, (void *, void *, size_t));
            FP_HIP(hipModuleLaunchKernel, (void *, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, void *, void **, void **));
            FP_HIP(hipDeviceSynchronize, (void));
            typedef const char *(*hipGetErrorName_t)(fp_status);
            static hipGetErrorName_t hipGetErrorName, hipGetErrorString;

            static const char *fp_err_name(fp_status e) {
              const char *s = hipGetErrorName ? hipGetErrorName(e) : 0;
              return s ? s : "hipErrorUnknown";
            }

            static const char *fp_err_text(fp_status e) {
              const char *s = hipGetErrorString ? hipGetErrorString(e) : 0;
              return s ? s : "unknown error";
            }

            /* not initialised, insufficient driver, no device, invalid device, no code for this GPU in the module: the
               codes HIP shares with CUDA */
            static int fp_unavailable(fp_status e) {
              return e == 3 || e == 35 || e == 100 || e == 101 || e == 209;
            }

            #define FP_CHECK(call) fp_check((call), #call)
            static void fp_check(fp_status e, const char *what) {
              if (e == 0) return;
              fp_fail(fp_unavailable(e) ? 3 : 4, "%s failed: %d %s: %s", what, (int) e, fp_err_name(e), fp_err_text(e));
            }

            static void fp_open(const char *module) {
              static const char *const names[] = {"libamdhip64.so", "libamdhip64.so.6", "libamdhip64.so.5"};
              int count = 0;
              size_t i;
              for (i = 0; i < sizeof names / sizeof names[0] && !fp_lib; i++) fp_lib = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
              if (!fp_lib) fp_fail(3, "no HIP runtime here: cannot load libamdhip64.so (%s)", dlerror());
              hipGetErrorName = (hipGetErrorName_t) fp_sym("hipGetErrorName");
              hipGetErrorString = (hipGetErrorName_t) fp_sym("hipGetErrorString");
              hipInit = (hipInit_t) fp_sym("hipInit");
              hipGetDeviceCount = (hipGetDeviceCount_t) fp_sym("hipGetDeviceCount");
              hipSetDevice = (hipSetDevice_t) fp_sym("hipSetDevice");
              hipModuleLoad = (hipModuleLoad_t) fp_sym("hipModuleLoad");
              hipModuleGetFunction = (hipModuleGetFunction_t) fp_sym("hipModuleGetFunction");
              hipModuleGetGlobal = (hipModuleGetGlobal_t) fp_sym("hipModuleGetGlobal");
              hipMalloc = (hipMalloc_t) fp_sym("hipMalloc");
              hipFree = (hipFree_t) fp_sym("hipFree");
              hipMemcpyHtoD = (hipMemcpyHtoD_t) fp_sym("hipMemcpyHtoD");
              hipMemcpyDtoH = (hipMemcpyDtoH_t) fp_sym("hipMemcpyDtoH");
              hipModuleLaunchKernel = (hipModuleLaunchKernel_t) fp_sym("hipModuleLaunchKernel");
              hipDeviceSynchronize = (hipDeviceSynchronize_t) fp_sym("hipDeviceSynchronize");
              FP_CHECK(hipInit(0));
              FP_CHECK(hipGetDeviceCount(&count));
              if (count < 1) fp_fail(3, "no GPU device (hipGetDeviceCount returned 0)");
              FP_CHECK(hipSetDevice(0));
              FP_CHECK(hipModuleLoad(&fp_module, module));
            }

            static fp_status fp_get_global(const char *name, fp_dptr *p, size_t *bytes) {
              void *d = 0;
              fp_status e = hipModuleGetGlobal(&d, bytes, fp_module, name);
              *p = (fp_dptr) (size_t) d;
              return e;
            }
            static fp_status fp_get_function(const char *name, void **f) {
              return hipModuleGetFunction(f, fp_module, name);
            }
            static fp_status fp_malloc(fp_dptr *p, size_t bytes) {
              void *d = 0;
              fp_status e = hipMalloc(&d, bytes);
              *p = (fp_dptr) (size_t) d;
              return e;
            }
            static fp_status fp_free(fp_dptr p) {
              return hipFree((void *) (size_t) p);
            }
            static fp_status fp_to_device(fp_dptr d, const void *h, size_t bytes) {
              return hipMemcpyHtoD((void *) (size_t) d, (void *) h, bytes);
            }
            static fp_status fp_to_host(void *h, fp_dptr d, size_t bytes) {
              return hipMemcpyDtoH(h, (void *) (size_t) d, bytes);
            }
            static fp_status fp_launch(void *f, void **params) {
              return hipModuleLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, 0, params, 0);
            }
            static fp_status fp_sync(void) {
              return hipDeviceSynchronize();
            }

            """;

    /** The per-program table of the executable form, read from the module's {@code fp_meta} instead of compiled in. */
    private static final String TABLE = """
            static int fp_n;
            #define FP_N fp_n
            static char **fp_sig;
            static unsigned char *fp_single;
            static int *fp_len;
            static void **fp_kernels;
            static double *fp_vals;
            static int *fp_ints;

            static void fp_read_table(void) {
              fp_dptr d = 0;
              size_t bytes = 0;
              char *text, *s, name[32];
              int k, maxv = 1, maxn = 1;
              FP_CHECK(fp_get_global("fp_meta", &d, &bytes));
              text = (char *) fp_alloc(bytes + 1);
              FP_CHECK(fp_to_host(text, d, bytes));
              text[bytes] = '\\0';
              fp_n = (int) strtol(text, &s, 10);
              if (fp_n < 1 || *s != '\\n') fp_fail(4, "the module's fp_meta table is malformed");
              fp_sig = (char **) fp_alloc(sizeof(char *) * (size_t) fp_n);
              fp_single = (unsigned char *) fp_alloc((size_t) fp_n);
              fp_len = (int *) fp_alloc(sizeof(int) * (size_t) fp_n);
              fp_kernels = (void **) fp_alloc(sizeof(void *) * (size_t) fp_n);
              for (k = 0; k < fp_n; k++) {
                int v = 0, n = 0;
                char *sig = ++s, *c;
                while (*s && *s != ' ') s++;
                if (*s != ' ') fp_fail(4, "the module's fp_meta table is malformed at program %d", k);
                *s++ = '\\0';
                fp_sig[k] = strcmp(sig, "-") == 0 ? (char *) "" : sig;
                fp_single[k] = (unsigned char) (*s++ == '1');
                fp_len[k] = (int) strtol(s, &s, 10);
                if (*s != '\\n') fp_fail(4, "the module's fp_meta table is malformed at program %d", k);
                for (c = fp_sig[k]; *c; c++) {
                  if (*c == 'I') n++;
                  else v += *c == 'E' ? fp_len[k] : 1;
                }
                if (v > maxv) maxv = v;
                if (n > maxn) maxn = n;
                snprintf(name, sizeof name, "fp_kernel_%d", k);
                FP_CHECK(fp_get_function(name, &fp_kernels[k]));
              }
              fp_vals = (double *) fp_alloc(sizeof(double) * (size_t) maxv);
              fp_ints = (int *) fp_alloc(sizeof(int) * (size_t) maxn);
            }

            static void fp_init(int argc, char **argv, int single) {
              (void) single;
              if (argc != 2) fp_fail(4, "usage: %s MODULE (input lines on stdin)", argc > 0 ? argv[0] : "loader");
              fp_open(argv[1]);
              fp_read_table();
            }

            static void fp_finish(void) {}

            """;

    /**
     * One call of program k, as the executable form's {@code fp_run_K} does it: FP scalars (converted to the program's
     * precision) in one device array, int bounds in another, each array filled with its value (A) or its values (E, one
     * per element), then the kernel
     * {@code fp_kernel_K(out, scalars[, ints], arrays…)} on one thread and the result copied back.
     */
    private static final String RUN = """
            static void fp_run_program(int k, const double *hv, const int *hn, double *r) {
              const char *sig = fp_sig[k];
              int single = fp_single[k], len = fp_len[k], np = (int) strlen(sig), i, nv = 0, nn = 0, na = 0, slot = 0, nparams = 0;
              size_t es = single ? sizeof(float) : sizeof(double);
              unsigned char *v, *res;
              fp_dptr dout = 0, dv = 0, dn = 0, *da;
              void **params;
              for (i = 0; i < np; i++) {
                if (sig[i] == 'F') nv++;
                else if (sig[i] == 'I') nn++;
                else na++;
              }
              v = (unsigned char *) fp_alloc(es * (size_t) (nv > 0 ? nv : 1));
              res = (unsigned char *) fp_alloc(sizeof(double));
              da = (fp_dptr *) fp_alloc(sizeof(fp_dptr) * (size_t) (na > 0 ? na : 1));
              params = (void **) fp_alloc(sizeof(void *) * (size_t) (3 + na));
              for (i = 0, nv = 0; i < np; i++) {
                if (sig[i] == 'F') {
                  if (single) ((float *) v)[nv++] = (float) hv[slot];
                  else ((double *) v)[nv++] = hv[slot];
                }
                if (sig[i] == 'E') slot += len;
                else if (sig[i] != 'I') slot++;
              }
              FP_CHECK(fp_malloc(&dout, es));
              memset(res, 0, sizeof(double));
              FP_CHECK(fp_to_device(dout, res, es)); /* starts as 0, as in the executable form */
              FP_CHECK(fp_malloc(&dv, es * (size_t) (nv > 0 ? nv : 1)));
              if (nv > 0) FP_CHECK(fp_to_device(dv, v, es * (size_t) nv));
              params[nparams++] = &dout;
              params[nparams++] = &dv;
              if (nn > 0) {
                FP_CHECK(fp_malloc(&dn, sizeof(int) * (size_t) nn));
                FP_CHECK(fp_to_device(dn, hn, sizeof(int) * (size_t) nn));
                params[nparams++] = &dn;
              }
              for (i = 0, slot = 0, na = 0; i < np; i++) {
                if (sig[i] == 'A' || sig[i] == 'E') {
                  unsigned char *h = (unsigned char *) fp_alloc(es * (size_t) (len > 0 ? len : 1));
                  int j, each = sig[i] == 'E';
                  for (j = 0; j < len; j++) {
                    if (single) ((float *) h)[j] = (float) hv[slot + (each ? j : 0)];
                    else ((double *) h)[j] = hv[slot + (each ? j : 0)];
                  }
                  FP_CHECK(fp_malloc(&da[na], es * (size_t) len));
                  FP_CHECK(fp_to_device(da[na], h, es * (size_t) len));
                  free(h);
                  params[nparams++] = &da[na];
                  na++;
                }
                if (sig[i] == 'E') slot += len;
                else if (sig[i] != 'I') slot++;
              }
              FP_CHECK(fp_launch(fp_kernels[k], params));
              FP_CHECK(fp_sync());
              FP_CHECK(fp_to_host(res, dout, es));
              *r = single ? (double) *(float *) res : *(double *) res;
              FP_CHECK(fp_free(dout));
              FP_CHECK(fp_free(dv));
              if (nn > 0) FP_CHECK(fp_free(dn));
              for (i = 0; i < na; i++) FP_CHECK(fp_free(da[i]));
              free(v);
              free(res);
              free(da);
              free(params);
              fp_ran = k; /* the canary of the executable form's fp_run_K (CHost.runnerEnd), which main checks */
            }

            """;
}
