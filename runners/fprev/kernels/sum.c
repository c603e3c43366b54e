/* The default kernel for `fparity fprev --target c.COMPILER`: a plain loop; at -O3 -ffast-math the compiler is free
 * to reassociate it into vector lanes, and FPRev shows how it did. */
FPREV_T fprev_sum(const FPREV_T *x, long n) {
    FPREV_T s = 0;
    for (long i = 0; i < n; i++) s += x[i];
    return s;
}
