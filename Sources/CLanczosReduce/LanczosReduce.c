// pool_reduceh_lanczos3: libvips 8.14.1's horizontal Lanczos-3 reduce of bytes, written for speed (see the header).
// The arithmetic follows libvips' reduceh.cpp and templates.h step by step, so that the bytes are the same: the
// mask at each of 65 sub-pixel positions (lanczos3 scaled by the shrink, normalised to sum 1, then truncated to
// 12-bit integers), the position of output pixel x in the input (an accumulated double, as libvips steps it), the
// integer sum and its rounding. Only the loop differs: 8 rows are reduced at once, one band at a time, from a
// transposed copy (16-bit values, the edge pixels repeated as libvips' embed does), two taps per SSE2 multiply-add
// (pmaddwd: 16 x 16-bit products summed in pairs into 32 bits, exact for these sums); plain C elsewhere.
#include "LanczosReduce.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

enum {
    kTransformScale = 64,       // VIPS_TRANSFORM_SCALE: sub-pixel positions of the masks
    kInterpolateShift = 12,     // VIPS_INTERPOLATE_SHIFT: fixed-point weights
    kMaxPoints = 2000,          // libvips' MAX_POINT
    kRows = 8,                  // rows reduced together (the vector lanes)
};

int pool_reduceh_width(int in_width, double shrink) {
    return (int) floor((double) in_width / shrink + 0.5); // VIPS_ROUND_UINT
}

/// libvips' vips_reduce_get_points for lanczos3: 2 * rint(3 * shrink) + 1.
static int points(double shrink) {
    return 2 * (int) rint(3 * shrink) + 1;
}

/// libvips' calculate_coefficients_lanczos(c, 3, shrink, x), with the same operations in the same order.
static void lanczos3Mask(double *c, double shrink, double x) {
    const int a = 3;
    const int n = points(shrink);
    const double half = x + n / 2.0 - 1;
    const double pi = 3.14159265358979323846; // VIPS_PI (M_PI)
    double sum = 0;
    for (int i = 0; i < n; i++) {
        const double xp = (i - half) / shrink;
        double l;
        if (xp == 0.0) l = 1.0;
        else if (xp < -a) l = 0.0;
        else if (xp > a) l = 0.0;
        else l = (double) a * sin(pi * xp) * sin(pi * xp / (double) a) / (pi * pi * xp * xp);
        c[i] = l;
        sum += l;
    }
    for (int i = 0; i < n; i++) c[i] /= sum;
}

/// One output column of kRows rows: `pairs` pairs of taps of `mask` (an even number of weights, the last 0 when the
/// mask is odd) over `columns` (kRows 16-bit values per input pixel, from the first tap on), rounded and clipped to
/// bytes as libvips does (its sums fit 32 bits and are exact).
static inline void reduceColumn(const int16_t *mask, const int16_t *columns, int pairs, uint8_t values[kRows]) {
#if defined(__SSE2__)
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
#else
    int32_t sums[kRows] = {0};
    for (int k = 0; k < 2 * pairs; k++) {
        const int32_t weight = mask[k];
        for (int r = 0; r < kRows; r++) sums[r] += weight * (int32_t) columns[k * kRows + r];
    }
    for (int r = 0; r < kRows; r++) {
        const int32_t sum = (sums[r] + (1 << (kInterpolateShift - 1))) >> kInterpolateShift;
        values[r] = (uint8_t) (sum < 0 ? 0 : sum > 255 ? 255 : sum);
    }
#endif
}

int pool_reduceh_lanczos3(const uint8_t *in, int in_width, int height, int bands, double shrink, uint8_t *out) {
    if (!in || !out || in_width <= 0 || height <= 0 || bands <= 0 || bands > 16 || !(shrink >= 1.0)) return -1;
    const int width = pool_reduceh_width(in_width, shrink);
    const int n = points(shrink);
    if (width <= 0 || n > kMaxPoints) return -1;
    const int pairs = (n + 1) / 2;
    // Masks at the 65 sub-pixel positions, each padded to an even length; weights are truncated to integers as
    // libvips' (int) cast does.
    int16_t *masks = calloc((size_t) 2 * pairs * (kTransformScale + 1), sizeof(int16_t));
    double *mask = malloc(sizeof(double) * (size_t) n);
    // The input position of each output pixel (index of its first tap in the padded row, and its mask).
    int *first = malloc(sizeof(int) * (size_t) width);
    int *which = malloc(sizeof(int) * (size_t) width);
    // One band of kRows rows, transposed (kRows values per input pixel), with ceil(n / 2) - 1 copies of the first
    // pixel before each row and copies of the last after it (libvips' vips_embed with VIPS_EXTEND_COPY).
    const int left = (n + 1) / 2 - 1;
    const int padded = left + in_width + 2 * n + 2;
    int16_t *columns = malloc(sizeof(int16_t) * (size_t) padded * kRows);
    int status = -1;
    if (!masks || !mask || !first || !which || !columns) goto done;
    for (int position = 0; position <= kTransformScale; position++) {
        lanczos3Mask(mask, shrink, (float) position / kTransformScale);
        for (int i = 0; i < n; i++)
            masks[position * 2 * pairs + i] = (int16_t) (int) (mask[i] * (1 << kInterpolateShift));
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
            first[x] = ix;
            which[x] = (six + 1) >> 1;
            if (ix < 0 || ix + 2 * pairs > padded) goto done;
            centre += shrink;
        }
    }
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
                reduceColumn(masks + which[x] * 2 * pairs, columns + (size_t) first[x] * kRows, pairs, values);
                for (int r = 0; r < rows; r++) target[((size_t) r * width + x) * bands] = values[r];
            }
        }
    }
    status = 0;
done:
    free(masks); free(mask); free(first); free(which); free(columns);
    return status;
}
