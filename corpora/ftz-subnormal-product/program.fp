// fparity reduce of discrepancy 2d6c0de959fc (same campaign; program f788628376b92a18, 10 operations reduced to 2): 0x1p-1020 * -0x1p-8 is the subnormal -0x0.04p-1022; every -O3 -ffast-math C build here (gcc, gcc-fma, clang-19) flushes it to -0 (FTZ/DAZ set by crtfastmath.o), while Java, every other C level, pocl -O3_FM (in the campaign) and the reference keep it.
program fp64 array 8
compute(double comp, double var_4) {
  comp = 0x0p+0;
  comp += var_4 * -0x1p-8;
}
// input: 0x1p+14 0x1p-1020
