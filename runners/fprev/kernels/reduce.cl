/* The default OpenCL reduction for `fparity fprev --target opencl`: one work-group of L work-items; item l adds
 * x[l], x[l+L], ... in order, then the group halves: item l adds item l+s for s = L/2, ..., 1. */
__kernel void fprev_reduce(__global const T *x, const int n, __global T *out, __local T *buf) {
    int l = get_local_id(0), L = get_local_size(0);
    T s = 0;
    for (int i = l; i < n; i += L) s += x[i];
    buf[l] = s;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int h = L / 2; h > 0; h >>= 1) {
        if (l < h) buf[l] += buf[l + h];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0) out[0] = buf[0];
}
