// The C interface of CZXing.h over zxing-cpp's ReadBarcodes (matrix codes) and pool::ReadLinearCodes (linear codes).
#define ZX_USE_UTF8 1
#include "CZXing.h"
#include "HybridBits.hpp"
#include "LinearCodes.hpp"
#include "MatrixCodes.hpp"
#include "Pdf417Evidence.hpp"

#include <ZXing/ReadBarcode.h>
#include <ZXing/ZXVersion.h>

#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>

namespace {

char *copyString(const std::string &text) {
    char *copy = static_cast<char *>(std::malloc(text.size() + 1));
    if (copy) std::memcpy(copy, text.c_str(), text.size() + 1);
    return copy;
}

bool isText(ZXing::ContentType type) {
    return type == ZXing::ContentType::Text || type == ZXing::ContentType::GS1
        || type == ZXing::ContentType::ISO15434;
}

/// Copies what the caller needs of `result` into `code`.
void describe(const ZXing::Result &result, PoolZXCode &code) {
    std::strncpy(code.format, ZXing::ToString(result.format()), sizeof(code.format) - 1);
    const ZXing::ByteArray &bytes = result.bytes();
    code.byte_count = bytes.size();
    code.bytes = static_cast<uint8_t *>(std::malloc(bytes.size() ? bytes.size() : 1));
    if (code.bytes && !bytes.empty()) std::memcpy(code.bytes, bytes.data(), bytes.size());
    if (isText(result.contentType())) code.text = copyString(result.text());
    const ZXing::Position &position = result.position();
    for (int corner = 0; corner < 4; ++corner) {
        code.corner_x[corner] = position[corner].x;
        code.corner_y[corner] = position[corner].y;
    }
}

/// The image as gray levels, the way zxing-cpp turns RGB into luminance (gray ones turned over with `inverted`).
pool::GrayPixels grayCopy(const uint8_t *pixels, int width, int height, int channels, bool inverted) {
    pool::GrayPixels gray{width, height, {}};
    const size_t count = size_t(width) * height;
    if (channels == 1) {
        gray.pixels.assign(pixels, pixels + count);
        if (inverted)
            for (uint8_t &level : gray.pixels) level = uint8_t(~level);
    } else {
        gray.pixels.resize(count);
        for (size_t index = 0; index < count; ++index)
            gray.pixels[index] = ZXing::RGBToLum(pixels[3 * index], pixels[3 * index + 1], pixels[3 * index + 2]);
    }
    return gray;
}

} // namespace

