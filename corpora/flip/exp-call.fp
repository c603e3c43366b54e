// A math call with no exact counterpart: exp(a) * b - c * d compared with 0. Phase I treats exp as an uninterpreted
// function (exp > 0), pinned at each argument it has seen; Phase II widens the correctly rounded value by 16 ulps.
// flip domain: comp=0:0 a=-3:3 b=-10:10 c=-10:10 d=-10:10
// input: 0.0 1.5 1.5 1.5 1.5
program fp32 array 1
compute(float comp, float a, float b, float c, float d) {
  float e = exp(a) * b - c * d;
  if (e > 0.0f) {
    comp += 1.0f;
  } else {
    comp -= 1.0f;
  }
}
