// ReadLinearCodes: linear codes one ReadBarcodes call at a time (see LinearCodes.hpp for why).
#include "LinearCodes.hpp"

#include "BarRegion.hpp"

#include <ZXing/Quadrilateral.h>

#include <algorithm>
#include <cmath>

namespace pool {

namespace {

/// Reads found codes per pyramid layer at most this many times (a code found again counts too).
constexpr int kReadsPerLayer = 16;

/// The image at a `factor`-th of its size, each pixel the rounded mean of its block, as zxing-cpp's pyramid has it.
GrayPixels downscaled(const GrayPixels &image, int factor) {
    GrayPixels result{image.width / factor, image.height / factor, {}};
    result.pixels.resize(size_t(result.width) * result.height);
    for (int y = 0; y < result.height; ++y)
        for (int x = 0; x < result.width; ++x) {
            int sum = factor * factor / 2;
            for (int dy = 0; dy < factor; ++dy)
                for (int dx = 0; dx < factor; ++dx) sum += image.at(x * factor + dx, y * factor + dy);
            result.pixels[size_t(y) * result.width + x] = uint8_t(sum / (factor * factor));
        }
    return result;
}

/// The GS1 DataBar readers: the only 1-D readers that return a result already counting several lines (estimated
/// from the rows its pairs were seen on).
constexpr auto kDataBar = static_cast<uint32_t>(ZXing::BarcodeFormat::DataBar)
    | static_cast<uint32_t>(ZXing::BarcodeFormat::DataBarExpanded);

/// The hints of the reads that find the linear `formats` (zxing-cpp format bits): DataBar apart from the others.
///
/// Every read yields at most one code: with tryDownscale off, ReadBarcodes reads one layer, and with
/// maxNumberOfSymbols 1 the 1-D reader stops once one symbol has its minimum line count, drops the rest and skips the
/// turned pass when it has one; so ReadBarcodes' `Contains(results, r)` runs on an empty list. Inside the 1-D
/// reader, a new result is compared with the ones it holds (to merge rows) as the left operand: a fresh result of
/// one line for every reader but DataBar's, which may count more. So DataBar is read with a minimum line count of 1,
/// where its first result ends the read before anything is compared; the others keep zxing-cpp's default of 2 lines
/// (fewer false codes from a single row).
std::vector<ZXing::DecodeHints> readsFor(const ZXing::DecodeHints &hints, uint32_t formats, bool oneRead) {
    auto once = hints;
    once.setTryDownscale(false).setMaxNumberOfSymbols(1).setIsPure(false);
    formats &= static_cast<uint32_t>(ZXing::BarcodeFormat::LinearCodes);
    std::vector<ZXing::DecodeHints> reads;
    if (oneRead) {
        // The first row that decodes ends the read, whatever the format (see LinearCodes.hpp).
        if (formats != 0)
            reads.push_back(ZXing::DecodeHints(once).setFormats(static_cast<ZXing::BarcodeFormat>(formats)).setMinLineCount(1));
        return reads;
    }
    if (uint32_t others = formats & ~kDataBar; others != 0)
        reads.push_back(ZXing::DecodeHints(once).setFormats(static_cast<ZXing::BarcodeFormat>(others)));
    if (uint32_t dataBar = formats & kDataBar; dataBar != 0)
        reads.push_back(ZXing::DecodeHints(once).setFormats(static_cast<ZXing::BarcodeFormat>(dataBar)).setMinLineCount(1));
    return reads;
}

ZXing::PointI center(const ZXing::Position &position) {
    ZXing::PointI sum{0, 0};
    for (const auto &corner : position) sum += corner;
    return sum / 4;
}

/// Whether `result` is a code already in `found`, read again: the same format and payload, with its centre on that
/// code's bars (or next to them). Compared here because zxing-cpp's own comparison is what asserts.
bool readAgain(const ZXing::Results &found, const std::vector<BarRegion> &regions, const ZXing::Result &result) {
    auto middle = center(result.position());
    for (size_t index = 0; index < found.size(); ++index) {
        if (found[index].format() != result.format() || found[index].bytes() != result.bytes()) continue;
        if (regions[index].contains({double(middle.x), double(middle.y)}, 0.15 * regions[index].length)) return true;
    }
    return false;
}

/// Whether the bars of `region` reach far enough across its scan line to be a code's (see kMinimumBarHeight).
bool tallEnough(const BarRegion &region) {
    double height = std::hypot(region.bars[3].x - region.bars[0].x, region.bars[3].y - region.bars[0].y);
    return height >= std::max(4.0, kMinimumBarHeight * region.length);
}

} // namespace

ZXing::Results ReadLinearCodes(GrayPixels image, const ZXing::DecodeHints &hints, uint32_t formats, int maxSymbols,
                               bool oneRead) {
    ZXing::Results found;
    std::vector<BarRegion> regions; // in `image`'s pixels, one per found code
    const size_t limit = size_t(maxSymbols > 0 ? maxSymbols : 255);
    const int factor = std::max(2, int(hints.downscaleFactor()));
    const int threshold = hints.tryDownscale() ? int(hints.downscaleThreshold()) : 0;
    GrayPixels layer = std::move(image);
    int scale = 1;
    const auto quick = readsFor(hints, formats, oneRead), careful = readsFor(hints, formats, false);
    while (true) {
        // With oneRead, a first decoded row whose bars look too short (a steeply slanted code's do too, seen from
        // a scan line across them) sends the layer back to the careful reads, from the layer as it was.
        GrayPixels before = oneRead ? layer : GrayPixels{};
        const size_t foundBefore = found.size();
        bool rejected = false;
        for (const auto *reads : {&quick, &careful}) {
            if (reads == &careful && !(oneRead && rejected)) break;
            if (reads == &careful) {
                layer = std::move(before);
                found.resize(foundBefore, ZXing::Result());
                regions.resize(foundBefore);
            }
            for (const ZXing::DecodeHints &once : *reads) {
                for (int read = 0; read < kReadsPerLayer && found.size() < limit; ++read) {
                    ZXing::Results codes = ZXing::ReadBarcodes(layer.view(), once); // at most one, see readsFor
                    if (codes.empty()) break;
                    for (ZXing::Result &code : codes) {
                        BarRegion region = BarRegion::around(layer, code.position());
                        region.paint(layer);
                        if (reads == &quick && oneRead && !tallEnough(region)) {
                            rejected = true;
                            continue;
                        }
                        // Report the bars, not the rows zxing-cpp stopped at, in `image`'s pixels.
                        region = region.scaled(scale);
                        code.setPosition(region.position());
                        if (readAgain(found, regions, code)) continue;
                        found.push_back(std::move(code));
                        regions.push_back(region);
                    }
                }
            }
        }
        if (found.size() >= limit || threshold <= 0 || std::min(layer.width, layer.height) <= threshold) break;
        // The painted codes carry over into the smaller layer, so it only finds codes the larger ones missed.
        layer = downscaled(layer, factor);
        scale *= factor;
    }
    return found;
}

} // namespace pool
