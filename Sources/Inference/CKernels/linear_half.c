#include "CKernels.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#if defined(__x86_64__)
#include <immintrin.h>
#define CK_X86 1
#endif

// Half-precision arithmetic for the small-row linear layers (ck_linear_f16_arithmetic in CKernels.h).
//
// Both paths compute exactly this, so they agree bit for bit:
//   1. each row of x is scaled by 2^e (e chosen so its largest magnitude lands in [64, 128)) and rounded to
//      half precision (nearest even);
//   2. for every output and every run of CK_HALF_CHUNK consecutive inputs, h = 0 (a half), then
//      h = fma(x_k, w_k, h) rounded once to half precision for each k of the run; then s += (float)h in Float;
//   3. y = s · 2^-(e + weight exponent) (exact) plus the bias.
// With |x| < 128 and |w| < 1 every product is below 128 and a run's sum below 128 · CK_HALF_CHUNK = 4096:
// no overflow is possible in half precision, whatever the layer's values.

// Rows per group: 12 rows x 2 blocks = 24 half-precision accumulators of 32 lanes.
#define HALF_GROUP_ROWS 12

static int row_exponent(float largest) {
    if (!(largest > 0) || !isfinite(largest)) return 0;
    return 6 - ilogbf(largest);
}

int ck_weight_exponent(const float *weight, size_t count) {
    float largest = 0;
    for (size_t i = 0; i < count; i++) {
        float magnitude = fabsf(weight[i]);
        largest = magnitude > largest ? magnitude : largest;
    }
    if (!(largest > 0) || !isfinite(largest)) return 0;
    return -1 - ilogbf(largest);                                      // largest · 2^e in [0.5, 1)
}

void ck_pack_f16_scaled(const float *weight, size_t outputs, size_t inputs, int exponent, uint16_t *packed) {
    size_t blocks = (outputs + CK_BLOCK - 1) / CK_BLOCK;
    int normal = exponent >= -126 && exponent <= 127;                 // 2^exponent is a normal Float
    float scale = ldexpf(1.0f, normal ? exponent : 0);                // times it: as exact as ldexpf, faster
    for (size_t b = 0; b < blocks; b++) {
        for (size_t k = 0; k < inputs; k++) {
            uint16_t *line = packed + (b * inputs + k) * CK_BLOCK;
            for (size_t j = 0; j < CK_BLOCK; j++) {
                size_t o = b * CK_BLOCK + j;
                float value = o < outputs ? weight[o * inputs + k] : 0.0f;
                line[j] = ck_float_to_half(normal ? value * scale : ldexpf(value, exponent));
            }
        }
    }
}

/// `value` (exact in Double) rounded once to half precision, nearest even.
static uint16_t double_to_half(double value) {
    if (value == 0) return signbit(value) ? 0x8000u : 0;
    int exponent = ilogb(value);
    int quantum = exponent < -14 ? -24 : exponent - 10;               // the half's spacing at this magnitude
    double rounded = ldexp(nearbyint(ldexp(value, -quantum)), quantum); // both scalings exact
    return ck_float_to_half((float)rounded);                          // exact: a half value (or >= 65520)
}

/// Step 1 for one row: the halves of x · 2^e; returns e.
static int halve_row_portable(const float *x, size_t inputs, uint16_t *halves) {
    float largest = 0;
    for (size_t k = 0; k < inputs; k++) largest = fabsf(x[k]) > largest ? fabsf(x[k]) : largest;
    int exponent = row_exponent(largest);
    for (size_t k = 0; k < inputs; k++) halves[k] = ck_float_to_half(ldexpf(x[k], exponent));
    return exponent;
}

static void linear_half_portable(const float *x, size_t rows, size_t inputs, const uint16_t *packed,
                                 int weight_exponent, size_t outputs, const float *bias, float *y, size_t ldy,
                                 uint16_t *halves) {
    for (size_t r = 0; r < rows; r++) {
        int scale = -(halve_row_portable(x + r * inputs, inputs, halves) + weight_exponent);
        for (size_t o = 0; o < outputs; o++) {
            const uint16_t *block = packed + (o / CK_BLOCK) * inputs * CK_BLOCK + o % CK_BLOCK;
            float sum = 0;
            for (size_t k0 = 0; k0 < inputs; k0 += CK_HALF_CHUNK) {
                size_t end = k0 + CK_HALF_CHUNK < inputs ? k0 + CK_HALF_CHUNK : inputs;
                uint16_t h = 0;
                for (size_t k = k0; k < end; k++) {
                    double product = (double)ck_half_to_float(halves[k]) * ck_half_to_float(block[k * CK_BLOCK]);
                    h = double_to_half(product + ck_half_to_float(h));  // exact in Double, one rounding
                }
                sum += ck_half_to_float(h);
            }
            float value = ldexpf(sum, scale);
            y[r * ldy + o] = bias ? value + bias[o] : value;
        }
    }
}

