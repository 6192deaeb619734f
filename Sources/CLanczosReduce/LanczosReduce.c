// pool_reduceh_lanczos3: libvips 8.14.1's horizontal Lanczos-3 reduce of bytes, written for speed (see the header).
// The arithmetic follows libvips' reduceh.cpp and templates.h step by step, so that the bytes are the same: the
// mask at each of 65 sub-pixel positions (lanczos3 scaled by the shrink, normalised to sum 1, then truncated to
// 12-bit integers), the position of output pixel x in the input (an accumulated double, as libvips steps it), the
// integer sum and its rounding. Only the loop differs, and integer sums do not depend on their order. Two loops:
// - columns (SSE2, plain C elsewhere): 8 rows are reduced at once, one band at a time, from a transposed copy
//   (16-bit values, the edge pixels repeated as libvips' embed does), two taps per multiply-add (pmaddwd: 16 x
//   16-bit products summed in pairs into 32 bits, exact for these sums);
// - pairs (AVX2, chosen at run time where the CPU has it): the same 8 rows, but each row is first split into one
//   16-bit plane per band with SIMD shuffles, and the planes are transposed once into vectors that already hold,
//   for every row, two neighbouring pixels (one vector per even and one per odd first tap), so each pair of taps
//   of an output column is one load, one multiply-add and one add.
#include "LanczosReduce.h"
#include "LanczosMask.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

enum {
    kInterpolateShift = 12,     // VIPS_INTERPOLATE_SHIFT: fixed-point weights
    kRows = 8,                  // rows reduced together (the vector lanes)
};

int pool_reduceh_width(int in_width, double shrink) {
    return (int) floor((double) in_width / shrink + 0.5); // VIPS_ROUND_UINT
}

/// One output column of kRows rows: `pairs` pairs of taps of `mask` (an even number of weights, the last 0 when the
/// mask is odd) over `columns` (kRows 16-bit values per input pixel, from the first tap on), rounded and clipped to
/// bytes as libvips does (its sums fit 32 bits and are exact). `plain` takes the plain C sums even where SSE2 is.
static inline void reduceColumn(const int16_t *mask, const int16_t *columns, int pairs, int plain,
                                uint8_t values[kRows]) {
#if defined(__SSE2__)
    if (!plain) {
        __m128i low = _mm_setzero_si128(), high = _mm_setzero_si128();
        for (int pair = 0; pair < pairs; pair++) {
            const __m128i a = _mm_loadu_si128((const __m128i *) (columns + (2 * pair) * kRows));
            const __m128i b = _mm_loadu_si128((const __m128i *) (columns + (2 * pair + 1) * kRows));
            int32_t both;
            memcpy(&both, mask + 2 * pair, sizeof both);
            const __m128i weights = _mm_set1_epi32(both);
            low = _mm_add_epi32(low, _mm_madd_epi16(_mm_unpacklo_epi16(a, b), weights));
            high = _mm_add_epi32(high, _mm_madd_epi16(_mm_unpackhi_epi16(a, b), weights));
        }
        const __m128i round = _mm_set1_epi32(1 << (kInterpolateShift - 1));
        low = _mm_srai_epi32(_mm_add_epi32(low, round), kInterpolateShift);
        high = _mm_srai_epi32(_mm_add_epi32(high, round), kInterpolateShift);
        // Saturating packs clip to 0...255 as VIPS_CLIP does (the shifted sums are far inside 16 bits).
        const __m128i bytes = _mm_packus_epi16(_mm_packs_epi32(low, high), _mm_setzero_si128());
        _mm_storel_epi64((__m128i *) values, bytes);
        return;
    }
#else
    (void) plain;
#endif
    int32_t sums[kRows] = {0};
    for (int k = 0; k < 2 * pairs; k++) {
        const int32_t weight = mask[k];
        for (int r = 0; r < kRows; r++) sums[r] += weight * (int32_t) columns[k * kRows + r];
    }
    for (int r = 0; r < kRows; r++) {
        const int32_t sum = (sums[r] + (1 << (kInterpolateShift - 1))) >> kInterpolateShift;
        values[r] = (uint8_t) (sum < 0 ? 0 : sum > 255 ? 255 : sum);
    }
}

/// What both loops share: the masks (`2 * pairs` 16-bit weights at each of the 65 positions, the last 0 when the
/// mask is odd), and for each output pixel the index of its first tap in the padded row and its mask.
typedef struct {
    int width, pairs, left, padded;
    const int16_t *masks;
    const int *first, *which;
} Plan;

