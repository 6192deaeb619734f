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

// One cell of one sequence: the same expressions for every caller, so every path rounds alike.
static inline __attribute__((always_inline)) void lstm_cell1(const float *gates, float *state, float *output,
                                                             int cells, int i, float state_limit) {
    float c = state[i] * line_logistic1(gates[2 * cells + i]) + line_tanh1(gates[i]) * line_logistic1(gates[cells + i]);
    c = c < -state_limit ? -state_limit : (c > state_limit ? state_limit : c);
    state[i] = c;
    output[i] = line_tanh1(c) * line_logistic1(gates[3 * cells + i]);
}

LINE_CLONES
void line_lstm_cell(float *gates, float *state, float *output, int cells, float state_limit) {
    for (int i = 0; i < cells; ++i) lstm_cell1(gates, state, output, cells, i, state_limit);
}

// A cell is one long chain of dependent operations (five exponentials, five divisions); a vector of cells at a
// time leaves the core waiting on that chain. Two (four) vectors in flight per iteration overlap the chains: 30-45%
// less time per cell on this Zen 3 than one (measured with a throw-away C loop on 48, 96 and 192 cells). Each cell's
// arithmetic is the same expression as line_lstm_cell's, so the same floats.
LINE_CLONES
void line_lstm_cells(float *restrict gates, float *restrict state, float *restrict output, int rows, int cells,
                     float state_limit) {
    for (int r = 0; r < rows; ++r) {
        const float *g = gates + (long)r * 4 * cells;
        float *s = state + (long)r * cells, *o = output + (long)r * cells;
        if (cells % 32 == 0) {
#pragma clang loop interleave_count(4)
            for (int i = 0; i < cells; ++i) lstm_cell1(g, s, o, cells, i, state_limit);
        } else {
#pragma clang loop interleave_count(2)
            for (int i = 0; i < cells; ++i) lstm_cell1(g, s, o, cells, i, state_limit);
        }
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
