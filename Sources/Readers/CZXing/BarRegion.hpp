// The area a linear code's bars cover, found from the scan line zxing-cpp decoded it on.
#ifndef POOL_CZXING_BAR_REGION_HPP
#define POOL_CZXING_BAR_REGION_HPP

#include "LinearCodes.hpp"

#include <ZXing/Result.h>

namespace pool {

/// A point in pixel coordinates.
struct Vec {
    double x = 0;
    double y = 0;
};

/// The bars of one linear code: a convex quadrilateral (two copies of the decoded scan line, at the far ends of the
/// bars on either side of it) with a margin, and the colour of the code's spaces to paint it over with.
///
/// zxing-cpp reports a 1-D code as the span of the scan rows it was decoded on (two or three rows when the reader
/// stops at the first symbol). Painting only those rows would let the next read find the same code a few rows
/// further on, so `around` follows the bars from the scan line outwards on both sides, as long as a line parallel to
/// it (shifted along the bars by up to a quarter pixel a step, for slanted codes) shows the same pattern of dark and
/// light. It stops at the end of the bars: plain background (no contrast), the digits under an EAN, or another code.
struct BarRegion {
    /// The bars: the decoded scan line's start and end moved to the far end of the bars on one side, then on the
    /// other (top left, top right, bottom right, bottom left for a code read left to right).
    Vec bars[4];
    /// The bars with a margin around them: what `paint` covers and `contains` tests.
    Vec corners[4];
    /// The light colour of the code's spaces (its quiet zone), in the image's gray levels.
    uint8_t background = 255;
    /// How long the decoded scan line is, in pixels.
    double length = 0;

    /// The region of the code whose decoded position in `image` is `position`.
    static BarRegion around(const GrayPixels &image, const ZXing::Position &position);

    /// Whether `point` lies inside, or at most `margin` pixels outside.
    bool contains(Vec point, double margin) const;

    /// Paints the region over with its background colour, so a new read cannot find this code again.
    void paint(GrayPixels &image) const;

    /// The region in an image `factor` times as large.
    BarRegion scaled(int factor) const;

    /// The bars as a zxing-cpp position (rounded to pixels).
    ZXing::Position position() const;
};

} // namespace pool

#endif
