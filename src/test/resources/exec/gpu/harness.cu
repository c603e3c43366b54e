/* Hand-written CUDA batch harness (fparity protocol) for executor tests: one program, a + b on the device.
   Without a driver, the first runtime call fails and the harness exits 3 with one fparity-harness line. */
#include <cstdio>
#include <cstdlib>

__global__ void compute_0(const double *x, double *r) { r[0] = x[0] + x[1]; }

int main() {
    double *dx = 0, *dr = 0;
    cudaError_t e = cudaMalloc(&dx, 2 * sizeof(double));
    if (e != cudaSuccess) {
        fprintf(stderr, "fparity-harness: CUDA error %d %s: %s\n", (int) e, cudaGetErrorName(e), cudaGetErrorString(e));
        return 3;
    }
    cudaMalloc(&dr, sizeof(double));
    char line[4096];
    while (fgets(line, sizeof line, stdin)) {
        int index;
        double x[2], r;
        if (sscanf(line, "%d %lf %lf", &index, &x[0], &x[1]) != 3) { printf("-1 error bad index\n"); fflush(stdout); continue; }
        cudaMemcpy(dx, x, sizeof x, cudaMemcpyHostToDevice);
        compute_0<<<1, 1>>>(dx, dr);
        cudaMemcpy(&r, dr, sizeof r, cudaMemcpyDeviceToHost);
        printf("%d %a %.17g\n", index, r, r);
        fflush(stdout);
    }
    return 0;
}
