/* Planted faults for the fake toolchain (FLiT-style): each one a known, checkable discrepancy against real gcc.
   math.h is included first so that the program's own #include <math.h> is a no-op and the macros stay in force. */
#include <math.h>
static inline double planted_ceil(double x) { return (x > 0 && x < 0x1p-900) ? 0.0 : ceil(x); }      /* Zero vs Number */
static inline double planted_fmod(double x, double y) { double r = fmod(x, y); return r > 1 ? nextafter(r, INFINITY) : r; } /* 1 ulp off above 1 */
static inline double planted_log(double x) { double r = log(x); return isnan(r) ? -INFINITY : r; }  /* -Inf where NaN */
#define ceil planted_ceil
#define fmod planted_fmod
#define log planted_log
