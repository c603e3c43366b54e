/* fparity STRICT guard: linked with -Wl,--wrap=malloc, fills what the candidate mallocs with STRICT_FILL, so a build
   filling with 0xa5 and one filling with 0 print the same only when the candidate reads no heap memory it did not write. */
#include <stddef.h>
#include <string.h>
void *__real_malloc(size_t n);
void *__wrap_malloc(size_t n) {
    void *p = __real_malloc(n);
    if (p) memset(p, STRICT_FILL, n);
    return p;
}
