// A math call: is the point (x, y) inside the circle of radius r around (u, v)? sqrt is exact in both the real
// encoding (y >= 0, y*y = x) and Z3's floating-point theory; the squares contract into FMAs. Branch 0.
// flip domain: comp=0:0 x=-10:10 y=-10:10 u=-10:10 v=-10:10 r=0.5:10
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
