#include "CClassifierKernels.h"

#include <math.h>
#include <string.h>

#if defined(__x86_64__)
#include <immintrin.h>
#define CC_X86 1
#endif

// Each channel is copied once into a zero-padded scratch plane whose rows hold the padded row's columns split by
// phase (column mod stride): tap (ky, kx) of output row oy then reads phase kx % stride of padded row
// oy·stride + ky, starting at column kx / stride, as one contiguous run over the output columns. Rows are padded
// to a multiple of 8 floats past the last read, so the vector path may read whole vectors.

static int phase_width(int out_width, int kernel, int stride) {
    // columns of one phase a row needs: out_width + (kernel - 1) / stride, rounded up to 8, plus 8 of slack
    int needed = out_width + (kernel - 1) / stride;
    return ((needed + 7) / 8) * 8 + 8;
}

static int padded_rows(int out_height, int kernel, int stride) { return (out_height - 1) * stride + kernel; }

size_t cc_depthwise_scratch_count(int out_height, int out_width, int kernel, int stride) {
    return (size_t)padded_rows(out_height, kernel, stride) * stride * phase_width(out_width, kernel, stride);
}

// Copies one channel's rows into the interior of the scratch plane. The padding cells are the same for every
// channel, so they are zeroed once per call (cc_depthwise_relu6) and never written here.
static void scatter(const float *plane, int height, int width, int pad_top, int pad_left, int stride, int row_floats,
                    int phase_floats, float *scratch) {
    for (int y = 0; y < height; y++) {
        float *row = scratch + (size_t)(y + pad_top) * row_floats;
        const float *source = plane + (size_t)y * width;
        if (stride == 1) {
            memcpy(row + pad_left, source, sizeof(float) * width);
            continue;
        }
        // stride 2: even padded columns to phase 0, odd ones to phase 1
        float *even = row, *odd = row + phase_floats;
        for (int x = 0; x < width; x++) {
            int px = x + pad_left;
            if (px & 1) odd[px >> 1] = source[x]; else even[px >> 1] = source[x];
        }
    }
}

static void row_portable(const float *scratch, int oy, const float *filter, float bias, int kernel, int stride,
                         int row_floats, int phase_floats, int out_width, float *out) {
    for (int ox = 0; ox < out_width; ox++) {
        float sum = bias;
        for (int ky = 0; ky < kernel; ky++) {
            const float *row = scratch + (size_t)(oy * stride + ky) * row_floats;
            for (int kx = 0; kx < kernel; kx++) {
                sum = fmaf(filter[ky * kernel + kx], row[(kx % stride) * phase_floats + kx / stride + ox], sum);
            }
        }
        out[ox] = fminf(fmaxf(sum, 0.0f), 6.0f);
    }
}

#ifdef CC_X86
// One channel's output rows; `K` and `S` are constants at each call below, so the taps unroll and their offsets
// fold. The eight lanes of each vector are eight output columns, summed in the portable path's order.
__attribute__((target("avx2,fma"), always_inline))
static inline void channel_avx2(const float *scratch, const float *filter, float bias, const int K, const int S,
                                int row_floats, int phase_floats, int out_height, int out_width, float *out) {
    const __m256 zero = _mm256_setzero_ps(), six = _mm256_set1_ps(6.0f), start = _mm256_set1_ps(bias);
    __m256 weights[25];
    int offsets[25];
    for (int ky = 0; ky < K; ky++) {
        for (int kx = 0; kx < K; kx++) {
            weights[ky * K + kx] = _mm256_set1_ps(filter[ky * K + kx]);
            offsets[ky * K + kx] = ky * row_floats + (kx % S) * phase_floats + kx / S;
        }
    }
    for (int oy = 0; oy < out_height; oy++) {
        const float *rows = scratch + (size_t)oy * S * row_floats;
        float *target = out + (size_t)oy * out_width;
        for (int ox = 0; ox < out_width; ox += 8) {
            __m256 sum = start;
            for (int tap = 0; tap < K * K; tap++) {
                sum = _mm256_fmadd_ps(weights[tap], _mm256_loadu_ps(rows + offsets[tap] + ox), sum);
            }
            sum = _mm256_min_ps(_mm256_max_ps(sum, zero), six);
            if (ox + 8 <= out_width) {
                _mm256_storeu_ps(target + ox, sum);
            } else {
                float lanes[8];
                _mm256_storeu_ps(lanes, sum);
                memcpy(target + ox, lanes, sizeof(float) * (out_width - ox));
            }
        }
    }
}

#define CHANNEL_AVX2(K, S)                                                                                    \
    __attribute__((target("avx2,fma"))) static void channel_avx2_k##K##s##S(                                  \
        const float *scratch, const float *filter, float bias, int row_floats, int phase_floats, int out_height, \
        int out_width, float *out) {                                                                          \
        channel_avx2(scratch, filter, bias, K, S, row_floats, phase_floats, out_height, out_width, out);        \
    }
CHANNEL_AVX2(3, 1)
CHANNEL_AVX2(3, 2)
CHANNEL_AVX2(5, 1)
CHANNEL_AVX2(5, 2)

typedef void (*channel_function)(const float *, const float *, float, int, int, int, int, float *);

static channel_function channel_avx2_for(int kernel, int stride) {
    if (kernel == 3) return stride == 1 ? channel_avx2_k3s1 : stride == 2 ? channel_avx2_k3s2 : NULL;
    if (kernel == 5) return stride == 1 ? channel_avx2_k5s1 : stride == 2 ? channel_avx2_k5s2 : NULL;
    return NULL;
}

static int has_avx2_fma(void) {
    static int known = -1;
    if (known < 0) {
        __builtin_cpu_init();
        known = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    }
    return known;
}
#endif

void cc_depthwise_relu6(const float *input, int channels, int height, int width, const float *filter,
                        const float *bias, int kernel, int stride, int pad_top, int pad_left, float *output,
                        int out_height, int out_width, float *scratch, int portable) {
    int phase_floats = phase_width(out_width, kernel, stride);
    int row_floats = stride * phase_floats;
    int rows = padded_rows(out_height, kernel, stride);
    void (*vector)(const float *, const float *, float, int, int, int, int, float *) = NULL;
#ifdef CC_X86
    if (!portable && has_avx2_fma()) vector = channel_avx2_for(kernel, stride);
#endif
    memset(scratch, 0, sizeof(float) * (size_t)rows * row_floats);
    for (int channel = 0; channel < channels; channel++) {
        scatter(input + (size_t)channel * height * width, height, width, pad_top, pad_left, stride, row_floats,
                phase_floats, scratch);
        const float *weights = filter + (size_t)channel * kernel * kernel;
        float *out = output + (size_t)channel * out_height * out_width;
        if (vector) {
            vector(scratch, weights, bias[channel], row_floats, phase_floats, out_height, out_width, out);
            continue;
        }
        for (int oy = 0; oy < out_height; oy++) {
            row_portable(scratch, oy, weights, bias[channel], kernel, stride, row_floats, phase_floats, out_width,
                         out + (size_t)oy * out_width);
        }
    }
}
