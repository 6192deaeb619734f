// Elementwise kernels of the built-in text-line recogniser (Sources/Stages/Reading/LineRecognition):
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

#endif

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
