// Zahid, Laguna, Le, "Testing GPU Numerics" (SC'24-W), Figure 5, case study 2.
// nvcc -O0 printed Inf, hipcc -O0 1.34887e-306: nvcc's ceil(1.5955E-125) returned 0 (the truth is 1).
// input: 1.2374E-306
program fp64 array 1
compute(double comp) {
  double tmp_1 = 1.1147E-307;
  comp += tmp_1 / ceil(1.5955E-125);
}
