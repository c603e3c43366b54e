// A planted stable branch: floor(a) * 2 + floor(b) * 3 - 7 is an integer of magnitude below 600, computed exactly
// by every association order and every contraction, so no input can make platforms disagree on it. Branch 0.
// flip domain: comp=0:0 a=-100:100 b=-100:100
// input: 0.0 1.5 1.5
program fp32 array 1
compute(float comp, float a, float b) {
  float k = floor(a) * 2.0f + floor(b) * 3.0f - 7.0f;
  if (k > 0.0f) {
    comp += 1.0f;
  } else {
    comp -= 1.0f;
  }
}
