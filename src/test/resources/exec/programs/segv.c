/* Dereferences NULL for a negative first argument: SIGSEGV on that line only. */
if (x[0] < 0) { volatile int *null = 0; *null = 1; }
return x[0] - x[1];
