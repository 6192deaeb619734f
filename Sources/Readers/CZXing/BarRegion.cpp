// BarRegion: following a decoded linear code's bars away from its scan line, and painting them over.
#include "BarRegion.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

namespace pool {

namespace {

constexpr double kMinimumContrast = 24;      // gray levels between the darkest and lightest sample of a line
constexpr double kMaximumMismatch = 0.25;    // share of samples whose dark/light differs from the scan line's
constexpr double kDriftStep = 0.25;          // pixels along the bars per step, for slanted codes
constexpr int kMaximumSamples = 1024;

Vec operator+(Vec a, Vec b) { return {a.x + b.x, a.y + b.y}; }
Vec operator-(Vec a, Vec b) { return {a.x - b.x, a.y - b.y}; }
Vec operator*(double s, Vec a) { return {s * a.x, s * a.y}; }
double dot(Vec a, Vec b) { return a.x * b.x + a.y * b.y; }
Vec point(const ZXing::PointI &p) { return {double(p.x), double(p.y)}; }

/// The image's value at (x, y), interpolated between the four nearest pixels; nothing outside the image.
std::optional<double> sample(const GrayPixels &image, double x, double y) {
    if (x < 0 || y < 0 || x > image.width - 1 || y > image.height - 1) return std::nullopt;
    int x0 = std::min(int(x), image.width - 1), y0 = std::min(int(y), image.height - 1);
    int x1 = std::min(x0 + 1, image.width - 1), y1 = std::min(y0 + 1, image.height - 1);
    double fx = x - x0, fy = y - y0;
    double top = image.at(x0, y0) * (1 - fx) + image.at(x1, y0) * fx;
    double bottom = image.at(x0, y1) * (1 - fx) + image.at(x1, y1) * fx;
    return top * (1 - fy) + bottom * fy;
}

/// A line of samples across the code, split into dark and light at the middle of its range.
struct Profile {
    std::vector<bool> dark;
    double lightest = 0;
};

/// The profile of `count` samples from `start` along `step`; nothing when the line leaves the image or is flat.
std::optional<Profile> profile(const GrayPixels &image, Vec start, Vec step, int count) {
    std::vector<double> values(count);
    for (int index = 0; index < count; ++index) {
        Vec at = start + (index + 0.5) * step;
        auto value = sample(image, at.x, at.y);
        if (!value) return std::nullopt;
        values[index] = *value;
    }
    auto [darkest, lightest] = std::minmax_element(values.begin(), values.end());
    if (*lightest - *darkest < kMinimumContrast) return std::nullopt;
    double threshold = (*darkest + *lightest) / 2;
    Profile result{std::vector<bool>(count), *lightest};
    for (int index = 0; index < count; ++index) result.dark[index] = values[index] < threshold;
    return result;
}

double mismatch(const Profile &a, const Profile &b) {
    size_t differing = 0;
    for (size_t index = 0; index < a.dark.size(); ++index) differing += a.dark[index] != b.dark[index];
    return double(differing) / double(a.dark.size());
}

/// How far the bars reach from the scan line on one side (`normal`), and how far they drift along it there.
struct Reach {
    double distance = 0;
    double drift = 0;
};

Reach follow(const GrayPixels &image, const Profile &reference, Vec start, Vec step, Vec along, Vec normal,
             int count, int maximumSteps) {
    Reach reach;
    for (int distance = 1; distance <= maximumSteps; ++distance) {
        double bestMismatch = 1, bestDrift = reach.drift;
        for (double change : {0.0, -kDriftStep, kDriftStep}) {
            double drift = reach.drift + change;
            auto line = profile(image, start + double(distance) * normal + drift * along, step, count);
            if (!line) continue;
            double share = mismatch(reference, *line);
            if (share < bestMismatch) bestMismatch = share, bestDrift = drift;
        }
        if (bestMismatch > kMaximumMismatch) break;
        reach = {double(distance), bestDrift};
    }
    return reach;
}

} // namespace

BarRegion BarRegion::around(const GrayPixels &image, const ZXing::Position &position) {
    // The scan line runs from the middle of the start side (top left, bottom left) to that of the end side.
    Vec a = 0.5 * (point(position.topLeft()) + point(position.bottomLeft()));
    Vec b = 0.5 * (point(position.topRight()) + point(position.bottomRight()));
    double length = std::hypot(b.x - a.x, b.y - a.y);
    Vec along = length >= 1 ? (1 / length) * (b - a) : Vec{1, 0};
    Vec normal{-along.y, along.x};
    int count = std::clamp(int(length), 1, kMaximumSamples);
    Vec step = (1.0 / count) * (b - a);
    int maximumSteps = int(2 * length) + 4;

    BarRegion region;
    region.length = length;
    Reach below, above;
    if (auto reference = profile(image, a, step, count)) {
        region.background = uint8_t(std::lround(reference->lightest));
        below = follow(image, *reference, a, step, along, normal, count, maximumSteps);
        above = follow(image, *reference, a, step, along, -1 * normal, count, maximumSteps);
    }
    // Cover the decoded rows whatever the bars did, so the next read cannot decode this code on the same rows.
    for (const auto &corner : position) {
        double side = dot(point(corner) - a, normal);
        below.distance = std::max(below.distance, side);
        above.distance = std::max(above.distance, -side);
    }
    Vec belowShift = below.distance * normal + below.drift * along;
    Vec aboveShift = -above.distance * normal + above.drift * along;
    region.bars[0] = a + aboveShift;
    region.bars[1] = b + aboveShift;
    region.bars[2] = b + belowShift;
    region.bars[3] = a + belowShift;
    double margin = std::max(3.0, 0.03 * length), edge = 1.5;
    Vec out[4] = {-margin * along - edge * normal, margin * along - edge * normal, margin * along + edge * normal,
                  -margin * along + edge * normal};
    for (int index = 0; index < 4; ++index) region.corners[index] = region.bars[index] + out[index];
    return region;
}

bool BarRegion::contains(Vec p, double margin) const {
    // Inside a convex quadrilateral: on the same side of all four edges (either winding), within `margin`.
    int positive = 0, negative = 0, edges = 0;
    for (int index = 0; index < 4; ++index) {
        Vec from = corners[index], to = corners[(index + 1) % 4];
        Vec edge = to - from;
        double size = std::hypot(edge.x, edge.y);
        if (size == 0) continue;
        ++edges;
        double side = (edge.x * (p.y - from.y) - edge.y * (p.x - from.x)) / size;
        if (side > -margin) ++positive;
        if (side < margin) ++negative;
    }
    return edges > 0 && (positive == edges || negative == edges);
}

void BarRegion::paint(GrayPixels &image) const {
    double minX = corners[0].x, maxX = minX, minY = corners[0].y, maxY = minY;
    for (const Vec &corner : corners) {
        minX = std::min(minX, corner.x), maxX = std::max(maxX, corner.x);
        minY = std::min(minY, corner.y), maxY = std::max(maxY, corner.y);
    }
    int x0 = std::max(0, int(std::floor(minX))), x1 = std::min(image.width - 1, int(std::ceil(maxX)));
    int y0 = std::max(0, int(std::floor(minY))), y1 = std::min(image.height - 1, int(std::ceil(maxY)));
    for (int y = y0; y <= y1; ++y)
        for (int x = x0; x <= x1; ++x)
            if (contains({double(x), double(y)}, 0.5)) image.pixels[size_t(y) * image.width + x] = background;
}

BarRegion BarRegion::scaled(int factor) const {
    BarRegion region = *this;
    for (Vec &corner : region.corners) corner = double(factor) * corner;
    for (Vec &corner : region.bars) corner = double(factor) * corner;
    region.length = length * factor;
    return region;
}

ZXing::Position BarRegion::position() const {
    auto rounded = [](Vec p) { return ZXing::PointI{int(std::lround(p.x)), int(std::lround(p.y))}; };
    return {rounded(bars[0]), rounded(bars[1]), rounded(bars[2]), rounded(bars[3])};
}

} // namespace pool

