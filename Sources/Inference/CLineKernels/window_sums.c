// One row of WindowSums (Sources/Inference/LineRecognition/WindowSums.swift): the running column sums moved down a
// row, their prefix sums, and every pixel's window total from two of them. Plain loops in unsigned (wrapping)
// arithmetic, as the Swift had them (`&+`, `&-`), built for AVX2 too: the column updates and the totals are
// vectorised (the Swift totals loop was not, its index arithmetic checked for overflow); the prefix sum stays a
// chain. Integers, so every build gives the same totals.
#include "line_kernels.h"

#if defined(__x86_64__) && defined(__clang__)
#define WINDOW_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define WINDOW_CLONES
#endif

WINDOW_CLONES
void line_window_sums_row(uint32_t *restrict columns, const uint8_t *restrict entering,
                          const uint8_t *restrict leaving, uint32_t *restrict prefix, uint32_t *restrict totals,
                          int width, int radius) {
    if (entering)
        for (int x = 0; x < width; ++x) columns[x] += entering[x];
    if (leaving)
        for (int x = 0; x < width; ++x) columns[x] -= leaving[x];
    uint32_t running = 0;
    prefix[0] = 0;
    for (int x = 0; x < width; ++x) {
        running += columns[x];
        prefix[x + 1] = running;
    }
    // Left edge, middle (whole windows), right edge.
    const int left = radius < width ? radius : width;
    const int whole = width - radius > 0 ? width - radius : 0;
    int x = 0;
    for (; x < left; ++x) totals[x] = prefix[x + radius + 1 < width ? x + radius + 1 : width];
    for (; x < whole; ++x) totals[x] = prefix[x + radius + 1] - prefix[x - radius];
    for (; x < width; ++x) totals[x] = prefix[width] - prefix[x - radius > 0 ? x - radius : 0];
}
