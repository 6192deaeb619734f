// Whether an image may hold a PDF417 code, in either polarity, before zxing-cpp is asked to look for one.
//
// zxing-cpp 1.4's PDF417 detector is its most expensive reader on photos (about 8 ms of a 20 ms matrix read on the
// 1600 px photos of /tmp/mixed99, per polarity), and it finds a code only through its start or stop pattern: bars and
// spaces of 8:1:1:1:1:1:1:3 or 7:1:1:3:1:1:1:2:1 modules, starting with a bar, found by FindGuardPattern in rows of
// its binarised image (each run within 0.8 modules of the pattern) and followed down at least 10 rows
// (BARCODE_MIN_HEIGHT) with a drift under 5 px (PDFDetector.cpp). tryRotate turns the image by quarter turns, and
// tryDownscale reads layers a third the size.
//
// FindPdf417Evidence looks for the same thing, a little more loosely: the image and the same smaller layers are
// binarised the way zxing-cpp's hybrid binariser does it (8 px blocks, thresholds averaged over 5 x 5 blocks, blocks
// of a range of 24 or less flat), every second row and every second column is split into runs, and a start or stop
// pattern (either way round; each run within 0.8 modules + 0.75 px, 0.5 modules on average) seen on 5 sampled lines
// in a row (8 px), each within 8 px of the one before, is evidence: of a dark code when its first bar is dark, of a
// light code (what the inverted pass reads) when it is light. Patterns on fewer lines, or with gaps, are found in
// most photos. Other families were measured and left out: single QR finder patterns, Aztec bullseyes and runs of bars
// show in 35-37 of the 40 photos of /tmp/mixed99 (benchmarks/README.md), so they could not skip anything.
#ifndef POOL_CZXING_PDF417_EVIDENCE_HPP
#define POOL_CZXING_PDF417_EVIDENCE_HPP

#include <cstdint>
#include <vector>

namespace pool {

/// Whether a PDF417 start or stop pattern was seen, for dark codes on light ground and for light codes on dark ground.
struct Pdf417Evidence {
    bool dark = false;
    bool light = false;
};

/// The evidence in an 8-bit gray image of `width` x `height` pixels (rows without padding).
Pdf417Evidence FindPdf417Evidence(const uint8_t *pixels, int width, int height);

/// A binarised image: 1 for dark, 0 for light, from a threshold per 8 px block like zxing-cpp's hybrid binariser.
struct BinaryImage {
    int width = 0;
    int height = 0;
    std::vector<uint8_t> dark;

    /// `pixels` binarised. A block whose 5 x 5 neighbourhood is flat all round is one colour: dark when its mean is
    /// under 128.
    static BinaryImage from(const uint8_t *pixels, int width, int height);
};

} // namespace pool

#endif
