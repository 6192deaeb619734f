// pool_reducev_*: libvips 8.14.1's vertical Lanczos-3 reduce of bytes as its Orc vector path computes it (see the
// header). libvips' reducev.cpp builds, for each of 65 sub-pixel positions, a mask in 2.6 fixed point (the double
// mask scaled so that its rounded weights sum to 64, found by bisection), and runs Orc programs of at most five taps
// each over a row: a 16-bit sum starting at 32, each tap's byte times its weight (the low 16 bits of the product)
// added with signed saturation, the sum shifted right by 6 and saturated to a byte. The same operations, in the same
// order, give the same bytes whatever the values; AVX2 does them for 16 bytes a step, plain C one at a time.
#include "LanczosReduce.h"
#include "LanczosMask.h"

#include <stdlib.h>
#include <string.h>

struct PoolReducevPlan {
    int inHeight, height, points, pad;
    int16_t *masks;   // points weights for each of the 65 positions
    int *first;       // per output row: its first tap, a row of the image padded by `pad` copies at the top
    int *which;       // per output row: its mask
    int unsaturated;  // no sum of any mask's taps, in any order, leaves 16 bits, and every weight fits 8 bits
};

/// libvips' vips_reducev_vector_to_fixed_point(in, out, n, 64): weights rounded with rint at a scale found by
/// bisection so that they sum to rint(sum * 64), any remainder spread over the first weights.
static void toFixedPoint(const double *in, int16_t *out, int n) {
    const int scale = 64;
    double fsum = 0;
    for (int i = 0; i < n; i++) fsum += in[i];
    const int target = (int) rint(fsum * scale);
    double high = scale + (n + 1) / 2, low = scale - (n + 1) / 2;
    int sum = 0;
    int *values = malloc(sizeof(int) * (size_t) n);
    if (!values) return;
    do {
        const double guess = (high + low) / 2.0;
        for (int i = 0; i < n; i++) values[i] = (int) rint(in[i] * guess);
        sum = 0;
        for (int i = 0; i < n; i++) sum += values[i];
        if (sum == target) break;
        if (sum < target) low = guess;
        if (sum > target) high = guess;
    } while (high - low > 0.01);
    if (sum != target) {
        const int each = (target - sum) / n, extra = (target - sum) % n;
        const int direction = extra > 0 ? 1 : -1, count = abs(extra);
        for (int i = 0; i < n; i++) values[i] += each;
        for (int i = 0; i < count; i++) values[i] += direction;
    }
    for (int i = 0; i < n; i++) out[i] = (int16_t) values[i];
    free(values);
}

int pool_reducev_height(int in_height, double shrink) {
    return (int) ((double) in_height / shrink + 0.5); // VIPS_ROUND_UINT
}

void pool_reducev_plan_free(PoolReducevPlan *plan) {
    if (!plan) return;
    free(plan->masks); free(plan->first); free(plan->which); free(plan);
}

