// The AVX2 path of the 8-bit multiply. Inputs are taken back from offset bytes to signed values (q = u - 128)
// and widened to 16 bits once per block of rows; the weights were widened once, when packed (the pair layout of
// s8_paths.h). One vpmaddwd then multiplies a broadcast pair of inputs by eight outputs' pairs of weights and
// sums each output's two products into its own 32-bit lane: exact (16-bit products, no saturation; the portable
// path's column-sum correction is not needed since the inputs are already signed), and no horizontal sums at
// the end. A tile is six rows by sixteen outputs (twelve accumulators in registers); the tiles of a block of rows
// share each panel pair's weights from the L1 cache. The scaling is done per output as the portable path does it
// (multiply, then add; no fused multiply-add), eight outputs at a time.
//
// Why not vpmaddubsw on bytes (as Tesseract's IntSimdMatrixAVX2)? Signed inputs need a vpsignb per multiply and
// the 8-bit products a vpmaddwd by ones to reach 32 bits; on the AMD Zen 3 this was measured on, vpsignb,
// vpmaddubsw and vpmaddwd all issue on the same two pipes, so that is three of them per 32 products against two
// here (benchmarks/README.md, "The line recogniser's arithmetic").
#include "line_kernels.h"
#include "s8_paths.h"
#include <string.h>

#if LINE_X86
#include <immintrin.h>

enum { TILE_ROWS = 6, WIDE_PANELS = 4 };

// One tile: `rows` (a constant after inlining) rows of 16-bit inputs (`stride` values apart) times `panels` (2, or
// 4 for a single row, which then shares each broadcast among more outputs) panels of 8 outputs from `first`
// (each panel's weights `panel` values after the one before), scaled into `output`.
static inline __attribute__((always_inline, target("avx2"))) void
pairs_tile(const int rows, const int panels, const int16_t *x, long stride, int pairs, const int16_t *w,
           long panel, int first, int outputs, const float *scale, const float *bias, float *output,
           long output_stride) {
    __m256i acc[TILE_ROWS][WIDE_PANELS];
    for (int r = 0; r < rows; ++r)
        for (int j = 0; j < panels; ++j) acc[r][j] = _mm256_setzero_si256();
    for (int p = 0; p < pairs; ++p) {
        __m256i weights[WIDE_PANELS];
        for (int j = 0; j < panels; ++j)
            weights[j] = _mm256_loadu_si256((const __m256i *)(w + j * panel + (long)p * 16));
        for (int r = 0; r < rows; ++r) {
            int32_t two;
            memcpy(&two, x + r * stride + 2 * p, sizeof two);
            const __m256i b = _mm256_set1_epi32(two);
            for (int j = 0; j < panels; ++j)
                acc[r][j] = _mm256_add_epi32(acc[r][j], _mm256_madd_epi16(b, weights[j]));
        }
    }
    for (int j = 0; j < panels; ++j) {
        const int o = first + 8 * j;
        if (o >= outputs) break;
        const int count = outputs - o < 8 ? outputs - o : 8;
        const __m256 scales = _mm256_loadu_ps(scale + o);
        if (count == 8) {
            for (int r = 0; r < rows; ++r) {
                float *target = output + r * output_stride + o;
                const __m256 base = _mm256_loadu_ps(bias ? bias + o : target);
                const __m256 sums = _mm256_cvtepi32_ps(acc[r][j]);
                _mm256_storeu_ps(target, _mm256_add_ps(base, _mm256_mul_ps(scales, sums)));
            }
        } else {
            const __m256i mask = _mm256_cmpgt_epi32(_mm256_set1_epi32(count),
                                                    _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
            for (int r = 0; r < rows; ++r) {
                float *target = output + r * output_stride + o;
                const __m256 base = _mm256_maskload_ps(bias ? bias + o : target, mask);
                const __m256 sums = _mm256_cvtepi32_ps(acc[r][j]);
                _mm256_maskstore_ps(target, mask, _mm256_add_ps(base, _mm256_mul_ps(scales, sums)));
            }
        }
    }
}

// Every panel over `count` rows of widened inputs: tiles of up to six rows by two panels; a single row by four.
__attribute__((target("avx2"))) static void
pairs_block(const int16_t *x, int count, int padded, const int16_t *weights, int outputs, const float *scale,
            const float *bias, float *output, long output_stride) {
    const int pairs = padded / 2;
    const long panel = (long)pairs * 16;
    if (count == 1) {
        // Panels are padded to a multiple of 8 (64 outputs), so four from any multiple of 32 exist.
        for (int first = 0; first < outputs; first += 32)
            pairs_tile(1, 4, x, padded, pairs, weights + (long)(first / 8) * panel, panel, first, outputs, scale,
                       bias, output, output_stride);
        return;
    }
    for (int first = 0; first < outputs; first += 16) {
        const int16_t *w = weights + (long)(first / 8) * panel;
        int r = 0;
        for (; r + TILE_ROWS <= count; r += TILE_ROWS)
            pairs_tile(TILE_ROWS, 2, x + (long)r * padded, padded, pairs, w, panel, first, outputs, scale, bias,
                       output + r * output_stride, output_stride);
        float *target = output + r * output_stride;
        const int16_t *rest = x + (long)r * padded;
        switch (count - r) {
        case 5:
            pairs_tile(5, 2, rest, padded, pairs, w, panel, first, outputs, scale, bias, target, output_stride);
            break;
        case 4:
            pairs_tile(4, 2, rest, padded, pairs, w, panel, first, outputs, scale, bias, target, output_stride);
            break;
        case 3:
            pairs_tile(3, 2, rest, padded, pairs, w, panel, first, outputs, scale, bias, target, output_stride);
            break;
        case 2:
            pairs_tile(2, 2, rest, padded, pairs, w, panel, first, outputs, scale, bias, target, output_stride);
            break;
        case 1:
            pairs_tile(1, 2, rest, padded, pairs, w, panel, first, outputs, scale, bias, target, output_stride);
            break;
        default: break;
        }
    }
}

__attribute__((target("avx2")))
void line_s8_multiply_pairs_avx2(const uint8_t *in, int rows, int inputs, const int8_t *packed, int outputs,
                                 const float *scale, const float *bias, float *output, int output_stride) {
    const int padded = line_s8_padded_inputs(inputs);
    const int16_t *weights = line_s8_pair_weights(packed, outputs, inputs);
    // Rows per block: their widened inputs fill at most the stack buffer (16 KiB; the dispatch sends wider
    // inputs elsewhere), a whole number of tiles when more than one fits.
    int16_t x[LINE_S8_PAIRS_MAX_INPUTS];
    int block = LINE_S8_PAIRS_MAX_INPUTS / padded;
    if (block > TILE_ROWS) block -= block % TILE_ROWS;
    const __m256i offset = _mm256_set1_epi16(128);
    for (int r0 = 0; r0 < rows; r0 += block) {
        const int count = rows - r0 < block ? rows - r0 : block;
        for (int r = 0; r < count; ++r) {
            const uint8_t *source = in + (long)(r0 + r) * padded;
            int16_t *target = x + (long)r * padded;
            int i = 0;
            for (; i + 16 <= padded; i += 16) {
                const __m256i wide = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(source + i)));
                _mm256_storeu_si256((__m256i *)(target + i), _mm256_sub_epi16(wide, offset));
            }
            for (; i < padded; ++i) target[i] = (int16_t)(source[i] - 128);
        }
        pairs_block(x, count, padded, weights, outputs, scale, bias, output + (long)r0 * output_stride,
                    output_stride);
    }
}
#endif
