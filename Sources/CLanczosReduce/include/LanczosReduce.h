// The horizontal Lanczos-3 reduce of 8-bit images, giving the same bytes as libvips 8.14's `vips_reduceh` (uchar,
// kernel lanczos3) in a fraction of its time: libvips' loop is generic over band formats and tap counts, and this
// one is written for bytes, so the compiler vectorises its dot products. `vips.decode` uses it in place of the
// horizontal half of `vips_thumbnail`'s resize (benchmarks/README.md, "Decode and codes CPU").
#ifndef POOL_LANCZOS_REDUCE_H
#define POOL_LANCZOS_REDUCE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The width `vips_reduceh` gives an image `in_width` pixels wide reduced by `shrink` (rounded to nearest).
int pool_reduceh_width(int in_width, double shrink);

/// Reduces `height` rows of `in_width` pixels of `bands` interleaved bytes (rows `in_width * bands` bytes apart)
/// by `shrink` (>= 1) across, into `out` (rows `pool_reduceh_width(in_width, shrink) * bands` bytes), as libvips
/// 8.14.1's `vips_reduceh(in, out, shrink, "kernel", VIPS_KERNEL_LANCZOS3)` does with no `gap`: the same masks
/// (65 sub-pixel positions, 12-bit integer weights), the same pixel centres and edge copies, the same rounding.
/// Returns 0, or -1 when an argument is out of range (nothing is written then).
int pool_reduceh_lanczos3(const uint8_t *in, int in_width, int height, int bands, double shrink, uint8_t *out);

/// Which loop `pool_reduceh_lanczos3_using` runs; all give the same bytes (tests hold them equal).
typedef enum {
    /// The fastest this CPU has: AVX2 pairs of taps where the CPU has AVX2, else the columns loop.
    POOL_REDUCE_FASTEST = 0,
    /// Transposed columns of 8 rows with SSE2 multiply-adds (plain C sums where SSE2 is missing).
    POOL_REDUCE_COLUMNS = 1,
    /// The columns loop with plain C sums.
    POOL_REDUCE_PLAIN = 2,
} PoolReduceLoop;

/// `pool_reduceh_lanczos3` with the loop chosen by the caller (tests and benchmarks).
int pool_reduceh_lanczos3_using(const uint8_t *in, int in_width, int height, int bands, double shrink, uint8_t *out,
                                PoolReduceLoop loop);

#ifdef __cplusplus
}
#endif

#endif
