// A branch inside a loop: a running value acc = acc * y + x[i] over an element-wise array, tested in every iteration
// (acc * acc - y > 0). Each iteration is its own instance of branch 0 (loops unrolled for the bound), reached on every
// combination of the earlier iterations' outcomes; contraction fuses both the update and the test.
// flip domain: comp=0:0 n=4:4 x=-2:2 y=0.5:2
// verified flip (fparity flip corpora/flip/loop-branch.fp --budget 40s, this machine): per-iteration outcomes gcc@O0 NNNT, gcc-fma@O2 NTNT, clang-19@O3_FM NNNT, pocl@O0 NTNT, java@O0 NNNT
// input: 0x0p+0 0x1.2caa06p-2,-0x1.e00726p+0,0x1.209b92p+0,0x1.35707p-1 0x1.ceb4a8p+0 4
program fp32 array 4
compute(float comp, float x[4] each, float y, int n) {
  float acc = 0.0f;
  for (int i = 0; i < n; ++i) {
    acc = acc * y + x[i];
    if (acc * acc - y > 0.0f) {
      comp += 1.0f;
    }
  }
}
