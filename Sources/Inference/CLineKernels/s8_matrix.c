// The 8-bit matrix multiply of the line recogniser's LSTMs (declared in line_kernels.h): packing, quantising,
// the portable loop and the dispatch to the fastest path the CPU has.
#include "line_kernels.h"
#include "s8_paths.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if LINE_X86
#include <immintrin.h>
#endif

int line_s8_padded_inputs(int inputs) { return (inputs + 3) / 4 * 4; }
int line_s8_padded_outputs(int outputs) { return (outputs + 63) / 64 * 64; }
int line_s8_padded_rows(int rows) { return (rows + 3) / 4 * 4; }

// The 8-bit layout (the portable and VNNI paths'), then the same weights widened to 16 bits in pairs (the AVX2
// path's; s8_paths.h): twice as many bytes again.
long line_s8_packed_size(int outputs, int inputs) {
    return 3L * line_s8_padded_outputs(outputs) * line_s8_padded_inputs(inputs);
}

const int16_t *line_s8_pair_weights(const int8_t *packed, int outputs, int inputs) {
    // The 8-bit part's size is a multiple of 256 bytes, so the 16-bit part is as aligned as `packed`.
    return (const int16_t *)(packed + (long)line_s8_padded_outputs(outputs) * line_s8_padded_inputs(inputs));
}

// 8-bit layout: for each block of 16 outputs, for each group of 4 inputs, 16 outputs x 4 inputs (64 bytes).
void line_s8_pack(const int8_t *weights, int outputs, int inputs, int stride, int8_t *packed) {
    const int padded = line_s8_padded_inputs(inputs), padded_outputs = line_s8_padded_outputs(outputs);
    const int groups = padded / 4, blocks = padded_outputs / 16;
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
    int16_t *pairs = (int16_t *)line_s8_pair_weights(packed, outputs, inputs);
    for (int panel = 0; panel < padded_outputs / 8; ++panel) {
        for (int pair = 0; pair < padded / 2; ++pair) {
            int16_t *target = pairs + ((long)panel * (padded / 2) + pair) * 16;
            for (int lane = 0; lane < 8; ++lane) {
                for (int t = 0; t < 2; ++t) {
                    const int o = panel * 8 + lane, i = pair * 2 + t;
                    target[lane * 2 + t] = o < outputs && i < inputs ? weights[(long)o * stride + i] : 0;
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

#if LINE_X86
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

static int use_widening_avx2 = 0;

void line_s8_use_widening_avx2(int on) { __atomic_store_n(&use_widening_avx2, on != 0, __ATOMIC_RELAXED); }

int line_s8_multiply_path(int path, const uint8_t *in, int rows, int inputs, const int8_t *packed, int outputs,
                          const int32_t *column_sums, const float *scale, const float *bias, float *output,
                          int output_stride) {
    switch (path) {
    case LINE_S8_PORTABLE:
        line_s8_multiply_portable(in, rows, inputs, packed, outputs, column_sums, scale, bias, output,
                                  output_stride);
        return 1;
#if LINE_X86
    case LINE_S8_AVX2_PAIRS:
        if (!__builtin_cpu_supports("avx2") || line_s8_padded_inputs(inputs) > LINE_S8_PAIRS_MAX_INPUTS) return 0;
        line_s8_multiply_pairs_avx2(in, rows, inputs, packed, outputs, scale, bias, output, output_stride);
        return 1;
    case LINE_S8_AVX2_WIDENING:
        if (!__builtin_cpu_supports("avx2")) return 0;
        line_s8_multiply_widening_avx2(in, rows, inputs, packed, outputs, column_sums, scale, bias, output,
                                       output_stride);
        return 1;
    case LINE_S8_VNNI:
        if (!__builtin_cpu_supports("avx512vnni") || !__builtin_cpu_supports("avx512bw")) return 0;
        s8_multiply_vnni(in, rows, inputs, packed, outputs, column_sums, scale, bias, output, output_stride);
        return 1;
#endif
    default:
        return 0;
    }
}

void line_s8_multiply(const uint8_t *in, int rows, int inputs, const int8_t *packed, int outputs,
                      const int32_t *column_sums, const float *scale, const float *bias, float *output,
                      int output_stride) {
#if LINE_X86
    if (__builtin_cpu_supports("avx512vnni") && __builtin_cpu_supports("avx512bw")) {
        s8_multiply_vnni(in, rows, inputs, packed, outputs, column_sums, scale, bias, output, output_stride);
        return;
    }
    if (__builtin_cpu_supports("avx2")) {
        if (__atomic_load_n(&use_widening_avx2, __ATOMIC_RELAXED) ||
            line_s8_padded_inputs(inputs) > LINE_S8_PAIRS_MAX_INPUTS) {
            line_s8_multiply_widening_avx2(in, rows, inputs, packed, outputs, column_sums, scale, bias, output,
                                           output_stride);
        } else {
            line_s8_multiply_pairs_avx2(in, rows, inputs, packed, outputs, scale, bias, output, output_stride);
        }
        return;
    }
#endif
    line_s8_multiply_portable(in, rows, inputs, packed, outputs, column_sums, scale, bias, output,
                              output_stride);
}