// Matrix codes (QR, Micro QR, Aztec, DataMatrix, PDF417, MaxiCode) are read by pool::ReadMatrixCodes (one ReadBarcodes
// call per pyramid layer, on our binarisation) or, for RGB, one ReadBarcodes call: comparing two of them is safe. Linear codes never go through a ReadBarcodes call that could return two of them, because zxing-cpp
// 1.4's comparison of two linear results asserts (see LinearCodes.hpp); pool::ReadLinearCodes reads them instead.
extern "C" int pool_zx_read(const uint8_t *pixels, int width, int height, int channels,
                            const PoolZXOptions *options, PoolZXResults *out) {
    *out = PoolZXResults{nullptr, 0, nullptr};
    if (!pixels || width <= 0 || height <= 0 || (channels != 1 && channels != 3)) {
        out->error = copyString("invalid image buffer");
        return -1;
    }
    const bool inverted = options && options->inverted != 0;
    if (inverted && channels != 1) {
        out->error = copyString("an inverted read needs a gray image (1 channel)");
        return -1;
    }
    try {
        const auto any = static_cast<uint32_t>(ZXing::BarcodeFormat::Any);
        const uint32_t formats = options && options->formats != 0 ? options->formats & any : any;
        const uint32_t matrix = formats & static_cast<uint32_t>(ZXing::BarcodeFormat::MatrixCodes);
        const uint32_t linear = formats & static_cast<uint32_t>(ZXing::BarcodeFormat::LinearCodes);
        int maxSymbols = options && options->max_symbols > 0 && options->max_symbols < 256 ? options->max_symbols : 255;

        ZXing::DecodeHints hints;
        if (options) {
            hints.setTryHarder(options->try_harder != 0);
            hints.setTryRotate(options->try_rotate != 0);
            hints.setTryDownscale(options->try_downscale != 0);
        }
        ZXing::Results results;
        if (matrix != 0) {
            hints.setFormats(static_cast<ZXing::BarcodeFormat>(matrix));
            hints.setMaxNumberOfSymbols(static_cast<uint8_t>(maxSymbols));
            // Gray images: the same codes as ReadBarcodes, from our pyramid and binarisation (MatrixCodes.hpp).
            ZXing::Results matrixCodes;
            if (channels == 1 && !(options && options->zxing_layers != 0)) {
                matrixCodes = pool::ReadMatrixCodes(pixels, width, height, inverted, hints);
            } else if (inverted) {
                const pool::GrayPixels turned = grayCopy(pixels, width, height, channels, true);
                matrixCodes = ZXing::ReadBarcodes(turned.view(), hints);
            } else {
                matrixCodes = ZXing::ReadBarcodes(ZXing::ImageView(pixels, width, height, channels == 1
                    ? ZXing::ImageFormat::Lum : ZXing::ImageFormat::RGB), hints);
            }
            for (ZXing::Result &result : matrixCodes)
                if (result.isValid()) results.push_back(std::move(result));
        }
        maxSymbols -= int(results.size());
        if (linear != 0 && maxSymbols > 0) {
            const bool oneRead = options && options->linear_one_read != 0;
            ZXing::DecodeHints linearHints = hints;
            if (options && options->linear_skip_downscale != 0) linearHints.setTryDownscale(false);
            pool::GrayPixels gray = grayCopy(pixels, width, height, channels, inverted);
            for (ZXing::Result &result : pool::ReadLinearCodes(std::move(gray), linearHints, linear, maxSymbols, oneRead))
                if (result.isValid()) results.push_back(std::move(result));
        }
        if (results.empty()) return 0;
        out->codes = static_cast<PoolZXCode *>(std::calloc(results.size(), sizeof(PoolZXCode)));
        if (!out->codes) {
            out->error = copyString("out of memory");
            return -1;
        }
        for (const ZXing::Result &result : results) describe(result, out->codes[out->count++]);
        return 0;
    } catch (const std::exception &error) {
        pool_zx_free(out);
        out->error = copyString(std::string("zxing-cpp: ") + error.what());
        return -1;
    } catch (...) {
        pool_zx_free(out);
        out->error = copyString("zxing-cpp: unknown exception");
        return -1;
    }
}

extern "C" void pool_zx_free(PoolZXResults *results) {
    if (!results) return;
    for (size_t index = 0; index < results->count; ++index) {
        std::free(results->codes[index].bytes);
        std::free(results->codes[index].text);
    }
    std::free(results->codes);
    std::free(results->error);
    *results = PoolZXResults{nullptr, 0, nullptr};
}

extern "C" void pool_zx_pdf417_evidence(const uint8_t *gray, int width, int height, PoolZXPdf417Evidence *out) {
    const pool::Pdf417Evidence evidence = pool::FindPdf417Evidence(gray, width, height);
    *out = PoolZXPdf417Evidence{evidence.dark ? 1 : 0, evidence.light ? 1 : 0};
}

extern "C" int pool_zx_binarize(const uint8_t *gray, int width, int height, int inverted, int reference, uint8_t *out) {
    if (!gray || !out || !pool::HybridApplies(width, height)) return -1;
    (reference ? pool::BinarizeLikeHybridReference : pool::BinarizeLikeHybrid)(gray, width, height, inverted != 0, out);
    return 0;
}

extern "C" void pool_zx_shrink(const uint8_t *gray, int width, int height, int factor, uint8_t *out) {
    if (gray && out && width > 0 && height > 0 && factor >= 2) pool::Shrink(gray, width, height, factor, out);
}

#define POOL_ZX_STRINGIFY(x) #x
#define POOL_ZX_VERSION(a, b, c) POOL_ZX_STRINGIFY(a) "." POOL_ZX_STRINGIFY(b) "." POOL_ZX_STRINGIFY(c)

extern "C" const char *pool_zx_version(void) {
    return POOL_ZX_VERSION(ZXING_VERSION_MAJOR, ZXING_VERSION_MINOR, ZXING_VERSION_PATCH);
}
