/* Hand-written batch harness following the fparity harness protocol, for executor tests until the C emitter lands.
   FixtureEmitter replaces the two markers with the programs of a batch and their dispatch table. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef double (*program_fn)(const double *x);

/*PROGRAMS*/

static const program_fn programs[] = {
/*TABLE*/
};

int main(void) {
    char line[4096];
    const int n = (int) (sizeof programs / sizeof programs[0]);
    if (getenv("FPARITY_FIXTURE_NO_DEVICE")) {
        fprintf(stderr, "fparity-harness: no device (fixture: FPARITY_FIXTURE_NO_DEVICE is set)\n");
        return 3;
    }
    if (getenv("FPARITY_FIXTURE_BROKEN")) {
        fprintf(stderr, "fparity-harness: kernel build failed (fixture)\n");
        return 4;
    }
    while (fgets(line, sizeof line, stdin)) {
        char *p = line, *end;
        long index = strtol(p, &end, 10);
        if (end == p) continue;
        p = end;
        double x[8];
        int k = 0;
        while (k < 8) {
            double v = strtod(p, &end);
            if (end == p) break;
            x[k++] = v;
            p = end;
        }
        if (index < 0 || index >= n) {
            printf("%ld error no program %ld in this batch\n", index, index);
        } else if (k < 2) {
            printf("%ld error expected 2 arguments, got %d\n", index, k);
        } else {
            double r = programs[index](x);
            printf("%ld %a %.17g\n", index, r, r);
        }
        fflush(stdout);
    }
    return 0;
}
