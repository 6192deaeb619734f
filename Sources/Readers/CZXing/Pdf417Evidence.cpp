// The evidence of Pdf417Evidence.hpp: each layer binarised, rows and columns turned into runs, the runs matched against PDF417's start and stop patterns in both polarities, and matches chained down
// the sampled lines.
#include "Pdf417Evidence.hpp"
#include "ColumnBand.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <utility>

namespace pool {

namespace {

constexpr int kBlock = 8;              // zxing-cpp's hybrid binariser: 8 px blocks,
constexpr int kNeighbours = 2;         // thresholds averaged over 5 x 5 blocks,
constexpr int kMinimumRange = 24;      // blocks of this range or less are flat.
constexpr int kLineStep = 2;           // every second row and column
constexpr int kChainSpan = 8;          // a pattern on sampled lines spanning this many px (zxing-cpp: 10 rows)
constexpr int kChainGap = 2;           // on every sampled line of the span (zxing-cpp allows gaps of 25 rows)
constexpr int kChainDrift = 8;         // each within this many px of the one before (zxing-cpp: under 5)
constexpr int kPyramidThreshold = 500; // zxing-cpp's downscale threshold and factor (DecodeHints' defaults)
constexpr int kPyramidFactor = 3;

constexpr int kStart[8] = {8, 1, 1, 1, 1, 1, 1, 3};
constexpr int kStop[9] = {7, 1, 1, 3, 1, 1, 1, 2, 1};
constexpr int kStartReversed[8] = {3, 1, 1, 1, 1, 1, 1, 8};
constexpr int kStopReversed[9] = {1, 2, 1, 1, 1, 3, 1, 1, 7};

/// Whether the N runs from `lengths` (`total` px together) fit `pattern` (`modules` in all) a little more loosely than
/// zxing-cpp's PatternMatchVariance: each run within 0.8 modules + 0.75 px of its width (zxing-cpp: 0.8 modules), and
/// within 0.5 modules on average (zxing-cpp: 0.42). In integers: with module = total / modules, |run - width *
/// module| <= 0.8 module + 0.75 is 20 |modules * run - width * total| <= 16 total + 15 modules.
template <size_t N>
inline bool fits(const int *lengths, int total, const int (&pattern)[N], int modules) {
    if (total < modules) return false;
    const int limit = 16 * total + 15 * modules;
    int sum = 0;
    for (size_t index = 0; index < N; ++index) {
        const int variance = std::abs(modules * lengths[index] - pattern[index] * total);
        if (20 * variance > limit) return false;
        sum += variance;
    }
    return 2 * sum <= total * modules;
}

/// Whether a start or stop pattern (either way round) begins at run `k` of `lengths` (`count` runs; `ends[i]` is
/// the sum of the runs before run i + 1).
///
/// Each pattern has a wide bar (8 or 7 modules) next to a 1-module space, and within the tolerance of `fits` the bar
/// is then at least 4 (3) times that space less 4 (3) px: a test of two runs that passes every run `fits` passes and
/// turns down most runs of a photo before any arithmetic.
bool patternAt(const int *lengths, const int *ends, size_t count, size_t k) {
    const int *at = lengths + k;
    const int before = k ? ends[k - 1] : 0;
    if (k + 8 <= count) {
        const int total = ends[k + 7] - before;
        if (4 * at[1] <= at[0] + 4 && fits<8>(at, total, kStart, 17)) return true;
        if (4 * at[6] <= at[7] + 4 && fits<8>(at, total, kStartReversed, 17)) return true;
    }
    if (k + 9 <= count) {
        const int total = ends[k + 8] - before;
        if (3 * at[1] <= at[0] + 3 && fits<9>(at, total, kStop, 18)) return true;
        if (3 * at[7] <= at[8] + 3 && fits<9>(at, total, kStopReversed, 18)) return true;
    }
    return false;
}

/// A pattern seen on a sampled line: where it starts, on which line, and the first line of its chain.
struct Seen {
    int x;
    int line;
    int chainStart;
};

/// Scans every second row of `image`; sets `evidence` as chains of patterns are found. Returns early once both
/// polarities have evidence.
void scanRows(const BinaryImage &image, Pdf417Evidence &evidence) {
    std::vector<int> lengths, starts, ends;
    std::vector<Seen> seen[2], kept[2]; // [1]: dark first bar
    lengths.reserve(image.width);
    starts.reserve(image.width);
    for (int y = 0; y < image.height; y += kLineStep) {
        const uint8_t *row = &image.dark[size_t(y) * image.width];
        lengths.clear();
        starts.clear();
        // Transitions 8 pixels at a time: the bytes of a word that differ from the word one pixel back.
        int start = 0, x = 1;
        for (; x + 8 <= image.width; x += 8) {
            uint64_t here, back;
            std::memcpy(&here, row + x, 8);
            std::memcpy(&back, row + x - 1, 8);
            for (uint64_t changed = here ^ back; changed; changed &= changed - 1) {
                const int at = x + __builtin_ctzll(changed) / 8;
                starts.push_back(start);
                lengths.push_back(at - start);
                start = at;
            }
        }
        for (; x < image.width; ++x)
            if (row[x] != row[x - 1]) {
                starts.push_back(start);
                lengths.push_back(x - start);
                start = x;
            }
        starts.push_back(start);
        lengths.push_back(image.width - start);
        // Patterns further back than a chain may reach are forgotten.
        for (auto &list : seen)
            list.erase(std::remove_if(list.begin(), list.end(), [&](const Seen &s) { return y - s.line > kChainGap; }),
                       list.end());
        const size_t count = lengths.size();
        if (count < 8) continue;
        ends.resize(count);
        for (size_t index = 0; index < count; ++index) ends[index] = starts[index] + lengths[index];
        for (size_t k = 0; k + 8 <= count; ++k) {
            if (!patternAt(lengths.data(), ends.data(), count, k)) continue;
            const bool dark = row[starts[k]] != 0;
            if (dark ? evidence.dark : evidence.light) continue;
            int chainStart = y;
            for (const Seen &before : seen[dark])
                if (before.line < y && std::abs(before.x - starts[k]) <= kChainDrift)
                    chainStart = std::min(chainStart, before.chainStart);
            if (y - chainStart >= kChainSpan) (dark ? evidence.dark : evidence.light) = true;
            kept[dark].push_back({starts[k], y, chainStart});
        }
        for (int polarity = 0; polarity < 2; ++polarity) {
            seen[polarity].insert(seen[polarity].end(), kept[polarity].begin(), kept[polarity].end());
            kept[polarity].clear();
        }
        if (evidence.dark && evidence.light) return;
    }
}

/// A pattern found along a column: the column (in px), where the pattern starts down it, and its first bar's colour.
struct Match {
    int line;
    int at;
    bool dark;
};

/// Whether the last 8 (start) or 9 (stop) runs of a column, oldest first, hold a pattern; the oldest of the last 9 is
/// `lengths[0]`.
int windowPattern(const int *lengths, int count) {
    if (count >= 8) {
        const int *at = lengths + 1;
        int total = 0;
        for (int index = 0; index < 8; ++index) total += at[index];
        if ((4 * at[1] <= at[0] + 4 && fits<8>(at, total, kStart, 17))
            || (4 * at[6] <= at[7] + 4 && fits<8>(at, total, kStartReversed, 17)))
            return 1;
    }
    if (count >= 9) {
        int total = 0;
        for (int index = 0; index < 9; ++index) total += lengths[index];
        if ((3 * lengths[1] <= lengths[0] + 3 && fits<9>(lengths, total, kStop, 18))
            || (3 * lengths[7] <= lengths[8] + 3 && fits<9>(lengths, total, kStopReversed, 18)))
            return 0;
    }
    return -1;
}

/// The patterns along every second column of `image`, found in one pass down its rows (no turned copy): each column
/// keeps its last 9 runs, and a run that ends is tested with the 7 or 8 before it. Chained as `scanRows` chains
/// patterns along rows.
void scanColumns(const BinaryImage &image, Pdf417Evidence &evidence) {
    static_assert(kLineStep == 2, "the word mask below keeps every second byte");
    const int width = image.width, height = image.height;
    const int columns = (width + kLineStep - 1) / kLineStep;
    struct Column {
        int start = 0;
        int count = 0;
        int lengths[9] = {};
        int starts[9] = {};
        uint8_t colours[9] = {};
    };
    std::vector<Column> state(columns);
    std::vector<Match> matches;
    auto close = [&](int x, int y) {
        Column &column = state[x / kLineStep];
        std::memmove(column.lengths, column.lengths + 1, 8 * sizeof(int));
        std::memmove(column.starts, column.starts + 1, 8 * sizeof(int));
        std::memmove(column.colours, column.colours + 1, 8);
        column.lengths[8] = y - column.start;
        column.starts[8] = column.start;
        column.colours[8] = image.dark[size_t(y - 1) * width + x];
        column.start = y;
        column.count = std::min(column.count + 1, 9);
        const int first = windowPattern(column.lengths, column.count); // 1: the last 8 runs, 0: the last 9
        if (first >= 0) matches.push_back({x, column.starts[first], column.colours[first] != 0});
    };
    constexpr uint64_t kSampled = 0x00FF00FF00FF00FFull; // bytes 0, 2, 4, 6 of a word starting at an even column
    for (int y = 1; y < height; ++y) {
        const uint8_t *row = image.dark.data() + size_t(y) * width, *above = row - width;
        int x = 0;
        for (; x + 8 <= width; x += 8) {
            uint64_t here, back;
            std::memcpy(&here, row + x, 8);
            std::memcpy(&back, above + x, 8);
            for (uint64_t changed = (here ^ back) & kSampled; changed; changed &= changed - 1)
                close(x + __builtin_ctzll(changed) / 8, y);
        }
        for (; x < width; x += kLineStep)
            if (row[x] != above[x]) close(x, y);
    }
    for (int x = 0; x < width; x += kLineStep) close(x, height); // the last run of each column ends with the image
    std::sort(matches.begin(), matches.end(),
              [](const Match &a, const Match &b) { return a.line < b.line || (a.line == b.line && a.at < b.at); });
    std::vector<int> chainStart(matches.size());
    size_t window = 0;
    for (size_t index = 0; index < matches.size(); ++index) {
        const Match &match = matches[index];
        while (matches[window].line < match.line - kChainGap) ++window;
        int start = match.line;
        for (size_t other = window; other < index; ++other)
            if (matches[other].line < match.line && matches[other].dark == match.dark
                && std::abs(matches[other].at - match.at) <= kChainDrift)
                start = std::min(start, chainStart[other]);
        chainStart[index] = start;
        if (match.line - start >= kChainSpan) (match.dark ? evidence.dark : evidence.light) = true;
    }
}

/// `pixels` shrunk by `factor` (box average), as zxing-cpp's LumImagePyramid makes its layers.
std::vector<uint8_t> shrunk(const uint8_t *pixels, int width, int height, int factor, int &outWidth, int &outHeight) {
    outWidth = width / factor;
    outHeight = height / factor;
    std::vector<uint8_t> out(size_t(outWidth) * outHeight);
    for (int y = 0; y < outHeight; ++y)
        for (int x = 0; x < outWidth; ++x) {
            int sum = 0;
            for (int dy = 0; dy < factor; ++dy) {
                const uint8_t *row = pixels + size_t(y * factor + dy) * width + x * factor;
                for (int dx = 0; dx < factor; ++dx) sum += row[dx];
            }
            out[size_t(y) * outWidth + x] = uint8_t(sum / (factor * factor));
        }
    return out;
}

void findInLayer(const uint8_t *pixels, int width, int height, Pdf417Evidence &evidence) {
    if (width < 17 || height < 17 || (evidence.dark && evidence.light)) return;
    const BinaryImage image = BinaryImage::from(pixels, width, height);
    scanRows(image, evidence);
    if (!(evidence.dark && evidence.light)) scanColumns(image, evidence);
}

} // namespace

BinaryImage BinaryImage::from(const uint8_t *pixels, int width, int height) {
    BinaryImage image{width, height, std::vector<uint8_t>(size_t(width) * height)};
    const int across = (width + kBlock - 1) / kBlock, down = (height + kBlock - 1) / kBlock;
    std::vector<int> level(size_t(across) * down), mean(size_t(across) * down);
    // Each block's minimum, maximum and sum: first down the block's rows for every column (loops the compiler turns
    // into vector instructions), then across the block's columns.
    std::vector<uint8_t> low(width), high(width);
    std::vector<uint16_t> sum(width);
    for (int by = 0; by < down; ++by) {
        const int y0 = by * kBlock, y1 = std::min(height, y0 + kBlock);
        ColumnBand(pixels + size_t(y0) * width, width, y1 - y0, low.data(), high.data(), sum.data());
        for (int bx = 0; bx < across; ++bx) {
            const int x0 = bx * kBlock, x1 = std::min(width, x0 + kBlock);
            int blockLow = 255, blockHigh = 0, blockSum = 0;
            for (int x = x0; x < x1; ++x) {
                blockLow = std::min(blockLow, int(low[x]));
                blockHigh = std::max(blockHigh, int(high[x]));
                blockSum += sum[x];
            }
            const int average = blockSum / ((x1 - x0) * (y1 - y0));
            mean[size_t(by) * across + bx] = average;
            level[size_t(by) * across + bx] = blockHigh - blockLow > kMinimumRange ? average : -1;
        }
    }
    // Each block's threshold, spread over its columns: a pixel is dark when it is below threshold + 1.
    // The sums over the 5 x 5 blocks around each block (cut at the grid's edges) of the levels that are not flat and
    // their count: first down each column of blocks, then across, without a branch per block (the branch on each
    // neighbour's level was a third of this function's time on photos).
    std::vector<int> columnTotal(across), columnCount(across);
    std::vector<uint8_t> limit(width);
    for (int by = 0; by < down; ++by) {
        std::fill(columnTotal.begin(), columnTotal.end(), 0);
        std::fill(columnCount.begin(), columnCount.end(), 0);
        for (int ny = std::max(0, by - kNeighbours); ny <= std::min(down - 1, by + kNeighbours); ++ny) {
            const int *row = level.data() + size_t(ny) * across;
            for (int bx = 0; bx < across; ++bx) {
                columnTotal[bx] += std::max(0, row[bx]);
                columnCount[bx] += row[bx] >= 0 ? 1 : 0;
            }
        }
        for (int bx = 0; bx < across; ++bx) {
            int total = 0, count = 0;
            for (int nx = std::max(0, bx - kNeighbours); nx <= std::min(across - 1, bx + kNeighbours); ++nx) {
                total += columnTotal[nx];
                count += columnCount[nx];
            }
            // Flat all round: one colour, dark when the block's mean is (a flat block spans less than 25 levels, so
            // its pixels are all under 255).
            const int threshold = count ? total / count : (mean[size_t(by) * across + bx] < 128 ? 254 : -1);
            const uint8_t blockLimit = uint8_t(std::min(255, threshold + 1));
            for (int x = bx * kBlock; x < std::min(width, (bx + 1) * kBlock); ++x) limit[x] = blockLimit;
        }
        for (int y = by * kBlock; y < std::min(height, (by + 1) * kBlock); ++y) {
            const uint8_t *row = pixels + size_t(y) * width;
            uint8_t *out = image.dark.data() + size_t(y) * width;
            for (int x = 0; x < width; ++x) out[x] = row[x] < limit[x] ? 1 : 0;
        }
    }
    return image;
}

Pdf417Evidence FindPdf417Evidence(const uint8_t *pixels, int width, int height) {
    Pdf417Evidence evidence;
    if (!pixels || width <= 0 || height <= 0) return evidence;
    findInLayer(pixels, width, height, evidence);
    std::vector<uint8_t> layer;
    const uint8_t *current = pixels;
    int currentWidth = width, currentHeight = height;
    while (std::max(currentWidth, currentHeight) > kPyramidThreshold && std::min(currentWidth, currentHeight) >= 3 * 17) {
        int nextWidth = 0, nextHeight = 0;
        std::vector<uint8_t> next = shrunk(current, currentWidth, currentHeight, kPyramidFactor, nextWidth, nextHeight);
        layer = std::move(next);
        current = layer.data();
        currentWidth = nextWidth;
        currentHeight = nextHeight;
        findInLayer(current, currentWidth, currentHeight, evidence);
    }
    return evidence;
}

} // namespace pool
