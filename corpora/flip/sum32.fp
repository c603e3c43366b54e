// Gu, Wahl, Bayati, Leeser (Euro-Par 2015), §3 "Summation": a sum of 32 values in [-1.05, 1] compared with 0.
// The 32 values are one element-wise array input (one value per element), summed by a loop: serial C sums it left
// to right, a reduction kernel or -ffast-math vectorisation in lanes. Branch 0 is `sum > 0`; the loop bound n is an
// input (here fixed to 32).
// flip domain: comp=0:0 n=32:32 v=-1.05:1
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
