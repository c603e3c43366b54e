// A loop: p(x) = x^n + y (x^(n-1) + ... + 1) by Horner's rule, n iterations of acc = acc * x + y, compared with 0.
// Contraction turns each step into one fused multiply-add, so near a root the sign depends on the platform.
// Branch 0 is `acc > 0` after the loop; the loop bound n is an input (here fixed to 8).
// flip domain: comp=0:0 n=8:8 x=0.5:2 y=-4:-0.01
// verified flip (fparity flip, this machine): gcc@O0 vs gcc-fma@O2, gcc@O0 vs pocl@O0, gcc-fma@O2 vs clang-19@O3_FM
// input: 0x0p+0 8 0x1.ece084p+0 -0x1.dc46dap-1
program fp32 array 8
compute(float comp, int n, float x, float y) {
  float acc = 1.0f;
  for (int i = 0; i < n; ++i) {
    acc = acc * x + y;
  }
  if (acc > 0.0f) {
    comp += 1.0f;
  } else {
    comp -= 1.0f;
  }
}
