// Imaging's 8-bit gray kernels: the gray resize the line recogniser reads text lines through (Swift: Imaging's
// GrayResampler), kept over libvips by the text-line benchmark in docs/imaging.md; and the RGB-to-gray luma bytes
// (Swift: Imaging's Luma.bytes, luma_bytes.c).
#ifndef POOL_GRAY_RESAMPLE_H
#define POOL_GRAY_RESAMPLE_H

#include <stddef.h>
#include <stdint.h>

/// The rectangle (left, top, width, height) of an 8-bit image (row stride `stride`) resampled to
/// out_width x out_height: box-averaged when it shrinks (neither side grows), bilinear (pixel centres aligned)
/// when it grows.
void gray_resample(const uint8_t *image, int stride, int left, int top, int width, int height, uint8_t *out,
                   int out_width, int out_height);

/// `gray[i] = (77 R + 150 G + 29 B + 128) >> 8` of the pixel `rgb[3i ..< 3i + 3]`, for `count` pixels: BT.601 luma
/// in integer weights, vectorised for the CPU it runs on (the same bytes on every CPU).
void luma_bytes(const uint8_t *rgb, uint8_t *gray, size_t count);

#endif
