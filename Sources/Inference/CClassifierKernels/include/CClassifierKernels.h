#ifndef CCLASSIFIER_KERNELS_H
#define CCLASSIFIER_KERNELS_H

#include <stddef.h>

/// Kernels of the image classifier (EfficientNet-Lite0) that are not matrix products.

/// Floats of scratch `cc_depthwise_relu6` needs for a channel of this size.
size_t cc_depthwise_scratch_count(int out_height, int out_width, int kernel, int stride);

/// A depthwise k×k convolution of `channels` planes (CHW, `height`×`width` each) with stride 1 or 2 and the
/// zero padding `pad_top`/`pad_left` before (the rest after), then bias and ReLU6, into `channels` planes of
/// `out_height`×`out_width` (3×3 and 5×5 vectorised with AVX2 where the CPU has it). `filter` holds k×k weights per channel, row-major; `scratch` at least
/// `cc_depthwise_scratch_count` floats.
///
/// Every output is `bias`, then plus each tap's weight × input in row-major tap order, each a fused
/// multiply-add (one rounding), then clamped to [0, 6]: the same sums as one `saxpy` per tap over the output
/// (`portable` nonzero forces the plain C path; both give the same bits).
void cc_depthwise_relu6(const float *input, int channels, int height, int width, const float *filter,
                        const float *bias, int kernel, int stride, int pad_top, int pad_left, float *output,
                        int out_height, int out_width, float *scratch, int portable);

#endif
