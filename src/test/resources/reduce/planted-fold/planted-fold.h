/* A planted compile-time evaluation (FLiT's habit): tanh of a constant is evaluated while compiling (gcc's builtin,
   correctly rounded) and moved 1 ULP up, so the binary imports no tanh and prints a value that glibc's documented
   accuracy for tanh says nothing about. math.h first, so the program's own #include <math.h> is a no-op. */
#include <math.h>
static inline double planted_up(double v) { return nextafter(v, INFINITY); }
#define tanh(x) planted_up(__builtin_tanh(x))
