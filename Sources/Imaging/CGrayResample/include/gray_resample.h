// The 8-bit gray resize the line recogniser reads text lines through (Swift: Imaging's GrayResampler), kept over
// libvips by the text-line benchmark in docs/imaging.md.
#ifndef POOL_GRAY_RESAMPLE_H
#define POOL_GRAY_RESAMPLE_H

#include <stdint.h>

/// The rectangle (left, top, width, height) of an 8-bit image (row stride `stride`) resampled to
/// out_width x out_height: box-averaged when it shrinks (neither side grows), bilinear (pixel centres aligned)
/// when it grows.
void gray_resample(const uint8_t *image, int stride, int left, int top, int width, int height, uint8_t *out,
                   int out_width, int out_height);

#endif
