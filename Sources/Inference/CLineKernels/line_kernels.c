#include "line_kernels.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) && defined(__clang__)
#define LINE_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define LINE_CLONES
#endif

// e^x for x clamped to -87...88: 2^n * 2^f with f in +-1/2, 2^f by its Taylor polynomial (relative error
// about 3e-6). n is rounded by adding 1.5 * 2^23, which leaves it in the low bits of the sum.
static inline float line_exp(float x) {
    float t = x < -87.0f ? -87.0f : (x > 88.0f ? 88.0f : x);
    t *= 1.44269504f;
    float shifted = t + 12582912.0f;
    float f = (t - (shifted - 12582912.0f)) * 0.69314718f;
    float p = 1.0f / 720.0f;
    p = p * f + 1.0f / 120.0f;
    p = p * f + 1.0f / 24.0f;
    p = p * f + 1.0f / 6.0f;
    p = p * f + 0.5f;
    p = p * f + 1.0f;
    p = p * f + 1.0f;
    int32_t n;
    memcpy(&n, &shifted, sizeof n);
    n -= 0x4B400000;
    int32_t bits = (n + 127) << 23;
    float scale;
    memcpy(&scale, &bits, sizeof scale);
    return p * scale;
}

static inline float line_tanh1(float x) { return 2.0f / (1.0f + line_exp(-2.0f * x)) - 1.0f; }
static inline float line_logistic1(float x) { return 1.0f / (1.0f + line_exp(-x)); }

LINE_CLONES
void line_tanh(float *values, int count) {
    for (int i = 0; i < count; ++i) values[i] = line_tanh1(values[i]);
}

LINE_CLONES
void line_logistic(float *values, int count) {
    for (int i = 0; i < count; ++i) values[i] = line_logistic1(values[i]);
}

LINE_CLONES
void line_lstm_cell(float *gates, float *state, float *output, int cells, float state_limit) {
    const float *input = gates, *input_gate = gates + cells, *forget = gates + 2 * cells;
    const float *output_gate = gates + 3 * cells;
    for (int i = 0; i < cells; ++i) {
        float c = state[i] * line_logistic1(forget[i]) + line_tanh1(input[i]) * line_logistic1(input_gate[i]);
        c = c < -state_limit ? -state_limit : (c > state_limit ? state_limit : c);
        state[i] = c;
        output[i] = line_tanh1(c) * line_logistic1(output_gate[i]);
    }
}

// The sums of one position: bias + its neighbourhood . weights (weights: a row of outputs per value),
// sixteen outputs at a time when their number allows (the sums then stay in registers). Positions whose
// whole neighbourhood lies inside the map skip the bounds checks.
static inline __attribute__((always_inline)) void neighbourhood_sums(const float *restrict input, int height, int width, int depth,
                                      int half_x, int half_y, const float *restrict weights,
                                      const float *restrict bias, int outputs, int x, int y,
                                      float *restrict out) {
    const int span_y = 2 * half_y + 1;
    const int inside = x >= half_x && x + half_x < width && y >= half_y && y + half_y < height;
    const int block = outputs % 16 == 0 ? 16 : outputs;
    for (int first = 0; first < outputs; first += block) {
        float sums[16];
        if (block == 16) {
            for (int o = 0; o < 16; ++o) sums[o] = bias[first + o];
        }
        for (int o = 0; block != 16 && o < outputs; ++o) out[o] = bias[o];
        for (int dx = -half_x; dx <= half_x; ++dx) {
            const int sx = x + dx;
            if (!inside && (sx < 0 || sx >= width)) continue;
            for (int dy = -half_y; dy <= half_y; ++dy) {
                const int sy = y + dy;
                if (!inside && (sy < 0 || sy >= height)) continue;
                const float *in = input + ((long)sy * width + sx) * depth;
                const float *w = weights + (long)((dx + half_x) * span_y + (dy + half_y)) * depth * outputs + first;
                for (int f = 0; f < depth; ++f, w += outputs) {
                    const float value = in[f];
                    if (block == 16) {
                        for (int o = 0; o < 16; ++o) sums[o] += w[o] * value;
                    } else {
                        for (int o = 0; o < outputs; ++o) out[o] += w[o] * value;
                    }
                }
            }
        }
        if (block == 16) {
            for (int o = 0; o < 16; ++o) out[first + o] = sums[o];
        }
    }
}

