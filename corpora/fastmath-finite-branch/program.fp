// fparity reduce of discrepancy 013fff65afe2 (campaign: fparity run --programs 30 --inputs 5 --seed 7 --toolchains gcc,gcc-fma,clang-19,pocl,java --opt all; program 07f4ed763a2e3c5f, 51 operations reduced to 6): var_1 / -0x1p-1019 overflows to Inf, so tmp_1 = comp / Inf = 0 and the branch must not run; gcc -O3 -ffast-math (with or without FMA) assumes finite values and ends at NaN from log10 of a negative, while clang-19 -O3 -ffast-math, every non-fast-math level and the reference keep 0x1p+643.
program fp64 array 8
compute(double comp, double var_1) {
  comp += 0x1p+643;
  double tmp_1 = comp / (var_1 / -0x1p-1019);
  if (tmp_1 != 0x0p+0) {
    comp += log10(-0x1p+19);
  }
}
// input: -0x1p-13 -0x1p+19