/// The columns loop (SSE2 or plain C sums).
static int reduceColumns(const uint8_t *in, int in_width, int height, int bands, const Plan *plan, int plain,
                         uint8_t *out) {
    const int width = plan->width, pairs = plan->pairs, left = plan->left, padded = plan->padded;
    // One band of kRows rows, transposed (kRows values per input pixel), with ceil(n / 2) - 1 copies of the first
    // pixel before each row and copies of the last after it (libvips' vips_embed with VIPS_EXTEND_COPY).
    int16_t *columns = malloc(sizeof(int16_t) * (size_t) padded * kRows);
    if (!columns) return -1;
    for (int top = 0; top < height; top += kRows) {
        const int rows = height - top < kRows ? height - top : kRows;
        for (int band = 0; band < bands; band++) {
            for (int r = 0; r < kRows; r++) {
                // Lanes past the image's last row repeat it; their results are dropped.
                const uint8_t *source = in + (size_t) (top + (r < rows ? r : rows - 1)) * in_width * bands + band;
                int16_t *lane = columns + r;
                const int16_t firstValue = source[0], lastValue = source[(size_t) (in_width - 1) * bands];
                for (int i = 0; i < left; i++) lane[(size_t) i * kRows] = firstValue;
                for (int i = 0; i < in_width; i++) lane[(size_t) (left + i) * kRows] = source[(size_t) i * bands];
                for (int i = left + in_width; i < padded; i++) lane[(size_t) i * kRows] = lastValue;
            }
            uint8_t *target = out + (size_t) top * width * bands + band;
            for (int x = 0; x < width; x++) {
                uint8_t values[kRows];
                reduceColumn(plan->masks + plan->which[x] * 2 * pairs, columns + (size_t) plan->first[x] * kRows,
                             pairs, plain, values);
                for (int r = 0; r < rows; r++) target[((size_t) r * width + x) * bands] = values[r];
            }
        }
    }
    free(columns);
    return 0;
}

#if defined(__x86_64__)
#include <immintrin.h>

/// Splits one row of 3-band pixels into three 16-bit planes (`planes[band]`, from index 0), 16 pixels per step.
__attribute__((target("avx2")))
static void splitThreeBands(const uint8_t *source, int in_width, int16_t *planes[3]) {
    // shuffles[band][chunk]: output byte k takes byte 3k + band of the 48, when it lies in 16-byte chunk `chunk`.
    __m128i shuffles[3][3];
    for (int band = 0; band < 3; band++) {
        for (int chunk = 0; chunk < 3; chunk++) {
            int8_t bytes[16];
            for (int k = 0; k < 16; k++) {
                const int at = 3 * k + band;
                bytes[k] = at / 16 == chunk ? (int8_t) (at % 16) : (int8_t) -128;
            }
            shuffles[band][chunk] = _mm_loadu_si128((const __m128i *) bytes);
        }
    }
    int i = 0;
    for (; i + 16 <= in_width; i += 16) {
        const uint8_t *p = source + (size_t) i * 3;
        const __m128i a = _mm_loadu_si128((const __m128i *) p);
        const __m128i b = _mm_loadu_si128((const __m128i *) (p + 16));
        const __m128i c = _mm_loadu_si128((const __m128i *) (p + 32));
        for (int band = 0; band < 3; band++) {
            const __m128i bytes = _mm_or_si128(_mm_or_si128(_mm_shuffle_epi8(a, shuffles[band][0]),
                                                             _mm_shuffle_epi8(b, shuffles[band][1])),
                                               _mm_shuffle_epi8(c, shuffles[band][2]));
            _mm256_storeu_si256((__m256i *) (planes[band] + i), _mm256_cvtepu8_epi16(bytes));
        }
    }
    for (; i < in_width; i++) {
        for (int band = 0; band < 3; band++) planes[band][i] = source[(size_t) i * 3 + band];
    }
}

