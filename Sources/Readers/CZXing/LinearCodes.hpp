// Reading linear (1-D) codes with zxing-cpp 1.4 without ever reaching its asserting comparison.
//
// Debian's zxing-cpp 1.4 is built with assertions, and `Result::operator==` asserts `lineCount() == 1` on its left
// operand for linear symbologies. `ReadBarcodes` calls it (through `Contains(results, r)`) on every result against
// the ones it already holds: the left operand is an earlier result, which for a 1-D code is usually merged from many
// scan rows. So two linear results with the same format and payload in one `ReadBarcodes` call abort the process:
// the same code found again in a downscaled pyramid layer (`tryDownscale`, images over 500 px), two identical codes
// on one screen, or one code split into two row groups. The 1-D reader's own row merge calls it too, with a new
// result on the left: one line for every reader but GS1 DataBar's, whose results come with a line count estimated
// from several rows, so two DataBar results of one code abort there as well.
//
// ReadLinearCodes therefore never lets one `ReadBarcodes` call meet two linear results: each call has `tryDownscale`
// off (one pyramid layer) and `maxNumberOfSymbols` 1 (the 1-D reader stops at its first symbol and skips the turned
// pass once it has one), so `Contains` only ever runs on an empty list; DataBar is read apart with a minimum line
// count of 1, so its first result ends the read before the row merge compares anything. Several codes are found by
// painting each one found over with its quiet-zone colour and reading again; the pyramid is built here, the same way
// zxing-cpp builds it (a third of the size while the short side is over 500 px).
#ifndef POOL_CZXING_LINEAR_CODES_HPP
#define POOL_CZXING_LINEAR_CODES_HPP

#ifndef ZX_USE_UTF8
#define ZX_USE_UTF8 1 // as in CZXing.cpp: Result::text() is UTF-8 in every file of the shim
#endif
#include <ZXing/ReadBarcode.h>

#include <cstdint>
#include <vector>

namespace pool {

/// An 8-bit gray image that owns its pixels.
struct GrayPixels {
    int width = 0;
    int height = 0;
    std::vector<uint8_t> pixels;

    uint8_t at(int x, int y) const { return pixels[static_cast<size_t>(y) * width + x]; }
    ZXing::ImageView view() const { return {pixels.data(), width, height, ZXing::ImageFormat::Lum}; }
};

/// Every code of the linear `formats` (zxing-cpp format bits; others are ignored) in `image`, at most `maxSymbols`,
/// with positions in `image`'s pixels. Uses `hints`' tryHarder, tryRotate and tryDownscale (and its downscale
/// threshold and factor), not its formats; may throw what zxing-cpp throws.
///
/// With `oneRead`, every linear format is looked for in one read per layer (DataBar with the others), each read
/// ending at the first row that decodes (a minimum line count of 1, so nothing is ever compared), and a code is
/// kept only when its bars reach at least `kMinimumBarHeight` of its length across the scan line (`BarRegion`):
/// that check replaces zxing-cpp's second decoded row. When a decoded row fails the check (a row of text, or a
/// code slanted so steeply that its bars do not run across the scan line), that layer is read again the careful
/// way, from the layer as it was. Without `oneRead`, DataBar is read apart from the others and the others need two
/// decoded rows (zxing-cpp's default), as before.
ZXing::Results ReadLinearCodes(GrayPixels image, const ZXing::DecodeHints &hints, uint32_t formats, int maxSymbols,
                               bool oneRead = false);

/// With `oneRead`, the shortest bars kept, as a share of the decoded scan line's length (and at least 4 pixels).
constexpr double kMinimumBarHeight = 0.05;

} // namespace pool

#endif
