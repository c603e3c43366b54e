// Gu, Wahl, Bayati, Leeser (Euro-Par 2015), §3 "Molecular Dynamics", Listing 1.1: the squared distance of two atoms
// under periodic boundaries (SignR(v, x) = x > 0 ? v : -v, region half-width h = 5) compared with the cut-off
// rrCut = 2.25. The loop over k < 3 is written out per component, so each test is one branch with one outcome (a
// branch inside a loop is verified per iteration, see loop-branch.fp; element-wise arrays, see sum32.fp);
// the six SignR tests are branches 0-5, the cut-off test is branch 6.
// flip domain: comp=0:0 a0=-2:2 a1=-2:2 a2=-2:2 b0=-2:2 b1=-2:2 b2=-2:2
// verified flip (fparity flip, this machine): gcc@O0 vs gcc-fma@O2, gcc@O0 vs pocl@O0, gcc-fma@O2 vs clang-19@O3_FM
// input: 0x0p+0 0x1.595c1p+0 0x1.a60cfcp-2 0x1.7d73e8p+0 0x1.2b2e54p+0 -0x1.c4220ap-2 0x1.146b6p-2
program fp32 array 1
compute(float comp, float a0, float a1, float a2, float b0, float b1, float b2) {
  float h = 5.0f;
  float rr = 0.0f;
  float d0 = a0 - b0;
  float s = h;
  if (d0 - h > 0.0f) {
    s = h;
  } else {
    s = -h;
  }
  float t = h;
  if (d0 + h > 0.0f) {
    t = h;
  } else {
    t = -h;
  }
  d0 = d0 - s - t;
  rr = rr + d0 * d0;
  float d1 = a1 - b1;
  if (d1 - h > 0.0f) {
    s = h;
  } else {
    s = -h;
  }
  if (d1 + h > 0.0f) {
    t = h;
  } else {
    t = -h;
  }
  d1 = d1 - s - t;
  rr = rr + d1 * d1;
  float d2 = a2 - b2;
  if (d2 - h > 0.0f) {
    s = h;
  } else {
    s = -h;
  }
  if (d2 + h > 0.0f) {
    t = h;
  } else {
    t = -h;
  }
  d2 = d2 - s - t;
  rr = rr + d2 * d2;
  if (rr < 2.25f) {
    comp += 1.0f;
  } else {
    comp -= 1.0f;
  }
}
