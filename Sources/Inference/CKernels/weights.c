#include "CKernels.h"

#include <stdlib.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#define HUGE_PAGE ((size_t)2 << 20)

void *ck_weights_alloc(size_t bytes) {
    if (bytes < HUGE_PAGE) return malloc(bytes ? bytes : 1);
    void *pointer = NULL;
    if (posix_memalign(&pointer, HUGE_PAGE, bytes) != 0) return NULL;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    // Only whole 2 MB pages inside the buffer, so a huge page never holds memory beyond it; refused (no
    // transparent huge pages) it changes nothing.
    (void)madvise(pointer, bytes / HUGE_PAGE * HUGE_PAGE, MADV_HUGEPAGE);
#endif
    return pointer;
}

void ck_weights_free(void *pointer) {
    free(pointer);
}
