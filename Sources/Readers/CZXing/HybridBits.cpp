// The pyramid and the hybrid binarisation of HybridBits.hpp: the fast path and its plain reference.
#include "HybridBits.hpp"
#include "ColumnBand.hpp"

#include <algorithm>

namespace pool {

namespace {

constexpr int kBlock = 8;         // HybridBinarizer's BLOCK_SIZE,
constexpr int kMinimumRange = 24; // MIN_DYNAMIC_RANGE,
constexpr int kMinimumSide = 40;  // MINIMUM_DIMENSION (5 blocks).

/// A block's statistics as the binariser sees them (turned over with `inverted`): sum, minimum, maximum.
struct BlockStats {
    int sum;
    int low;
    int high;
};

/// The black point of a block from its statistics and those already computed to its left and above (zxing-cpp's
/// CalculateBlackPoints, one block).
inline int blackPoint(const BlockStats &stats, const int *points, int across, int bx, int by) {
    if (stats.high - stats.low > kMinimumRange) return stats.sum / (kBlock * kBlock);
    int average = stats.low / 2;
    if (by > 0 && bx > 0) {
        const int *above = points + (by - 1) * across, *here = points + by * across;
        const int neighbours = (above[bx] + 2 * here[bx - 1] + above[bx - 1]) / 4;
        if (stats.low < neighbours) average = neighbours;
    }
    return average;
}

/// The threshold of block (bx, by): the mean of the black points of the 5 x 5 blocks around it, the window kept
/// inside the grid (zxing-cpp's CalculateMatrix, one block).
inline int threshold(const int *points, int across, int down, int bx, int by) {
    const int left = std::clamp(bx, 2, across - 3), top = std::clamp(by, 2, down - 3);
    int sum = 0;
    for (int dy = -2; dy <= 2; ++dy)
        for (int dx = -2; dx <= 2; ++dx) sum += points[(top + dy) * across + left + dx];
    return sum / 25;
}

} // namespace

void Shrink(const uint8_t *pixels, int width, int height, int factor, uint8_t *out) {
    const int outWidth = width / factor, outHeight = height / factor;
    const int used = outWidth * factor, half = factor * factor / 2, area = factor * factor;
    std::vector<uint16_t> columns(static_cast<size_t>(used));
    for (int y = 0; y < outHeight; ++y) {
        // Each column's sum over the block's rows (a loop the compiler vectorises), then each block's.
        std::fill(columns.begin(), columns.end(), uint16_t(0));
        for (int dy = 0; dy < factor; ++dy) {
            const uint8_t *row = pixels + size_t(y * factor + dy) * width;
            for (int x = 0; x < used; ++x) columns[x] = uint16_t(columns[x] + row[x]);
        }
        uint8_t *line = out + size_t(y) * outWidth;
        if (factor == 3) {
            for (int x = 0; x < outWidth; ++x)
                line[x] = uint8_t((columns[3 * x] + columns[3 * x + 1] + columns[3 * x + 2] + 4) / 9);
        } else {
            for (int x = 0; x < outWidth; ++x) {
                int sum = half;
                for (int dx = 0; dx < factor; ++dx) sum += columns[x * factor + dx];
                line[x] = uint8_t(sum / area);
            }
        }
    }
}

std::vector<LumLayer> ShrunkLayers(const uint8_t *pixels, int width, int height, int threshold, int factor) {
    std::vector<LumLayer> layers;
    if (factor < 2) return layers;
    const uint8_t *source = pixels;
    int sourceWidth = width, sourceHeight = height;
    while (threshold > 0 && std::min(sourceWidth, sourceHeight) > threshold) {
        LumLayer layer{sourceWidth / factor, sourceHeight / factor, {}};
        layer.pixels.resize(size_t(layer.width) * layer.height);
        Shrink(source, sourceWidth, sourceHeight, factor, layer.pixels.data());
        layers.push_back(std::move(layer));
        source = layers.back().pixels.data();
        sourceWidth = layers.back().width;
        sourceHeight = layers.back().height;
    }
    return layers;
}

bool HybridApplies(int width, int height) { return width >= kMinimumSide && height >= kMinimumSide; }

void BinarizeLikeHybrid(const uint8_t *pixels, int width, int height, bool inverted, uint8_t *out) {
    const int across = (width + kBlock - 1) / kBlock, down = (height + kBlock - 1) / kBlock;
    std::vector<int> points(size_t(across) * down);
    // Each column's minimum, maximum and sum over a block row's 8 rows (loops the compiler vectorises), then each
    // block's. The last block row and column start 8 px before the image's edge, as zxing-cpp places them.
    std::vector<uint8_t> low(width), high(width);
    std::vector<uint16_t> sums(width);
    for (int by = 0; by < down; ++by) {
        const int y0 = std::min(by * kBlock, height - kBlock);
        ColumnBand(pixels + size_t(y0) * width, width, kBlock, low.data(), high.data(), sums.data());
        for (int bx = 0; bx < across; ++bx) {
            const int x0 = std::min(bx * kBlock, width - kBlock);
            BlockStats stats{0, 255, 0};
            for (int x = x0; x < x0 + kBlock; ++x) {
                stats.sum += sums[x];
                stats.low = std::min(stats.low, int(low[x]));
                stats.high = std::max(stats.high, int(high[x]));
            }
            // Turned over, a pixel is 255 - v: the sum mirrors, and the minimum and maximum swap.
            if (inverted) stats = {kBlock * kBlock * 255 - stats.sum, 255 - stats.high, 255 - stats.low};
            points[size_t(by) * across + bx] = blackPoint(stats, points.data(), across, bx, by);
        }
    }
    // Each pixel takes the threshold of the last block (in zxing-cpp's order) that covers it: its own, or the moved-in
    // last block of its row or column. Dark: v <= t, or turned over 255 - v <= t, that is v >= 255 - t.
    std::vector<uint8_t> limit(width);
    for (int by = 0; by < down; ++by) {
        for (int bx = 0; bx < across; ++bx) {
            const int t = threshold(points.data(), across, down, bx, by);
            const uint8_t value = uint8_t(inverted ? 255 - t : t);
            const int x0 = bx == across - 1 ? width - kBlock : bx * kBlock;
            for (int x = x0; x < std::min(width, x0 + kBlock); ++x) limit[x] = value;
        }
        const int y0 = by == down - 1 ? height - kBlock : by * kBlock;
        const int y1 = by == down - 1 ? height : std::min(height - kBlock, y0 + kBlock);
        for (int y = y0; y < y1; ++y) {
            const uint8_t *row = pixels + size_t(y) * width;
            uint8_t *dark = out + size_t(y) * width;
            if (inverted) {
                for (int x = 0; x < width; ++x) dark[x] = row[x] >= limit[x] ? 0 : 255;
            } else {
                for (int x = 0; x < width; ++x) dark[x] = row[x] <= limit[x] ? 0 : 255;
            }
        }
    }
}

void BinarizeLikeHybridReference(const uint8_t *pixels, int width, int height, bool inverted, uint8_t *out) {
    auto level = [&](int x, int y) { return inverted ? 255 - pixels[size_t(y) * width + x] : pixels[size_t(y) * width + x]; };
    const int across = (width + kBlock - 1) / kBlock, down = (height + kBlock - 1) / kBlock;
    std::vector<int> points(size_t(across) * down);
    for (int by = 0; by < down; ++by) {
        const int y0 = std::min(by * kBlock, height - kBlock);
        for (int bx = 0; bx < across; ++bx) {
            const int x0 = std::min(bx * kBlock, width - kBlock);
            int sum = 0, low = 255, high = 0;
            for (int yy = 0; yy < kBlock; ++yy) {
                for (int xx = 0; xx < kBlock; ++xx) {
                    const int v = level(x0 + xx, y0 + yy);
                    sum += v;
                    low = std::min(low, v);
                    high = std::max(high, v);
                }
                // zxing-cpp stops tracking the range once it is wide enough; only the sum is needed then.
                if (high - low > kMinimumRange) {
                    for (++yy; yy < kBlock; ++yy)
                        for (int xx = 0; xx < kBlock; ++xx) sum += level(x0 + xx, y0 + yy);
                }
            }
            points[size_t(by) * across + bx] = blackPoint({sum, low, high}, points.data(), across, bx, by);
        }
    }
    for (int by = 0; by < down; ++by) {
        const int y0 = std::min(by * kBlock, height - kBlock);
        for (int bx = 0; bx < across; ++bx) {
            const int x0 = std::min(bx * kBlock, width - kBlock);
            const int t = threshold(points.data(), across, down, bx, by);
            for (int y = y0; y < y0 + kBlock; ++y)
                for (int x = x0; x < x0 + kBlock; ++x) out[size_t(y) * width + x] = level(x, y) <= t ? 0 : 255;
        }
    }
}

} // namespace pool
