// Elementwise kernels of the built-in text-line recogniser (Sources/Inference/LineRecognition):
// the LSTM gate functions, written as plain loops the C compiler vectorises, with AVX-512 and AVX2 clones
// chosen at load time on CPUs that have them.
#ifndef POOL_LINE_KERNELS_H
#define POOL_LINE_KERNELS_H

/// values[i] = tanh(values[i]).
void line_tanh(float *values, int count);

/// values[i] = 1 / (1 + exp(-values[i])).
void line_logistic(float *values, int count);

/// One LSTM step for one sequence. `gates` holds 4 * cells sums: cell input, input gate, forget gate,
/// output gate. Updates `state` (clipped to +-state_limit) and writes the new output.
void line_lstm_cell(float *gates, float *state, float *output, int cells, float state_limit);

/// line_lstm_cell for `rows` sequences at once (the same floats): row r's gates at gates + r * 4 * cells, its state
/// and output at state + r * cells and output + r * cells. The three arrays must not overlap.
void line_lstm_cells(float *restrict gates, float *restrict state, float *restrict output, int rows, int cells,
                     float state_limit);

/// For every position of a height x width map of `depth` features: the sums of a dense layer over the
/// position's neighbourhood (2*half_x+1 by 2*half_y+1, x outermost, then y, then feature; zero outside the
/// map), `outputs` per position: output = bias + neighbourhood . weights. weights: one row of `outputs`
/// per neighbourhood value, depth*(2*half_x+1)*(2*half_y+1) rows.
void line_neighbourhood_dense(const float *input, int height, int width, int depth, int half_x, int half_y,
                              const float *weights, const float *bias, int outputs, float *output);

/// line_neighbourhood_dense followed by line_maxpool, without the full-size map in between: the largest
/// sums over factor_x by factor_y blocks. At most 1024 outputs (more writes nothing).
void line_neighbourhood_dense_maxpool(const float *input, int height, int width, int depth, int half_x,
                                      int half_y, const float *weights, const float *bias, int outputs,
                                      int factor_x, int factor_y, float *output);

/// The largest value of each feature over factor_x by factor_y blocks (the map shrinks by those factors,
/// rounding down).
void line_maxpool(const float *input, int height, int width, int depth, int factor_x, int factor_y,
                  float *output);

/// The map with x and y swapped: output is width x height x depth.
void line_transpose(const float *input, int height, int width, int depth, float *output);

#include <stdint.h>

/// One row of a gray image's square window sums (LineRecognition's WindowSums): adds the `entering` row of `width`
/// bytes to the running column sums and subtracts the `leaving` one (either may be NULL), writes the columns'
/// prefix sums to `prefix` (width + 1 values, from 0) and each pixel's window total (columns
/// max(0, x - radius) ..< min(width, x + radius + 1)) to `totals`. Wrapping unsigned arithmetic.
void line_window_sums_row(uint32_t *columns, const uint8_t *entering, const uint8_t *leaving, uint32_t *prefix,
                          uint32_t *totals, int width, int radius);

// 8-bit matrix multiply, as Tesseract's integer models compute: weights are the model's int8 values with a
// scale per output; inputs (all in -1...1) become round(x * 127), stored offset by 128 as unsigned bytes.
// Blocks: inputs come in rows of `padded_inputs` (a multiple of 4) bytes, rows padded to a multiple of 4;
// weights are packed for 64 outputs at a time.
#include <stdint.h>

/// The padded sizes: inputs to a multiple of 4, outputs to a multiple of 64, rows to a multiple of 4.
int line_s8_padded_inputs(int inputs);
int line_s8_padded_outputs(int outputs);
int line_s8_padded_rows(int rows);

/// Bytes of a packed weight matrix of `outputs` x `inputs` (the 8-bit layout and a 16-bit copy for the AVX2 path).
long line_s8_packed_size(int outputs, int inputs);

/// Packs weights (outputs rows of `inputs` int8 values, row stride `stride`) for line_s8_multiply.
void line_s8_pack(const int8_t *weights, int outputs, int inputs, int stride, int8_t *packed);

/// Quantises `rows` rows of `inputs` floats (row stride `stride`) into `out`: rows of padded_inputs bytes,
/// line_s8_padded_rows(rows) of them (padding is the zero value, 128).
void line_s8_quantize(const float *values, int rows, int inputs, int stride, uint8_t *out);

/// output[r][o] += scale[o] * (sum over i of (in[r][i] - 128) * weight[o][i]) for `rows` rows and `outputs`
/// outputs (row stride of output: `output_stride`); with `bias` (not NULL), output[r][o] = bias[o] + ... instead.
/// column_sums[o] is the sum of weight row o. `scale` and `column_sums` hold line_s8_padded_outputs(outputs)
/// values. Uses AVX-512 VNNI where the CPU has it, else AVX2 (16-bit pair products on the packed 16-bit copy of
/// the weights); every path gives the same integer sums, and the same floats.
void line_s8_multiply(const uint8_t *in, int rows, int inputs, const int8_t *packed, int outputs,
                      const int32_t *column_sums, const float *scale, const float *bias, float *output,
                      int output_stride);

/// line_s8_multiply's portable path, always (for CPUs without VNNI, and for tests that compare the two).
void line_s8_multiply_portable(const uint8_t *in, int rows, int inputs, const int8_t *packed, int outputs,
                               const int32_t *column_sums, const float *scale, const float *bias, float *output,
                               int output_stride);

/// For benchmarks: 1 sends line_s8_multiply's AVX2 case to the path it had before the 16-bit pair layout
/// (weights widened at every use), 0 (the default) back to the pair path. Same results either way.
void line_s8_use_widening_avx2(int on);

/// line_s8_multiply's paths, for tests and benchmarks that run one of them by name.
enum { LINE_S8_PORTABLE = 0, LINE_S8_AVX2_PAIRS = 1, LINE_S8_AVX2_WIDENING = 2, LINE_S8_VNNI = 3 };

/// Runs `path` (a LINE_S8_ value) with line_s8_multiply's arguments; 0 (and nothing written) when this CPU or
/// these sizes cannot take it, else 1.
int line_s8_multiply_path(int path, const uint8_t *in, int rows, int inputs, const int8_t *packed, int outputs,
                          const int32_t *column_sums, const float *scale, const float *bias, float *output,
                          int output_stride);

#endif
