// The Lanczos-3 reduces of 8-bit images, giving the same bytes as libvips 8.14's `vips_reduceh` and `vips_reducev`
// (uchar, kernel lanczos3) in a fraction of their time: libvips' horizontal loop is generic over band formats and
// tap counts, its vertical one an Orc program of five taps a pass; these are written for bytes. `vips.decode` uses
// them in place of `vips_thumbnail`'s resize (benchmarks/README.md, "Decode and codes CPU", and the section of
// helper "speed", fourth session).
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
    /// The fastest this CPU has: AVX2 pairs of taps where the CPU has AVX2, else the columns loop (vertically: AVX2,
    /// else plain C).
    POOL_REDUCE_FASTEST = 0,
    /// Transposed columns of 8 rows with SSE2 multiply-adds (plain C sums where SSE2 is missing).
    POOL_REDUCE_COLUMNS = 1,
    /// The columns loop with plain C sums.
    POOL_REDUCE_PLAIN = 2,
} PoolReduceLoop;

/// `pool_reduceh_lanczos3` with the loop chosen by the caller (tests and benchmarks).
int pool_reduceh_lanczos3_using(const uint8_t *in, int in_width, int height, int bands, double shrink, uint8_t *out,
                                PoolReduceLoop loop);

/// `pool_reduceh_lanczos3`'s masks and pixel positions for one input width and shrink, made once for many rows.
/// NULL when an argument is out of range.
typedef struct PoolReducehPlan PoolReducehPlan;
PoolReducehPlan *pool_reduceh_plan_new(int in_width, double shrink);
void pool_reduceh_plan_free(PoolReducehPlan *plan);
/// The output width (`pool_reduceh_width`).
int pool_reduceh_plan_width(const PoolReducehPlan *plan);
/// `pool_reduceh_lanczos3_using` over `height` rows with a plan made before.
int pool_reduceh_rows_using(const PoolReducehPlan *plan, const uint8_t *in, int height, int bands, uint8_t *out,
                            PoolReduceLoop loop);

/// The height `vips_reducev` gives an image `in_height` rows high reduced by `shrink` (rounded to nearest).
int pool_reducev_height(int in_height, double shrink);

/// What the vertical reduce of an image `in_height` rows high by `shrink` (> 1) needs: its 2.6 fixed-point masks
/// and each output row's taps. libvips computes each row's position from the top of the region of rows it is
/// asked for, so the plan does the same for regions of `region_rows` rows (10 in `vips_thumbnail`'s pipeline,
/// where `vips_reducev` sits behind a line cache of 10-row tiles). NULL when an argument is out of range.
typedef struct PoolReducevPlan PoolReducevPlan;
PoolReducevPlan *pool_reducev_plan_new(int in_height, double shrink, int region_rows);
void pool_reducev_plan_free(PoolReducevPlan *plan);
/// The output height (`pool_reducev_height`).
int pool_reducev_plan_height(const PoolReducevPlan *plan);
/// The image rows output rows `y0..<y1` read: `*rows` rows from `*top` (edges repeated, as libvips' embed does).
void pool_reducev_input_rows(const PoolReducevPlan *plan, int y0, int y1, int *top, int *rows);

/// Reduces output rows `y0..<y1` into `out` (rows `out_stride` bytes apart) from `in_rows` image rows at `in`,
/// the first being row `in_top` (rows `in_stride` bytes apart, `row_bytes` bytes each: width times bands), as
/// libvips 8.14.1's `vips_reducev(in, out, shrink, "kernel", VIPS_KERNEL_LANCZOS3)` does to 8-bit images with its
/// Orc vector path (when its `gap` starts no box shrink). Returns 0, or -1 when the rows given do not cover the
/// rows needed (`pool_reducev_input_rows`) or an argument is out of range.
int pool_reducev_rows_using(const PoolReducevPlan *plan, int y0, int y1, const uint8_t *in, int in_top, int in_rows,
                            size_t in_stride, int row_bytes, uint8_t *out, size_t out_stride, PoolReduceLoop loop);

/// The whole image at once (tests and benchmarks): `in_height` rows of `width * bands` bytes into
/// `pool_reducev_height(in_height, shrink)` rows.
int pool_reducev_lanczos3_using(const uint8_t *in, int width, int in_height, int bands, double shrink,
                                int region_rows, uint8_t *out, PoolReduceLoop loop);

#ifdef __cplusplus
}
#endif

#endif