PoolReducevPlan *pool_reducev_plan_new(int in_height, double shrink, int region_rows) {
    if (in_height <= 0 || !(shrink > 1.0) || region_rows <= 0) return NULL;
    const int height = pool_reducev_height(in_height, shrink);
    const int n = pool_lanczos3_points(shrink);
    if (height <= 0 || n > kMaxPoints) return NULL;
    PoolReducevPlan *plan = calloc(1, sizeof *plan);
    double *mask = malloc(sizeof(double) * (size_t) n);
    if (!plan || !mask) goto fail;
    plan->inHeight = in_height; plan->height = height; plan->points = n; plan->pad = (n + 1) / 2 - 1;
    plan->masks = malloc(sizeof(int16_t) * (size_t) n * (kTransformScale + 1));
    plan->first = malloc(sizeof(int) * (size_t) height);
    plan->which = malloc(sizeof(int) * (size_t) height);
    if (!plan->masks || !plan->first || !plan->which) goto fail;
    for (int position = 0; position <= kTransformScale; position++) {
        pool_lanczos3_mask(mask, shrink, (float) position / kTransformScale);
        toFixedPoint(mask, plan->masks + (size_t) position * n, n);
    }
    plan->unsaturated = 1;
    for (int position = 0; position <= kTransformScale; position++) {
        int positive = 32, negative = 32;
        for (int i = 0; i < n; i++) {
            const int weight = plan->masks[(size_t) position * n + i];
            if (weight > 127 || weight < -128) plan->unsaturated = 0;
            if (weight > 0) positive += 255 * weight; else negative += 255 * weight;
        }
        if (positive > 32767 || negative < -32768) plan->unsaturated = 0;
    }
    {
        // libvips: rows not used by rounding the height are split between top and bottom; each region of output
        // rows steps its rows' centres by `shrink` in a double, from the region's top.
        const double extra = height * shrink - in_height;
        const double offset = (1 + extra) / 2.0 - 1;
        double centre = 0;
        for (int y = 0; y < height; y++) {
            if (y % region_rows == 0) centre = (y + 0.5) * shrink - 0.5 - offset;
            const int py = (int) centre;
            const int sy = centre * kTransformScale * 2;
            const int siy = sy & (kTransformScale * 2 - 1);
            plan->first[y] = py;
            plan->which[y] = (siy + 1) >> 1;
            if (py < 0) goto fail;
            centre += shrink;
        }
    }
    free(mask);
    return plan;
fail:
    free(mask);
    pool_reducev_plan_free(plan);
    return NULL;
}

int pool_reducev_plan_height(const PoolReducevPlan *plan) {
    return plan->height;
}

/// The image row a padded row stands for (libvips' embed repeats the first and last rows).
static inline int imageRow(const PoolReducevPlan *plan, int padded) {
    const int row = padded - plan->pad;
    return row < 0 ? 0 : row >= plan->inHeight ? plan->inHeight - 1 : row;
}

void pool_reducev_input_rows(const PoolReducevPlan *plan, int y0, int y1, int *top, int *rows) {
    const int first = imageRow(plan, plan->first[y0]);
    const int last = imageRow(plan, plan->first[y1 - 1] + plan->points - 1);
    *top = first;
    *rows = last - first + 1;
}

/// One tap as Orc's mullw and addssw do it: the low 16 bits of the product, added with signed saturation.
static inline int16_t addTap(int16_t sum, uint8_t value, int16_t weight) {
    const int16_t product = (int16_t) (uint16_t) ((uint32_t) value * (uint32_t) (uint16_t) weight);
    const int total = (int) sum + (int) product;
    return (int16_t) (total > 32767 ? 32767 : total < -32768 ? -32768 : total);
}

/// Orc's shrsw by 6 and convsuswb.
static inline uint8_t toByte(int16_t sum) {
    const int shifted = sum >> 6;
    return (uint8_t) (shifted < 0 ? 0 : shifted > 255 ? 255 : shifted);
}

static void reduceRowPlain(const uint8_t *const *taps, const int16_t *mask, int n, int from, int count, uint8_t *out) {
    for (int i = from; i < count; i++) {
        int16_t sum = 32;
        for (int k = 0; k < n; k++) sum = addTap(sum, taps[k][i], mask[k]);
        out[i] = toByte(sum);
    }
}

#if defined(__x86_64__)
#include <immintrin.h>