LINE_CLONES
void line_neighbourhood_dense(const float *input, int height, int width, int depth, int half_x, int half_y,
                              const float *weights, const float *bias, int outputs, float *output) {
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            neighbourhood_sums(input, height, width, depth, half_x, half_y, weights, bias, outputs, x, y,
                               output + ((long)y * width + x) * outputs);
        }
    }
}

// The common case of the first layer (one input feature, a 3x3 neighbourhood, 16 outputs) with constant sizes,
// so the 16 sums live in one vector register; the input is read from a copy with a zero border.
static inline __attribute__((always_inline)) void conv3x3x16_maxpool(const float *input, int height, int width, const float *weights,
                               const float *bias, int factor_x, int factor_y, float *output) {
    const int padded_width = width + 2;
    float *padded = calloc((size_t)(height + 2) * padded_width, sizeof(float));
    if (!padded) return;
    for (int y = 0; y < height; ++y) memcpy(padded + (long)(y + 1) * padded_width + 1, input + (long)y * width,
                                            sizeof(float) * width);
    const int out_height = height / factor_y, out_width = width / factor_x;
    for (int y = 0; y < out_height; ++y) {
        for (int x = 0; x < out_width; ++x) {
            float best[16];
            for (int dy = 0; dy < factor_y; ++dy) {
                for (int dx = 0; dx < factor_x; ++dx) {
                    const int cx = x * factor_x + dx, cy = y * factor_y + dy;
                    float sums[16];
                    for (int o = 0; o < 16; ++o) sums[o] = bias[o];
                    // Taps in the network's order: x outermost, then y.
                    for (int tx = 0; tx < 3; ++tx) {
                        for (int ty = 0; ty < 3; ++ty) {
                            const float value = padded[(long)(cy + ty) * padded_width + cx + tx];
                            const float *w = weights + (tx * 3 + ty) * 16;
                            for (int o = 0; o < 16; ++o) sums[o] += w[o] * value;
                        }
                    }
                    if (dx == 0 && dy == 0) {
                        for (int o = 0; o < 16; ++o) best[o] = sums[o];
                    } else {
                        for (int o = 0; o < 16; ++o) best[o] = sums[o] > best[o] ? sums[o] : best[o];
                    }
                }
            }
            memcpy(output + ((long)y * out_width + x) * 16, best, sizeof best);
        }
    }
    free(padded);
}

LINE_CLONES
void line_neighbourhood_dense_maxpool(const float *input, int height, int width, int depth, int half_x,
                                      int half_y, const float *weights, const float *bias, int outputs,
                                      int factor_x, int factor_y, float *output) {
    if (depth == 1 && half_x == 1 && half_y == 1 && outputs == 16) {
        conv3x3x16_maxpool(input, height, width, weights, bias, factor_x, factor_y, output);
        return;
    }
    const int out_height = height / factor_y, out_width = width / factor_x;
    float sums[1024];
    if (outputs > 1024) return;
    for (int y = 0; y < out_height; ++y) {
        for (int x = 0; x < out_width; ++x) {
            float *out = output + ((long)y * out_width + x) * outputs;
            for (int dy = 0; dy < factor_y; ++dy) {
                for (int dx = 0; dx < factor_x; ++dx) {
                    neighbourhood_sums(input, height, width, depth, half_x, half_y, weights, bias, outputs,
                                       x * factor_x + dx, y * factor_y + dy, sums);
                    if (dx == 0 && dy == 0) {
                        for (int o = 0; o < outputs; ++o) out[o] = sums[o];
                    } else {
                        for (int o = 0; o < outputs; ++o) out[o] = sums[o] > out[o] ? sums[o] : out[o];
                    }
                }
            }
        }
    }
}

