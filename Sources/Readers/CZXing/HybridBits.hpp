// zxing-cpp 1.4's pyramid and hybrid binarisation, the same bits, made once and fast.
//
// ReadBarcodes (zxing-cpp 1.4) reads matrix codes by shrinking the image into a pyramid (each layer a third of the
// one above, each pixel the rounded mean of its 3 x 3 block, while the short side is over 500 px) and binarising
// each layer with its HybridBinarizer: per 8 x 8 block (the last row and column of blocks moved in to end at the
// image's edge) a black point, the block's mean, or for a flat block (range of 24 or less) half its minimum, raised
// to its neighbours' black points (above, left twice, above left, over 4) when its minimum is under those; a pixel is
// dark when it is at or under the mean of the black points of the 5 x 5 blocks around its block (clamped to the
// image). On the 1600 px captures of /tmp/mixed99 the pyramid and the binarisation were 60% of the matrix reading's
// CPU (benchmarks/README.md): both are scalar loops in Debian's build, per pixel through ImageView's accessors.
//
// These functions compute the same layers and the same dark pixels with loops the compiler vectorises; MatrixCodes
// hands each binarised layer to zxing-cpp with its BoolCast binarizer (dark where the level is 0), so its readers
// see the bit matrix they would have made themselves. The inverted image (light codes) is binarised from the same
// layer without turning it over first: its blocks' sums, minima and maxima are the plain ones mirrored.
#ifndef POOL_CZXING_HYBRID_BITS_HPP
#define POOL_CZXING_HYBRID_BITS_HPP

#include <cstdint>
#include <vector>

namespace pool {

/// One layer of the pyramid: `width` x `height` gray pixels, rows without padding.
struct LumLayer {
    int width = 0;
    int height = 0;
    std::vector<uint8_t> pixels;
};

/// `pixels` (`width` x `height`) shrunk to a `factor`-th (rounded down) into `out`: each pixel (sum of its factor x
/// factor block + factor² / 2) / factor², as zxing-cpp 1.4's LumImagePyramid makes a layer.
void Shrink(const uint8_t *pixels, int width, int height, int factor, uint8_t *out);

/// The layers zxing-cpp 1.4's LumImagePyramid adds below an image of `width` x `height` (the image itself is not
/// copied): a `factor`-th of the size, each pixel (sum of its factor x factor block + factor² / 2) / factor²,
/// while the short side of the last layer is over `threshold` (0: none).
std::vector<LumLayer> ShrunkLayers(const uint8_t *pixels, int width, int height, int threshold, int factor);

/// Whether `BinarizeLikeHybrid` applies: zxing-cpp binarises images under 40 px a side with its global histogram.
bool HybridApplies(int width, int height);

/// Writes to `out` (`width` x `height`) 0 where zxing-cpp 1.4's HybridBinarizer makes a pixel of `pixels` dark and
/// 255 where it makes it light; with `inverted`, as it binarises the image with every level turned over (255 - v).
/// Needs `HybridApplies(width, height)`.
void BinarizeLikeHybrid(const uint8_t *pixels, int width, int height, bool inverted, uint8_t *out);

/// The same, one pixel and one block at a time, the way zxing-cpp's source reads: the reference the tests hold the
/// fast path to. Slow.
void BinarizeLikeHybridReference(const uint8_t *pixels, int width, int height, bool inverted, uint8_t *out);

} // namespace pool

#endif
