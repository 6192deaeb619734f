// The 8-bit multiply's CPU-specific paths, private to CLineKernels: each takes line_s8_multiply's arguments
// and gives the same integer sums as line_s8_multiply_portable, so the same floats.
#ifndef POOL_S8_PATHS_H
#define POOL_S8_PATHS_H
#include <stdint.h>

#if defined(__x86_64__) && defined(__clang__)
#define LINE_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#define LINE_X86 1
#else
#define LINE_CLONES
#define LINE_X86 0
#endif

/// Where the 16-bit copy of the weights starts in a packed matrix (after the 8-bit layout), in int16 values:
/// for each panel of 8 outputs, for each pair of inputs, the 8 outputs' two weights (16 values, 32 bytes).
const int16_t *line_s8_pair_weights(const int8_t *packed, int outputs, int inputs);

#if LINE_X86
/// The widest input rows (padded) the pair path takes: one row's widened inputs fill its stack buffer.
enum { LINE_S8_PAIRS_MAX_INPUTS = 8192 };

/// AVX2: 16-bit pair products (vpmaddwd) on the pre-widened weights, six rows by sixteen outputs per tile; inputs
/// padded to at most LINE_S8_PAIRS_MAX_INPUTS.
void line_s8_multiply_pairs_avx2(const uint8_t *in, int rows, int inputs, const int8_t *packed, int outputs,
                                 const float *scale, const float *bias, float *output, int output_stride);

/// AVX2 as it was before the pair layout (weights widened at every use, 4 rows per pass, scalar scaling):
/// kept as the baseline the reading benchmark measures the pair path against in the same run.
void line_s8_multiply_widening_avx2(const uint8_t *in, int rows, int inputs, const int8_t *packed, int outputs,
                                    const int32_t *column_sums, const float *scale, const float *bias,
                                    float *output, int output_stride);
#endif

#endif
