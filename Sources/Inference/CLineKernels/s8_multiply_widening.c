// The AVX2 path of the 8-bit multiply as it was before the pair layout (s8_multiply_pairs.c), kept as the
// baseline the reading benchmark measures against in the same run (line_s8_use_baseline_path).
#include "line_kernels.h"
#include "s8_paths.h"
#include <stdlib.h>
#include <string.h>

#if LINE_X86
#include <immintrin.h>

// The AVX2 path: bytes widened to 16 bits and multiplied in pairs (vpmaddwd), so every product and sum is exact
// and the sums equal the portable path's (vpmaddubsw would saturate). Up to four rows at a time, their inputs
// widened once into a small buffer (so each group of four inputs is one broadcast load), share each half-block's
// widened weights (8 outputs); blocks past the last output are not computed. The scaling is done per output as
// the portable path does it.
__attribute__((target("avx2")))
void line_s8_multiply_widening_avx2(const uint8_t *in, int rows, int inputs, const int8_t *packed, int outputs,
                                    const int32_t *column_sums, const float *scale, const float *bias,
                                    float *output, int output_stride) {
    enum { ROWS = 4 };
    const int padded = line_s8_padded_inputs(inputs), groups = padded / 4;
    const int blocks = (outputs + 15) / 16;
    const __m256i order = _mm256_setr_epi32(0, 1, 4, 5, 2, 3, 6, 7);
    enum { STACK_INPUTS = 1024 };
    int16_t stack[ROWS * STACK_INPUTS];
    int16_t *wide = padded <= STACK_INPUTS ? stack : (int16_t *)malloc(sizeof(int16_t) * ROWS * (size_t)padded);
    if (!wide) {
        line_s8_multiply_portable(in, rows, inputs, packed, outputs, column_sums, scale, bias, output,
                                  output_stride);
        return;
    }
    for (int r0 = 0; r0 < rows; r0 += ROWS) {
        const int count = rows - r0 < ROWS ? rows - r0 : ROWS;
        for (int r = 0; r < count; ++r) {
            const uint8_t *source = in + (long)(r0 + r) * padded;
            int16_t *target = wide + (long)r * padded;
            int i = 0;
            for (; i + 16 <= padded; i += 16)
                _mm256_storeu_si256((__m256i *)(target + i),
                                    _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(source + i))));
            for (; i < padded; ++i) target[i] = source[i];
        }
        for (int b = 0; b < blocks; ++b) {
            for (int half = 0; half < 2; ++half) {
                if (b * 16 + half * 8 >= outputs) break;
                __m256i acc[ROWS][2];
                for (int r = 0; r < ROWS; ++r) acc[r][0] = acc[r][1] = _mm256_setzero_si256();
                const int8_t *w0 = packed + (long)b * groups * 64 + half * 32;
                for (int group = 0; group < groups; ++group) {
                    const __m256i wa = _mm256_cvtepi8_epi16(_mm_loadu_si128((const __m128i *)(w0 + group * 64)));
                    const __m256i wb = _mm256_cvtepi8_epi16(_mm_loadu_si128((const __m128i *)(w0 + group * 64 + 16)));
                    // (a0, a1, a2, a3) of row r as 16-bit values, four times over; a constant row count for the
                    // usual full chunk, so the accumulators stay in registers.
#define S8_AVX2_ROW(r)                                                                                        \
    do {                                                                                                      \
        long long bits;                                                                                       \
        memcpy(&bits, wide + (long)(r) * padded + group * 4, sizeof(bits));                                   \
        const __m256i four = _mm256_set1_epi64x(bits);                                                        \
        acc[r][0] = _mm256_add_epi32(acc[r][0], _mm256_madd_epi16(wa, four));                                \
        acc[r][1] = _mm256_add_epi32(acc[r][1], _mm256_madd_epi16(wb, four));                                 \
    } while (0)
                    if (count == ROWS) {
                        S8_AVX2_ROW(0);
                        S8_AVX2_ROW(1);
                        S8_AVX2_ROW(2);
                        S8_AVX2_ROW(3);
                    } else {
                        for (int r = 0; r < count; ++r) S8_AVX2_ROW(r);
                    }
#undef S8_AVX2_ROW
                }
                for (int r = 0; r < count; ++r) {
                    int32_t sums[8];
                    _mm256_storeu_si256((__m256i *)sums,
                                        _mm256_permutevar8x32_epi32(_mm256_hadd_epi32(acc[r][0], acc[r][1]), order));
                    float *target = output + (long)(r0 + r) * output_stride;
                    for (int j = 0; j < 8; ++j) {
                        const int o = b * 16 + half * 8 + j;
                        if (o >= outputs) break;
                        target[o] = (bias ? bias[o] : target[o]) + scale[o] * (float)(sums[j] - 128 * column_sums[o]);
                    }
                }
            }
        }
    }
    if (wide != stack) free(wide);
}
#endif

