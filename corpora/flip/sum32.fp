// Gu, Wahl, Bayati, Leeser (Euro-Par 2015), §3 "Summation": a sum of 32 values in [-1.05, 1] compared with 0.
// The 32 values are one element-wise array input (one value per element), summed by a loop: serial C sums it left
// to right, a reduction kernel or -ffast-math vectorisation in lanes. Branch 0 is `sum > 0`; the loop bound n is an
// input (here fixed to 32).
// flip domain: comp=0:0 n=32:32 v=-1.05:1
// verified flip (fparity flip corpora/flip/sum32.fp --budget 90s, this machine): gcc@O0 vs clang-19@O3_FM, gcc-fma@O2 vs clang-19@O3_FM, clang-19@O3_FM vs pocl@O0, clang-19@O3_FM vs java@O0; predicted by ieee vs strided8
// input: 0x0p+0 -0x1.fc67f8p-1,-0x1.0b8c24p-1,0x1.8ac5d8p-1,0x1.18ef72p-2,0x1.caa8bep-3,0x1.f05298p-1,0x1.2690aap-1,0x1.6c5a2cp-1,-0x1.d5d9c4p-2,0x1.43c876p-1,-0x1.38cfacp-1,-0x1.9b203p-2,0x1.ade794p-3,-0x1.b6e9cap-1,-0x1.ae409ap-1,-0x1.eff7aep-4,-0x1.dcb73p-2,0x1.2a9d8ep-3,-0x1.a4f4cap-1,0x1.a8724cp-2,0x1.216c38p-2,0x1.07d122p-2,0x1.ef7f5p-5,0x1.aec1b4p-1,-0x1.106fbp-1,-0x1.26cf46p-1,0x1.d0ead2p-1,0x1.233a8cp-1,-0x1.dc462p-2,-0x1.d7b888p-4,0x1.58b832p-4,-0x1.3324e2p-3 32
program fp32 array 32
compute(float comp, float v[32] each, int n) {
  float sum = 0.0f;
  for (int i = 0; i < n; ++i) {
    sum += v[i];
  }
  if (sum > 0.0f) {
    comp += 1.0f;
  } else {
    comp -= 1.0f;
  }
}