#ifdef CK_X86
#define FP16 __attribute__((target("avx512f,avx512bw,avx512vl,avx512fp16,f16c,fma")))
// Each weight line is prefetched into L2 8 KB ahead and into L1 1 KB ahead: 5-7% faster at 16 rows than one
// prefetch into L1 2 KB ahead (interleaved C probe), the same at 1-12 rows.
#define PREFETCH_AHEAD(pointer)                                                                         \
    (_mm_prefetch((const char *)(pointer) + 8192, _MM_HINT_T1),                                         \
     _mm_prefetch((const char *)(pointer) + 1024, _MM_HINT_T0))

// Step 1 for one row, each half stored twice in 32 bits: a 32-bit broadcast from memory is a plain load, where
// a 16-bit one costs a shuffle on the port the multiply-adds need.
FP16 static int halve_row_avx512(const float *x, size_t inputs, uint32_t *pairs) {
    __m512 largest = _mm512_setzero_ps();
    size_t k = 0;
    for (; k + 16 <= inputs; k += 16) largest = _mm512_max_ps(largest, _mm512_abs_ps(_mm512_loadu_ps(x + k)));
    float top = _mm512_reduce_max_ps(largest);
    for (size_t tail = k; tail < inputs; tail++) top = fabsf(x[tail]) > top ? fabsf(x[tail]) : top;
    int exponent = row_exponent(top);
    __m512 scale = _mm512_set1_ps((float)exponent);
    for (k = 0; k + 16 <= inputs; k += 16) {
        __m512 scaled = _mm512_scalef_ps(_mm512_loadu_ps(x + k), scale);
        __m512i wide = _mm512_cvtepu16_epi32(_mm512_cvtps_ph(scaled, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
        _mm512_storeu_si512(pairs + k, _mm512_or_si512(wide, _mm512_slli_epi32(wide, 16)));
    }
    for (; k < inputs; k++) {
        uint32_t half = ck_float_to_half(ldexpf(x[k], exponent));
        pairs[k] = half | half << 16;
    }
    return exponent;
}

// One run of inputs (at most CK_HALF_CHUNK) for a group of ROWS rows over BLOCKS (1 or 2) blocks of 32 outputs:
// compile-time constants after inlining, so the ROWS x BLOCKS half-precision accumulators stay in registers;
// the run's sums are added to `sums` (rows 2 x CK_BLOCK floats apart). `pairs` and the blocks point at the
// run's first input.
FP16 static inline __attribute__((always_inline))
void half_run(const uint32_t *pairs, const uint16_t *block0, const uint16_t *block1, size_t length, float *sums,
              const size_t ROWS, const size_t BLOCKS) {
    __m512h acc[HALF_GROUP_ROWS][2];
    for (size_t r = 0; r < ROWS; r++)
        for (size_t b = 0; b < BLOCKS; b++) acc[r][b] = _mm512_setzero_ph();
    for (size_t k = 0; k < length; k++) {
        __m512h w[2];
        PREFETCH_AHEAD(block0 + k * CK_BLOCK);
        w[0] = _mm512_castsi512_ph(_mm512_loadu_si512(block0 + k * CK_BLOCK));
        if (BLOCKS == 2) {
            PREFETCH_AHEAD(block1 + k * CK_BLOCK);
            w[1] = _mm512_castsi512_ph(_mm512_loadu_si512(block1 + k * CK_BLOCK));
        }
        for (size_t r = 0; r < ROWS; r++) {
            __m512h a = _mm512_castsi512_ph(_mm512_set1_epi32((int)pairs[k * ROWS + r]));
            for (size_t b = 0; b < BLOCKS; b++) acc[r][b] = _mm512_fmadd_ph(a, w[b], acc[r][b]);
        }
    }
    for (size_t r = 0; r < ROWS; r++) {
        for (size_t b = 0; b < BLOCKS; b++) {
            float *line = sums + r * 2 * CK_BLOCK + b * CK_BLOCK;
            __m512i bits = _mm512_castph_si512(acc[r][b]);
            __m512 low = _mm512_cvtph_ps(_mm512_castsi512_si256(bits));
            __m512 high = _mm512_cvtph_ps(_mm512_extracti64x4_epi64(bits, 1));
            _mm512_storeu_ps(line, _mm512_add_ps(_mm512_loadu_ps(line), low));
            _mm512_storeu_ps(line + 16, _mm512_add_ps(_mm512_loadu_ps(line + 16), high));
        }
    }
}

#define HALF_CASE(N)                                                                                    \
    case N: if (pair) half_run(xr, block0 + k0 * CK_BLOCK, block1 + k0 * CK_BLOCK, length, group_sums, N, 2); \
            else half_run(xr, block0 + k0 * CK_BLOCK, block0 + k0 * CK_BLOCK, length, group_sums, N, 1);    \
            break;

// Step 1 for all rows (groups stored one after another, each input by input so a group reads every row's
// value at a constant offset from one pointer), then, for each pair of blocks, the groups take turns on each
// run of inputs: the run's weights come from memory for the first group and from L1 for the others.
FP16 static void linear_half_avx512(const float *x, size_t rows, size_t inputs, const uint16_t *packed,
                                    int weight_exponent, size_t outputs, const float *bias, float *y,
                                    size_t ldy, uint32_t *pairs, int *scales, float *sums) {
    size_t blocks = (outputs + CK_BLOCK - 1) / CK_BLOCK;
    size_t groups = (rows + HALF_GROUP_ROWS - 1) / HALF_GROUP_ROWS;
    size_t per_group = (rows + groups - 1) / groups;                  // 16 rows: 2 groups of 8
    uint32_t *row = pairs + rows * inputs;
    for (size_t r = 0; r < rows; r++) {
        scales[r] = -(halve_row_avx512(x + r * inputs, inputs, row) + weight_exponent);
        size_t r0 = r / per_group * per_group, count = rows - r0 < per_group ? rows - r0 : per_group;
        uint32_t *group = pairs + r0 * inputs + (r - r0);
        for (size_t k = 0; k < inputs; k++, group += count) *group = row[k];
    }
    for (size_t b = 0; b < blocks; b += 2) {
        int pair = b + 1 < blocks;
        const uint16_t *block0 = packed + b * inputs * CK_BLOCK, *block1 = block0 + inputs * CK_BLOCK;
        for (size_t i = 0; i < rows * 2 * CK_BLOCK; i += 16) _mm512_storeu_ps(sums + i, _mm512_setzero_ps());
        for (size_t k0 = 0; k0 < inputs; k0 += CK_HALF_CHUNK) {
            size_t length = inputs - k0 < CK_HALF_CHUNK ? inputs - k0 : CK_HALF_CHUNK;
            for (size_t r0 = 0; r0 < rows; r0 += per_group) {
                size_t count = rows - r0 < per_group ? rows - r0 : per_group;
                const uint32_t *xr = pairs + r0 * inputs + k0 * count;
                float *group_sums = sums + r0 * 2 * CK_BLOCK;
                switch (count) {
                HALF_CASE(1) HALF_CASE(2) HALF_CASE(3) HALF_CASE(4) HALF_CASE(5) HALF_CASE(6)
                HALF_CASE(7) HALF_CASE(8) HALF_CASE(9) HALF_CASE(10) HALF_CASE(11)
                default: HALF_CASE(12)
                }
            }
        }
        size_t first = b * CK_BLOCK;
        size_t columns = outputs - first < 2 * CK_BLOCK ? outputs - first : 2 * CK_BLOCK;
        for (size_t r = 0; r < rows; r++) {
            __m512 scale = _mm512_set1_ps((float)scales[r]);
            float *out = y + r * ldy + first;
            for (size_t j = 0; j < columns; j += 16) {
                __mmask16 mask = columns - j >= 16 ? 0xffff : (__mmask16)((1u << (columns - j)) - 1);
                __m512 value = _mm512_scalef_ps(_mm512_loadu_ps(sums + r * 2 * CK_BLOCK + j), scale);
                if (bias) value = _mm512_add_ps(value, _mm512_maskz_loadu_ps(mask, bias + first + j));
                _mm512_mask_storeu_ps(out + j, mask, value);
            }
        }
    }
}
#endif

int ck_has_avx512_fp16(void) {
#ifndef CK_X86
    return 0;
#else
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512fp16") && __builtin_cpu_supports("avx512bw") ? 1 : 0;
#endif
}

void ck_linear_f16_arithmetic(const float *x, size_t rows, size_t inputs, const uint16_t *packed,
                              int weight_exponent, size_t outputs, const float *bias, float *y, size_t ldy,
                              int portable) {
    if (rows == 0 || outputs == 0) return;
#ifdef CK_X86
    if (!portable && ck_has_avx512_fp16()) {
        uint32_t *pairs = malloc(((rows + 1) * inputs + 1) * sizeof *pairs);   // + 1: never malloc(0)
        int *scales = malloc(rows * sizeof *scales);
        float *sums = malloc(rows * 2 * CK_BLOCK * sizeof *sums);
        if (!pairs || !scales || !sums) abort();
        linear_half_avx512(x, rows, inputs, packed, weight_exponent, outputs, bias, y, ldy, pairs, scales, sums);
        free(sums);
        free(scales);
        free(pairs);
        return;
    }
#endif
    uint16_t *halves = malloc((inputs + 1) * sizeof *halves);
    if (!halves) abort();
    linear_half_portable(x, rows, inputs, packed, weight_exponent, outputs, bias, y, ldy, halves);
    free(halves);
}