/// Transposes 8 rows of 8 32-bit values: vector k of `out` gets value k of every row, row 0 first.
__attribute__((target("avx2")))
static inline void transpose8x8(const __m256i a[8], __m256i *out) {
    __m256i t[8], u[8];
    for (int r = 0; r < 8; r += 2) {
        t[r] = _mm256_unpacklo_epi32(a[r], a[r + 1]);      // values 0, 1 | 4, 5 of rows r, r+1
        t[r + 1] = _mm256_unpackhi_epi32(a[r], a[r + 1]);  // values 2, 3 | 6, 7
    }
    for (int r = 0; r < 8; r += 4) {
        u[r] = _mm256_unpacklo_epi64(t[r], t[r + 2]);          // value 0 | 4 of rows r...r+3
        u[r + 1] = _mm256_unpackhi_epi64(t[r], t[r + 2]);      // 1 | 5
        u[r + 2] = _mm256_unpacklo_epi64(t[r + 1], t[r + 3]);  // 2 | 6
        u[r + 3] = _mm256_unpackhi_epi64(t[r + 1], t[r + 3]);  // 3 | 7
    }
    for (int k = 0; k < 4; k++) {
        out[k] = _mm256_permute2x128_si256(u[k], u[k + 4], 0x20);
        out[k + 4] = _mm256_permute2x128_si256(u[k], u[k + 4], 0x31);
    }
}

/// Writes `rows` rows of `count` bytes to `out` (rows `count` bytes apart) from `staged`, whose value k holds byte
/// k of every row (row r in byte r): 8 x 8 byte transposes.
__attribute__((target("avx2")))
static void unstage(const uint64_t *staged, int count, int rows, uint8_t *out) {
    int k = 0;
    for (; k + 8 <= count; k += 8) {
        const __m128i *values = (const __m128i *) (staged + k);
        const __m128i v01 = _mm_loadu_si128(values), v23 = _mm_loadu_si128(values + 1);
        const __m128i v45 = _mm_loadu_si128(values + 2), v67 = _mm_loadu_si128(values + 3);
        const __m128i x0 = _mm_unpacklo_epi8(v01, _mm_srli_si128(v01, 8));  // values k, k+1, interleaved
        const __m128i x1 = _mm_unpacklo_epi8(v23, _mm_srli_si128(v23, 8));
        const __m128i x2 = _mm_unpacklo_epi8(v45, _mm_srli_si128(v45, 8));
        const __m128i x3 = _mm_unpacklo_epi8(v67, _mm_srli_si128(v67, 8));
        const __m128i y0 = _mm_unpacklo_epi16(x0, x1), y1 = _mm_unpackhi_epi16(x0, x1);  // rows 0-3, 4-7 of k...k+3
        const __m128i y2 = _mm_unpacklo_epi16(x2, x3), y3 = _mm_unpackhi_epi16(x2, x3);  // of k+4...k+7
        __m128i z[4];
        z[0] = _mm_unpacklo_epi32(y0, y2);  // rows 0, 1
        z[1] = _mm_unpackhi_epi32(y0, y2);  // rows 2, 3
        z[2] = _mm_unpacklo_epi32(y1, y3);  // rows 4, 5
        z[3] = _mm_unpackhi_epi32(y1, y3);  // rows 6, 7
        for (int r = 0; r < rows; r++) {
            const __m128i both = z[r >> 1];
            _mm_storel_epi64((__m128i *) (out + (size_t) r * count + k), (r & 1) ? _mm_srli_si128(both, 8) : both);
        }
    }
    for (; k < count; k++) {
        for (int r = 0; r < rows; r++) out[(size_t) r * count + k] = (uint8_t) (staged[k] >> (8 * r));
    }
}