LINE_CLONES
void line_maxpool(const float *input, int height, int width, int depth, int factor_x, int factor_y,
                  float *output) {
    const int out_height = height / factor_y, out_width = width / factor_x;
    for (int y = 0; y < out_height; ++y) {
        for (int x = 0; x < out_width; ++x) {
            float *out = output + ((long)y * out_width + x) * depth;
            const float *first = input + ((long)(y * factor_y) * width + x * factor_x) * depth;
            for (int f = 0; f < depth; ++f) out[f] = first[f];
            for (int dy = 0; dy < factor_y; ++dy) {
                for (int dx = 0; dx < factor_x; ++dx) {
                    const float *in = input + ((long)(y * factor_y + dy) * width + x * factor_x + dx) * depth;
                    for (int f = 0; f < depth; ++f) out[f] = in[f] > out[f] ? in[f] : out[f];
                }
            }
        }
    }
}

void line_transpose(const float *input, int height, int width, int depth, float *output) {
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            memcpy(output + ((long)x * height + y) * depth, input + ((long)y * width + x) * depth,
                   sizeof(float) * depth);
        }
    }
}

// ---- 8-bit matrix multiply ----

#if defined(__x86_64__)
#include <immintrin.h>
#endif

int line_s8_padded_inputs(int inputs) { return (inputs + 3) / 4 * 4; }
int line_s8_padded_outputs(int outputs) { return (outputs + 63) / 64 * 64; }
int line_s8_padded_rows(int rows) { return (rows + 3) / 4 * 4; }

long line_s8_packed_size(int outputs, int inputs) {
    return (long)line_s8_padded_outputs(outputs) * line_s8_padded_inputs(inputs);
}

// Layout: for each block of 16 outputs, for each group of 4 inputs, 16 outputs x 4 inputs (64 bytes).
void line_s8_pack(const int8_t *weights, int outputs, int inputs, int stride, int8_t *packed) {
    const int groups = line_s8_padded_inputs(inputs) / 4, blocks = line_s8_padded_outputs(outputs) / 16;
    for (int block = 0; block < blocks; ++block) {
        for (int group = 0; group < groups; ++group) {
            int8_t *target = packed + ((long)block * groups + group) * 64;
            for (int lane = 0; lane < 16; ++lane) {
                for (int t = 0; t < 4; ++t) {
                    const int o = block * 16 + lane, i = group * 4 + t;
                    target[lane * 4 + t] = o < outputs && i < inputs ? weights[(long)o * stride + i] : 0;
                }
            }
        }
    }
}

LINE_CLONES
void line_s8_quantize(const float *values, int rows, int inputs, int stride, uint8_t *out) {
    const int padded = line_s8_padded_inputs(inputs), all_rows = line_s8_padded_rows(rows);
    for (int r = 0; r < all_rows; ++r) {
        uint8_t *target = out + (long)r * padded;
        if (r >= rows) {
            memset(target, 128, padded);
            continue;
        }
        const float *source = values + (long)r * stride;
        for (int i = 0; i < inputs; ++i) {
            float scaled = source[i] * 127.0f;
            scaled = scaled < -127.0f ? -127.0f : (scaled > 127.0f ? 127.0f : scaled);
            // Round half away from zero, as Tesseract's IntCastRounded.
            const int q = (int)(scaled + (scaled >= 0 ? 0.5f : -0.5f));
            target[i] = (uint8_t)(q + 128);
        }
        for (int i = inputs; i < padded; ++i) target[i] = 128;
    }
}

void line_s8_multiply_portable(const uint8_t *in, int rows, int inputs, const int8_t *packed, int outputs,
                               const int32_t *column_sums, const float *scale, const float *bias, float *output,
                               int output_stride) {
    const int padded = line_s8_padded_inputs(inputs), groups = padded / 4;
    for (int r = 0; r < rows; ++r) {
        const uint8_t *a = in + (long)r * padded;
        for (int o = 0; o < outputs; ++o) {
            const int8_t *w = packed + (long)(o / 16) * groups * 64 + (o % 16) * 4;
            int32_t sum = 0;
            for (int group = 0; group < groups; ++group) {
                for (int t = 0; t < 4; ++t) sum += (int32_t)a[group * 4 + t] * w[group * 64 + t];
            }
            float *target = output + (long)r * output_stride + o;
            *target = (bias ? bias[o] : *target) + scale[o] * (float)(sum - 128 * column_sums[o]);
        }
    }
}

