// Zahid, Laguna, Le, "Testing GPU Numerics" (SC'24-W), Figure 4, case study 1.
// nvcc -O0 printed 8.6551990944767196e-306, hipcc -O0 9.3404611450291972e-306: the two platforms'
// fmod(1.5917195493481116e+289, 1.5793E-307) differ (nvcc 1.4424471839615771e-307, hipcc 7.1923082856620736e-309).
// The array var_5 is written before it is read; Varity's fixed loop bound was 5.
// input: 0.0 5 1.7612E-322 1.1649E-307 -0.0 0.0 1.5461E-311 -1.3680E306 1.1757E-322 1.7130E-319 1.6782E-321
program fp64 array 5
compute(double comp, int var_1, double var_2, double var_3, double var_4, double var_5[5], double var_6, double var_7, double var_8, double var_9, double var_10) {
  if (comp >= (var_2 * (var_3 + var_4))) {
    for (int i = 0; i < var_1; ++i) {
      var_5[i] = -0.0 / -1.5942E305 - fmod((1.7085E-315 + var_6), -1.9289E305 / (-1.2924E-311 - 0.0 + var_7 + 1.3278E-316));
      comp += var_5[i] - fmod((-1.7538E305 * (var_8 / (0.0 / var_9 - 1.3065E-306))), 1.5793E-307);
      comp += 1.8753E-306 + var_10;
    }
  }
}
