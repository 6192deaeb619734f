// Reading matrix codes (QR, Micro QR, DataMatrix, Aztec, PDF417, MaxiCode) as zxing-cpp 1.4's ReadBarcodes reads
// them, with the pyramid and the binarisation made by HybridBits (the same bits, a fraction of the CPU).
//
// ReadBarcodes builds its pyramid and binarises each layer with its hybrid binariser, then runs its readers on the
// layer's bit matrix, scales what a smaller layer finds to the image's pixels and drops a result equal to one already
// found (Result::operator==, which for matrix codes is safe to call). ReadMatrixCodes does the same layer by layer:
// each layer binarised by BinarizeLikeHybrid and handed to ReadBarcodes (one layer, tryDownscale off) as levels 0 and
// 255 with the BoolCast binariser, which makes exactly the bit matrix the hybrid binariser would have made; the
// results merged as ReadBarcodes merges them. Layers under 40 px a side (zxing-cpp binarises those with its global
// histogram) are read the ordinary way.
#ifndef POOL_CZXING_MATRIX_CODES_HPP
#define POOL_CZXING_MATRIX_CODES_HPP

#ifndef ZX_USE_UTF8
#define ZX_USE_UTF8 1 // as in CZXing.cpp: Result::text() is UTF-8 in every file of the shim
#endif
#include <ZXing/ReadBarcode.h>

#include <cstdint>

namespace pool {

/// The matrix codes ReadBarcodes(`pixels`, `hints`) finds in the 8-bit gray image (`width` x `height`, rows without
/// padding), or with `inverted` in the image with every level turned over, without making that image. `hints`
/// gives the formats, tryHarder, tryRotate, tryDownscale (with its threshold and factor) and the most symbols; its
/// binarizer must be the default (LocalAverage). May throw what zxing-cpp throws.
ZXing::Results ReadMatrixCodes(const uint8_t *pixels, int width, int height, bool inverted, const ZXing::DecodeHints &hints);

} // namespace pool

#endif