/// Bytes `from..<count`, 32 a step, two taps at a time (the rest in plain C); returns how many bytes were done. Only for masks
/// whose sums cannot saturate (`PoolReducevPlan.unsaturated`): then Orc's sum is the exact integer sum, which does
/// not depend on the order, so two taps' bytes, interleaved, take one `vpmaddubsw` (bytes times signed 8-bit
/// weights, pairs summed into 16 bits, exact for these weights).
__attribute__((target("avx2")))
static int reduceRowAVX2(const uint8_t *const *taps, const int16_t *mask, int n, int from, int count, uint8_t *out) {
    const __m256i start = _mm256_set1_epi16(32);
    int i = from;
    for (; i + 32 <= count; i += 32) {
        __m256i low = start, high = start;
        int k = 0;
        for (; k + 2 <= n; k += 2) {
            const __m256i weights = _mm256_set1_epi16((int16_t) (uint16_t) (((uint16_t) (uint8_t) mask[k + 1] << 8)
                                                                             | (uint8_t) mask[k]));
            const __m256i a = _mm256_loadu_si256((const __m256i *) (taps[k] + i));
            const __m256i b = _mm256_loadu_si256((const __m256i *) (taps[k + 1] + i));
            low = _mm256_add_epi16(low, _mm256_maddubs_epi16(_mm256_unpacklo_epi8(a, b), weights));
            high = _mm256_add_epi16(high, _mm256_maddubs_epi16(_mm256_unpackhi_epi8(a, b), weights));
        }
        if (k < n) {
            const __m256i weights = _mm256_set1_epi16((int16_t) (uint8_t) mask[k]);
            const __m256i a = _mm256_loadu_si256((const __m256i *) (taps[k] + i));
            const __m256i zero = _mm256_setzero_si256();
            low = _mm256_add_epi16(low, _mm256_maddubs_epi16(_mm256_unpacklo_epi8(a, zero), weights));
            high = _mm256_add_epi16(high, _mm256_maddubs_epi16(_mm256_unpackhi_epi8(a, zero), weights));
        }
        // The unpacks split each 128-bit lane into its low and high 8 bytes; packus joins them back in order.
        const __m256i bytes = _mm256_packus_epi16(_mm256_srai_epi16(low, 6), _mm256_srai_epi16(high, 6));
        _mm256_storeu_si256((__m256i *) (out + i), bytes);
    }
    return i;
}
#endif

int pool_reducev_rows_using(const PoolReducevPlan *plan, int y0, int y1, const uint8_t *in, int in_top, int in_rows,
                            size_t in_stride, int row_bytes, uint8_t *out, size_t out_stride, PoolReduceLoop loop) {
    if (!plan || !in || !out || y0 < 0 || y1 > plan->height || y0 >= y1 || row_bytes <= 0) return -1;
    int top, rows;
    pool_reducev_input_rows(plan, y0, y1, &top, &rows);
    if (top < in_top || top + rows > in_top + in_rows) return -1;
    const int n = plan->points;
    const uint8_t **taps = malloc(sizeof(uint8_t *) * (size_t) n * (size_t) (y1 - y0));
    if (!taps) return -1;
    for (int y = y0; y < y1; y++) {
        for (int k = 0; k < n; k++) {
            taps[(size_t) (y - y0) * n + k] = in + (size_t) (imageRow(plan, plan->first[y] + k) - in_top) * in_stride;
        }
    }
#if defined(__x86_64__)
    const int vector = loop == POOL_REDUCE_FASTEST && plan->unsaturated && pool_lanczos_has_avx2();
#else
    const int vector = 0;
    (void) loop;
#endif
    // Blocks of columns, every output row of each in turn, so that the block's input rows stay in the cache.
    const int block = 1024;
    for (int from = 0; from < row_bytes; from += block) {
        const int to = row_bytes - from < block ? row_bytes : from + block;
        for (int y = y0; y < y1; y++) {
            const uint8_t *const *rowTaps = taps + (size_t) (y - y0) * n;
            const int16_t *mask = plan->masks + (size_t) plan->which[y] * n;
            uint8_t *target = out + (size_t) (y - y0) * out_stride;
            int done = from;
#if defined(__x86_64__)
            if (vector) done = reduceRowAVX2(rowTaps, mask, n, from, to, target);
#endif
            reduceRowPlain(rowTaps, mask, n, done, to, target);
        }
    }
    free(taps);
    return 0;
}

int pool_reducev_lanczos3_using(const uint8_t *in, int width, int in_height, int bands, double shrink,
                                int region_rows, uint8_t *out, PoolReduceLoop loop) {
    if (width <= 0 || bands <= 0) return -1;
    PoolReducevPlan *plan = pool_reducev_plan_new(in_height, shrink, region_rows);
    if (!plan) return -1;
    const size_t stride = (size_t) width * bands;
    const int status = pool_reducev_rows_using(plan, 0, plan->height, in, 0, in_height, stride, (int) stride, out,
                                               stride, loop);
    pool_reducev_plan_free(plan);
    return status;
}
