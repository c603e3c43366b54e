// Gu, Wahl, Bayati, Leeser (Euro-Par 2015), §3 "Summation": a sum of 32 values in [-1.05, 1] compared with 0.
// Written as one chain of 32 scalars (element-wise array inputs are not in the IR yet): serial C sums it left to
// right, a reduction kernel or -ffast-math vectorisation in lanes. Branch 0 is `sum > 0`.
// flip domain: comp=0:0 v0=-1.05:1 v1=-1.05:1 v2=-1.05:1 v3=-1.05:1 v4=-1.05:1 v5=-1.05:1 v6=-1.05:1 v7=-1.05:1 v8=-1.05:1 v9=-1.05:1 v10=-1.05:1 v11=-1.05:1 v12=-1.05:1 v13=-1.05:1 v14=-1.05:1 v15=-1.05:1 v16=-1.05:1 v17=-1.05:1 v18=-1.05:1 v19=-1.05:1 v20=-1.05:1 v21=-1.05:1 v22=-1.05:1 v23=-1.05:1 v24=-1.05:1 v25=-1.05:1 v26=-1.05:1 v27=-1.05:1 v28=-1.05:1 v29=-1.05:1 v30=-1.05:1 v31=-1.05:1
// verified flip (fparity flip, this machine): gcc@O0 vs clang-19@O3_FM, gcc-fma@O2 vs clang-19@O3_FM, clang-19@O3_FM vs pocl@O0
// input: 0x0p+0 -0x1.fc67f8p-1 -0x1.0b8c24p-1 0x1.8ac5d8p-1 0x1.18ef72p-2 0x1.caa8bep-3 0x1.f05298p-1 0x1.2690aap-1 0x1.6c5a2cp-1 -0x1.d5d9c4p-2 0x1.43c876p-1 -0x1.38cfacp-1 -0x1.9b203p-2 0x1.ade794p-3 -0x1.b6e9cap-1 -0x1.ae409ap-1 -0x1.eff7aep-4 -0x1.dcb73p-2 0x1.2a9d8ep-3 -0x1.a4f4cap-1 0x1.a8724cp-2 0x1.216c38p-2 0x1.07d122p-2 0x1.ef7f5p-5 0x1.aec1b4p-1 -0x1.106fbp-1 -0x1.26cf46p-1 0x1.d0ead2p-1 0x1.233a8cp-1 -0x1.dc462p-2 -0x1.d7b888p-4 0x1.58b832p-4 -0x1.3324e2p-3
program fp32 array 1
compute(float comp, float v0, float v1, float v2, float v3, float v4, float v5, float v6, float v7, float v8, float v9, float v10, float v11, float v12, float v13, float v14, float v15, float v16, float v17, float v18, float v19, float v20, float v21, float v22, float v23, float v24, float v25, float v26, float v27, float v28, float v29, float v30, float v31) {
  float sum = v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7 + v8 + v9 + v10 + v11 + v12 + v13 + v14 + v15 + v16 + v17 + v18 + v19 + v20 + v21 + v22 + v23 + v24 + v25 + v26 + v27 + v28 + v29 + v30 + v31;
  if (sum > 0.0f) {
    comp += 1.0f;
  } else {
    comp -= 1.0f;
  }
}
