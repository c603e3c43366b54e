// A math call: is the point (x, y) inside the circle of radius r around (u, v)? sqrt is exact in both the real
// encoding (y >= 0, y*y = x) and Z3's floating-point theory; the squares contract into FMAs. Branch 0.
// flip domain: comp=0:0 x=-10:10 y=-10:10 u=-10:10 v=-10:10 r=0.5:10
// verified flip (fparity flip, this machine): gcc@O0 vs gcc-fma@O2, gcc@O0 vs pocl@O0, gcc-fma@O2 vs clang-19@O3_FM
// input: 0x0p+0 -0x1.215092p+2 -0x1.53c86cp+1 0x1.7dc338p+1 -0x1.f0f41ep+2 0x1.227fa8p+3
program fp32 array 1
compute(float comp, float x, float y, float u, float v, float r) {
  float dx = x - u;
  float dy = y - v;
  if (sqrt(dx * dx + dy * dy) < r) {
    comp += 1.0f;
  } else {
    comp -= 1.0f;
  }
}