#if defined(__x86_64__) && defined(__clang__)
__attribute__((target("avx512f,avx512bw,avx512vnni")))
static void s8_multiply_vnni(const uint8_t *in, int rows, int inputs, const int8_t *packed, int outputs,
                             const int32_t *column_sums, const float *scale, const float *bias, float *output,
                             int output_stride) {
    const int padded = line_s8_padded_inputs(inputs), groups = padded / 4;
    const int blocks = line_s8_padded_outputs(outputs) / 16;
    for (int r0 = 0; r0 < rows; r0 += 4) {
        for (int b0 = 0; b0 < blocks; b0 += 4) {
            __m512i acc[4][4];
            for (int r = 0; r < 4; ++r)
                for (int j = 0; j < 4; ++j) acc[r][j] = _mm512_setzero_si512();
            const int8_t *w0 = packed + (long)b0 * groups * 64;
            const long block_step = (long)groups * 64;
            const uint8_t *a0 = in + (long)r0 * padded;
            for (int group = 0; group < groups; ++group) {
                __m512i w[4];
                for (int j = 0; j < 4; ++j) w[j] = _mm512_loadu_si512(w0 + j * block_step + group * 64);
                for (int r = 0; r < 4; ++r) {
                    int32_t four;
                    memcpy(&four, a0 + (long)r * padded + group * 4, 4);
                    const __m512i a = _mm512_set1_epi32(four);
                    for (int j = 0; j < 4; ++j) acc[r][j] = _mm512_dpbusd_epi32(acc[r][j], a, w[j]);
                }
            }
            for (int j = 0; j < 4; ++j) {
                const int first = (b0 + j) * 16;
                if (first >= outputs) break;
                const int count = outputs - first < 16 ? outputs - first : 16;
                const __mmask16 mask = (__mmask16)((1u << count) - 1);
                const __m512 scales = _mm512_loadu_ps(scale + first);
                const __m512i offsets = _mm512_mullo_epi32(_mm512_loadu_si512(column_sums + first),
                                                           _mm512_set1_epi32(128));
                for (int r = 0; r < 4 && r0 + r < rows; ++r) {
                    float *target = output + (long)(r0 + r) * output_stride + first;
                    const __m512 sums = _mm512_cvtepi32_ps(_mm512_sub_epi32(acc[r][j], offsets));
                    const __m512 current = bias ? _mm512_maskz_loadu_ps(mask, bias + first)
                                                : _mm512_maskz_loadu_ps(mask, target);
                    // Multiply, then add (no fused multiply-add), as the portable path rounds.
                    _mm512_mask_storeu_ps(target, mask, _mm512_add_ps(_mm512_mul_ps(scales, sums), current));
                }
            }
        }
    }
}
#endif

#if defined(__x86_64__) && defined(__clang__)
// The AVX2 path: bytes widened to 16 bits and multiplied in pairs (vpmaddwd), so every product and sum is exact
// and the sums equal the portable path's (vpmaddubsw would saturate). Up to four rows at a time, their inputs
// widened once into a small buffer (so each group of four inputs is one broadcast load), share each half-block's
// widened weights (8 outputs); blocks past the last output are not computed. The scaling is done per output as
// the portable path does it.
__attribute__((target("avx2")))
static void s8_multiply_avx2(const uint8_t *in, int rows, int inputs, const int8_t *packed, int outputs,
                             const int32_t *column_sums, const float *scale, const float *bias, float *output,
                             int output_stride) {
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

void line_s8_multiply(const uint8_t *in, int rows, int inputs, const int8_t *packed, int outputs,
                      const int32_t *column_sums, const float *scale, const float *bias, float *output,
                      int output_stride) {
#if defined(__x86_64__) && defined(__clang__)
    if (__builtin_cpu_supports("avx512vnni") && __builtin_cpu_supports("avx512bw")) {
        s8_multiply_vnni(in, rows, inputs, packed, outputs, column_sums, scale, bias, output, output_stride);
        return;
    }
    if (__builtin_cpu_supports("avx2")) {
        s8_multiply_avx2(in, rows, inputs, packed, outputs, column_sums, scale, bias, output, output_stride);
        return;
    }
#endif
    line_s8_multiply_portable(in, rows, inputs, packed, outputs, column_sums, scale, bias, output,
                              output_stride);
}