/// The pairs loop (AVX2).
__attribute__((target("avx2")))
static int reducePairs(const uint8_t *in, int in_width, int height, int bands, const Plan *plan, uint8_t *out) {
    const int width = plan->width, pairs = plan->pairs, left = plan->left, padded = plan->padded;
    // Pair vectors: even[j] holds, for rows 0...7, the 16-bit values of padded pixels 2j and 2j + 1 (one 32-bit
    // lane per row); odd[j] those of 2j + 1 and 2j + 2. An output pixel whose first tap is f reads `pairs` vectors
    // from even[f / 2] or odd[f / 2]; f / 2 + pairs <= padded / 2, so vectors = padded / 2 + 1, rounded up to 8.
    const int vectors = ((padded / 2 + 1) + 7) / 8 * 8;
    // Each row's planes hold the padded row and slack for the last 16-value load (at 2 * vectors - 15).
    const int planeLength = 2 * vectors + 24;
    int16_t *planes = malloc(sizeof(int16_t) * (size_t) planeLength * kRows * bands);
    __m256i *even = _mm_malloc(sizeof(__m256i) * (size_t) vectors, 32);
    __m256i *odd = _mm_malloc(sizeof(__m256i) * (size_t) vectors, 32);
    int32_t *weights = malloc(sizeof(int32_t) * (size_t) pairs * (kTransformScale + 1));
    // The 8 rows' bytes of each output value (byte r: row r), written out row by row once all bands are done.
    uint64_t *staged = malloc(sizeof(uint64_t) * (size_t) width * bands);
    int status = -1;
    if (!planes || !even || !odd || !weights || !staged) goto done;
    // Each pair of weights as one 32-bit value (the first in the low half, as pmaddwd pairs them with values).
    memcpy(weights, plan->masks, sizeof(int32_t) * (size_t) pairs * (kTransformScale + 1));
    for (int top = 0; top < height; top += kRows) {
        const int rows = height - top < kRows ? height - top : kRows;
        for (int r = 0; r < kRows; r++) {
            // Rows past the image's last row repeat it; their results are dropped.
            const uint8_t *source = in + (size_t) (top + (r < rows ? r : rows - 1)) * in_width * bands;
            int16_t *rowPlanes[16];
            for (int band = 0; band < bands; band++) {
                rowPlanes[band] = planes + ((size_t) band * kRows + r) * planeLength + left;
            }
            if (bands == 3) {
                splitThreeBands(source, in_width, rowPlanes);
            } else if (bands == 1) {
                int i = 0;
                for (; i + 16 <= in_width; i += 16) {
                    const __m128i bytes = _mm_loadu_si128((const __m128i *) (source + i));
                    _mm256_storeu_si256((__m256i *) (rowPlanes[0] + i), _mm256_cvtepu8_epi16(bytes));
                }
                for (; i < in_width; i++) rowPlanes[0][i] = source[i];
            } else {
                for (int i = 0; i < in_width; i++) {
                    for (int band = 0; band < bands; band++) rowPlanes[band][i] = source[(size_t) i * bands + band];
                }
            }
            // The edges, as libvips' embed repeats them (and the slack, with the last value too).
            for (int band = 0; band < bands; band++) {
                int16_t *plane = rowPlanes[band] - left;
                const int16_t firstValue = plane[left], lastValue = plane[left + in_width - 1];
                for (int i = 0; i < left; i++) plane[i] = firstValue;
                for (int i = left + in_width; i < planeLength; i++) plane[i] = lastValue;
            }
        }
        for (int band = 0; band < bands; band++) {
            const int16_t *bandPlanes = planes + (size_t) band * kRows * planeLength;
            for (int j = 0; j < vectors; j += 8) {
                __m256i rowsAt[8];
                for (int r = 0; r < kRows; r++) {
                    rowsAt[r] = _mm256_loadu_si256((const __m256i *) (bandPlanes + (size_t) r * planeLength + 2 * j));
                }
                transpose8x8(rowsAt, even + j);
                for (int r = 0; r < kRows; r++) {
                    rowsAt[r] = _mm256_loadu_si256((const __m256i *) (bandPlanes + (size_t) r * planeLength + 2 * j + 1));
                }
                transpose8x8(rowsAt, odd + j);
            }
            const __m256i round = _mm256_set1_epi32(1 << (kInterpolateShift - 1));
            for (int x = 0; x < width; x++) {
                const int f = plan->first[x];
                const __m256i *taps = ((f & 1) ? odd : even) + (f >> 1);
                const int32_t *mask = weights + (size_t) plan->which[x] * pairs;
                __m256i sum0 = _mm256_setzero_si256(), sum1 = _mm256_setzero_si256();
                int pair = 0;
                for (; pair + 2 <= pairs; pair += 2) {
                    sum0 = _mm256_add_epi32(sum0, _mm256_madd_epi16(_mm256_load_si256(taps + pair),
                                                                    _mm256_set1_epi32(mask[pair])));
                    sum1 = _mm256_add_epi32(sum1, _mm256_madd_epi16(_mm256_load_si256(taps + pair + 1),
                                                                    _mm256_set1_epi32(mask[pair + 1])));
                }
                if (pair < pairs) {
                    sum0 = _mm256_add_epi32(sum0, _mm256_madd_epi16(_mm256_load_si256(taps + pair),
                                                                    _mm256_set1_epi32(mask[pair])));
                }
                const __m256i sum = _mm256_srai_epi32(_mm256_add_epi32(_mm256_add_epi32(sum0, sum1), round),
                                                      kInterpolateShift);
                // Saturating packs clip to 0...255 as VIPS_CLIP does (the shifted sums are far inside 16 bits).
                const __m128i words = _mm_packs_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
                const __m128i bytes = _mm_packus_epi16(words, _mm_setzero_si128());
                staged[(size_t) x * bands + band] = (uint64_t) _mm_cvtsi128_si64(bytes);
            }
        }
        unstage(staged, width * bands, rows, out + (size_t) top * width * bands);
    }
    status = 0;
done:
    free(planes); _mm_free(even); _mm_free(odd); free(weights); free(staged);
    return status;
}
#endif

