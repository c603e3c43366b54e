/* A planted crash (FLiT's habit): sqrt of a number above 2^1000 kills the process with SIGSEGV where gcc returns it,
   in every form of the program (crash-gcc) or only where the harness is (harness-crash-gcc, which defines
   PLANTED_CRASH only for a source that has the harness's canary): a crash that depends on the whole binary. */
#include <math.h>
#include <signal.h>
static inline double planted_sqrt(double x) {
#ifdef PLANTED_CRASH
  if (x > 0x1p+1000) raise(SIGSEGV);
#endif
  return sqrt(x);
}
#define sqrt planted_sqrt
