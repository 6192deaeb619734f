// ReadMatrixCodes: ReadBarcodes' layers, binarised by HybridBits (see MatrixCodes.hpp).
#include "MatrixCodes.hpp"

#include "HybridBits.hpp"

#include <ZXing/Quadrilateral.h>
#include <ZXing/ZXAlgorithms.h>

#include <vector>

namespace pool {

ZXing::Results ReadMatrixCodes(const uint8_t *pixels, int width, int height, bool inverted, const ZXing::DecodeHints &hints) {
    const int threshold = hints.tryDownscale() ? int(hints.downscaleThreshold()) : 0;
    const std::vector<LumLayer> smaller = ShrunkLayers(pixels, width, height, threshold, int(hints.downscaleFactor()));
    ZXing::DecodeHints once = hints;
    once.setTryDownscale(false);
    ZXing::Results results;
    int maxSymbols = hints.maxNumberOfSymbols();
    std::vector<uint8_t> binary, turned;
    for (size_t index = 0; index <= smaller.size(); ++index) {
        const uint8_t *layer = index == 0 ? pixels : smaller[index - 1].pixels.data();
        const int layerWidth = index == 0 ? width : smaller[index - 1].width;
        const int layerHeight = index == 0 ? height : smaller[index - 1].height;
        const size_t count = size_t(layerWidth) * layerHeight;
        ZXing::ImageView view(layer, layerWidth, layerHeight, ZXing::ImageFormat::Lum);
        if (HybridApplies(layerWidth, layerHeight)) {
            binary.resize(count);
            BinarizeLikeHybrid(layer, layerWidth, layerHeight, inverted, binary.data());
            view = ZXing::ImageView(binary.data(), layerWidth, layerHeight, ZXing::ImageFormat::Lum);
            once.setBinarizer(ZXing::Binarizer::BoolCast);
        } else {
            // Too small for the hybrid binariser: zxing-cpp's own binarisation, of the turned-over levels if need be.
            if (inverted) {
                turned.assign(layer, layer + count);
                for (uint8_t &level : turned) level = uint8_t(255 - level);
                view = ZXing::ImageView(turned.data(), layerWidth, layerHeight, ZXing::ImageFormat::Lum);
            }
            once.setBinarizer(hints.binarizer());
        }
        once.setMaxNumberOfSymbols(uint8_t(maxSymbols));
        for (ZXing::Result &result : ZXing::ReadBarcodes(view, once)) {
            if (layerWidth != width) result.setPosition(ZXing::Scale(result.position(), width / layerWidth));
            if (!ZXing::Contains(results, result)) {
                results.push_back(std::move(result));
                --maxSymbols;
            }
        }
        if (maxSymbols <= 0) break;
    }
    return results;
}

} // namespace pool
