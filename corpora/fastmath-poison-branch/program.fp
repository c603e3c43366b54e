// fparity reduce of a run that ended differently (the README's default campaign with the loop-nesting grammar, bin/fparity run; program ea7393f7c9225663, 46 operations reduced to 2; program f9a6c7793ae73787 of the same campaign reduces to the same cause in 3): comp / 0 is -Inf for every finite input, and the branch compares it with itself. clang 16 and 19 at -O3 -ffast-math fold comp / 0 to poison (finite-math-only: no NaN, no Inf), a branch on poison is undefined behaviour, and the call to compute and everything after it in main are deleted: the process falls into whatever code follows (here the harness's "bad value" exit; in the campaign's batch binary a SIGSEGV). Every other platform here, clang-14 -O3 -ffast-math and gcc -O3 -ffast-math included, prints -0x1p-20.
program fp64 array 8
compute(double comp) {
  comp /= 0x0p+0;
  if (comp >= comp) {
    comp = -0x1p-20;
  }
}
// input: -0x1p-1016
