// The first half of a block binarisation's statistics, shared by the hybrid binarisation (HybridBits) and the
// PDF417 evidence's binary image (Pdf417Evidence): each column's minimum, maximum and sum down one band of rows.
#ifndef POOL_CZXING_COLUMN_BAND_HPP
#define POOL_CZXING_COLUMN_BAND_HPP

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace pool {

/// Each of `width` columns' minimum (`low`), maximum (`high`) and sum (`sum`) over the `rows` rows that start at
/// `first` (rows of `width` pixels, no padding; `rows` >= 1, at most 257 so the sums fit). Loops the compiler
/// turns into vector instructions; the blocks' own statistics are then taken across their columns.
inline void ColumnBand(const uint8_t *first, int width, int rows, uint8_t *__restrict low, uint8_t *__restrict high,
                       uint16_t *__restrict sum) {
    for (int x = 0; x < width; ++x) {
        low[x] = high[x] = first[x];
        sum[x] = first[x];
    }
    for (int dy = 1; dy < rows; ++dy) {
        const uint8_t *row = first + size_t(dy) * width;
        for (int x = 0; x < width; ++x) {
            low[x] = std::min(low[x], row[x]);
            high[x] = std::max(high[x], row[x]);
            sum[x] = uint16_t(sum[x] + row[x]);
        }
    }
}

} // namespace pool

#endif
