// Gu, Wahl, Bayati, Leeser, "Behavioral Non-portability in Scientific Numeric Computing" (Euro-Par 2015), §1:
// raySphere from a photon-mapping ray tracer, dot3 inlined. The paper's C writes -2.0 (a double) times a float dot
// product; here every literal is a float, as an FP32 kernel would be written. Branch 0 is `D > 0`.
// flip domain: r0=-50:50 r1=-50:50 r2=-50:50 s0=-50:50 s1=-50:50 s2=-50:50 radiusSq=-50:50 comp=0:0
// input: 0.0 -33.999900817871094 -54.0 -53.0 -33.370471954345703 -53.0 -52.01855468750 0.000000029802322
program fp32 array 1
compute(float comp, float r0, float r1, float r2, float s0, float s1, float s2, float radiusSq) {
  float A = r0 * r0 + r1 * r1 + r2 * r2;
  float B = -2.0f * (s0 * r0 + s1 * r1 + s2 * r2);
  float C = s0 * s0 + s1 * s1 + s2 * s2 - radiusSq;
  float D = B * B - 4.0f * A * C;
  if (D > 0.0f) {
    comp += 1.0f;
  } else {
    comp -= 1.0f;
  }
}
