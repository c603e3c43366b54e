/* FPRev probe server for any C summation function: the template behind `fparity fprev --target c.COMPILER`.
 *
 * Build: cc -O2 -DFPREV_T=float -c c_harness.c; cc YOUR_FLAGS -DFPREV_T=float -c kernel.c; cc *.o -o probe -lm
 * The kernel file defines     FPREV_T fprev_sum(const FPREV_T *x, long n);
 * Protocol (same as runners/fprev/numpy_target.py):
 *   > fprev N DTYPE MASK UNIT         < ok DESCRIPTION
 *   > p FROM TO K i0 j0 i1 j1 ...     < K sums as hex floats (+MASK at i, -MASK at j, UNIT on [FROM,TO), 0 elsewhere)
 *   > e K  + K lines of N hex floats  < K sums
 *   > q
 * The masked array lives here: only indices cross the pipe. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef FPREV_T
#define FPREV_T float
#endif
#define STR2(x) #x
#define STR(x) STR2(x)

FPREV_T fprev_sum(const FPREV_T *x, long n);

static char *line;
static size_t cap;

int main(void) {
    long n = 0, lo = -1, hi = -1;
    double mask = 0, unit = 0;
    FPREV_T *a = NULL;
    setvbuf(stdout, NULL, _IOFBF, 1 << 16);
    while (getline(&line, &cap, stdin) > 0) {
        char *p = line;
        if (line[0] == 'q') break;
        if (strncmp(line, "fprev ", 6) == 0) {
            char dtype[32];
            char m[64], u[64];
            if (sscanf(line + 6, "%ld %31s %63s %63s", &n, dtype, m, u) != 4 || n < 1) {
                printf("error bad fprev header\n");
                fflush(stdout);
                continue;
            }
            mask = strtod(m, NULL);
            unit = strtod(u, NULL);
            free(a);
            a = calloc((size_t)n, sizeof(FPREV_T));
            lo = hi = -1;
            printf("ok c " STR(FPREV_T) " %s n=%ld compiled by " __VERSION__ "\n", dtype, n);
            fflush(stdout);
            continue;
        }
        if (line[0] == 'p') {
            long from = strtol(p + 1, &p, 10), to = strtol(p, &p, 10), k = strtol(p, &p, 10);
            if (from != lo || to != hi) {
                for (long q = 0; q < n; q++) a[q] = (FPREV_T)(q >= from && q < to ? unit : 0.0);
                lo = from;
                hi = to;
            }
            for (long q = 0; q < k; q++) {
                long i = strtol(p, &p, 10), j = strtol(p, &p, 10);
                FPREV_T bi = a[i], bj = a[j];
                a[i] = (FPREV_T)mask;
                a[j] = (FPREV_T)-mask;
                double r = (double)fprev_sum(a, n);
                a[i] = bi;
                a[j] = bj;
                printf(q ? " %a" : "%a", r);
            }
            printf("\n");
            fflush(stdout);
            continue;
        }
        if (line[0] == 'e') {
            long k = strtol(p + 1, &p, 10);
            double *res = malloc(sizeof(double) * (size_t)(k > 0 ? k : 1));
            for (long q = 0; q < k; q++) {
                if (getline(&line, &cap, stdin) <= 0) return 1;
                char *s = line;
                for (long e = 0; e < n; e++) a[e] = (FPREV_T)strtod(s, &s);
                res[q] = (double)fprev_sum(a, n);
            }
            for (long q = 0; q < k; q++) printf(q ? " %a" : "%a", res[q]);
            printf("\n");
            fflush(stdout);
            free(res);
            lo = hi = -1;
            continue;
        }
        printf("error unknown command\n");
        fflush(stdout);
    }
    return 0;
}
