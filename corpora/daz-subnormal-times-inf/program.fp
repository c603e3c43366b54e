// fparity reduce of discrepancy 062b02dbd283 (same campaign; program c466c0d4b333247e, 40 operations reduced to 3): -0x1p+18 / 0 is -Inf and the subnormal literal times -Inf is +Inf; under -O3 -ffast-math the C builds here treat the subnormal as zero (DAZ) and 0 * Inf gives NaN, while pocl -O3_FM (in the campaign), Java, every other C level and the reference give +Inf.
program fp64 array 8
compute(double comp, double var_23) {
  comp += -0x0.0000000006729p-1022 * (-0x1p+18 / var_23);
}
// input: 0x1p+14 0x0p+0