struct PoolReducehPlan {
    Plan plan;
    int inWidth;
    int16_t *masks;
    int *first, *which;
};

void pool_reduceh_plan_free(PoolReducehPlan *plan) {
    if (!plan) return;
    free(plan->masks); free(plan->first); free(plan->which); free(plan);
}

PoolReducehPlan *pool_reduceh_plan_new(int in_width, double shrink) {
    if (in_width <= 0 || !(shrink >= 1.0)) return NULL;
    const int width = pool_reduceh_width(in_width, shrink);
    const int n = pool_lanczos3_points(shrink);
    if (width <= 0 || n > kMaxPoints) return NULL;
    const int pairs = (n + 1) / 2;
    PoolReducehPlan *made = calloc(1, sizeof *made);
    double *mask = malloc(sizeof(double) * (size_t) n);
    if (!made || !mask) goto fail;
    // Masks at the 65 sub-pixel positions, each padded to an even length; weights are truncated to integers as
    // libvips' (int) cast does.
    made->masks = calloc((size_t) 2 * pairs * (kTransformScale + 1), sizeof(int16_t));
    // The input position of each output pixel (index of its first tap in the padded row, and its mask).
    made->first = malloc(sizeof(int) * (size_t) width);
    made->which = malloc(sizeof(int) * (size_t) width);
    if (!made->masks || !made->first || !made->which) goto fail;
    // ceil(n / 2) - 1 copies of the first pixel before each row, copies of the last after it.
    const int left = (n + 1) / 2 - 1;
    const int padded = left + in_width + 2 * n + 2;
    for (int position = 0; position <= kTransformScale; position++) {
        pool_lanczos3_mask(mask, shrink, (float) position / kTransformScale);
        for (int i = 0; i < n; i++)
            made->masks[position * 2 * pairs + i] = (int16_t) (int) (mask[i] * (1 << kInterpolateShift));
    }
    {
        // libvips: the input pixels not used by rounding the width are split between both sides; output pixel
        // x's centre is stepped by `shrink` in a double, from the left edge.
        const double extra = width * shrink - in_width;
        const double offset = (1 + extra) / 2.0 - 1;
        double centre = (0 + 0.5) * shrink - 0.5 - offset;
        for (int x = 0; x < width; x++) {
            const int ix = (int) centre;
            const int sx = centre * kTransformScale * 2;
            const int six = sx & (kTransformScale * 2 - 1);
            made->first[x] = ix;
            made->which[x] = (six + 1) >> 1;
            if (ix < 0 || ix + 2 * pairs > padded) goto fail;
            centre += shrink;
        }
    }
    made->inWidth = in_width;
    made->plan = (Plan) {width, pairs, left, padded, made->masks, made->first, made->which};
    free(mask);
    return made;
fail:
    free(mask);
    pool_reduceh_plan_free(made);
    return NULL;
}

int pool_reduceh_plan_width(const PoolReducehPlan *plan) {
    return plan->plan.width;
}

int pool_reduceh_rows_using(const PoolReducehPlan *plan, const uint8_t *in, int height, int bands, uint8_t *out,
                            PoolReduceLoop loop) {
    if (!plan || !in || !out || height <= 0 || bands <= 0 || bands > 16) return -1;
#if defined(__x86_64__)
    if (loop == POOL_REDUCE_FASTEST && pool_lanczos_has_avx2()) {
        return reducePairs(in, plan->inWidth, height, bands, &plan->plan, out);
    }
#endif
    return reduceColumns(in, plan->inWidth, height, bands, &plan->plan, loop == POOL_REDUCE_PLAIN, out);
}

int pool_reduceh_lanczos3(const uint8_t *in, int in_width, int height, int bands, double shrink, uint8_t *out) {
    return pool_reduceh_lanczos3_using(in, in_width, height, bands, shrink, out, POOL_REDUCE_FASTEST);
}

int pool_reduceh_lanczos3_using(const uint8_t *in, int in_width, int height, int bands, double shrink, uint8_t *out,
                                PoolReduceLoop loop) {
    if (!in || !out || in_width <= 0 || height <= 0 || bands <= 0 || bands > 16 || !(shrink >= 1.0)) return -1;
    PoolReducehPlan *plan = pool_reduceh_plan_new(in_width, shrink);
    if (!plan) return -1;
    const int status = pool_reduceh_rows_using(plan, in, height, bands, out, loop);
    pool_reduceh_plan_free(plan);
    return status;
}
