/* Hand-written HIP batch harness (fparity protocol) for executor tests: one program, a + b on the device.
   Without a driver, the first runtime call fails and the harness exits 3 with one fparity-harness line. */
#include <hip/hip_runtime.h>
#include <cstdio>
#include <cstdlib>

__global__ void compute_0(const double *x, double *r) { r[0] = x[0] + x[1]; }

int main() {
    double *dx = 0, *dr = 0;
    hipError_t e = hipMalloc(&dx, 2 * sizeof(double));
    if (e != hipSuccess) {
        fprintf(stderr, "fparity-harness: HIP error %d %s: %s\n", (int) e, hipGetErrorName(e), hipGetErrorString(e));
        return 3;
    }
    hipMalloc(&dr, sizeof(double));
    char line[4096];
    while (fgets(line, sizeof line, stdin)) {
        int index;
        double x[2], r;
        if (sscanf(line, "%d %lf %lf", &index, &x[0], &x[1]) != 3) { printf("-1 error bad index\n"); fflush(stdout); continue; }
        hipMemcpy(dx, x, sizeof x, hipMemcpyHostToDevice);
        compute_0<<<1, 1>>>(dx, dr);
        hipMemcpy(&r, dr, sizeof r, hipMemcpyDeviceToHost);
        printf("%d %a %.17g\n", index, r, r);
        fflush(stdout);
    }
    return 0;
}
