import LineRecognition
import ReadingFixtures
import TestSupport
import Testing
@testable import TextStages

/// The page preparation compares each pixel's neighbourhood sum with a level instead of dividing it into a mean
/// (issue 10, part 4): the masks must be exactly what the rounded-down means give, at the edges and corners too.
@Suite("Local mean comparisons")
struct LocalMeanComparisonTests {
    /// A gray image of random levels with runs of one level, so sums fall exactly on the thresholds too.
    static func image(width: Int, height: Int, seed: UInt64) -> GrayImage {
        var random = SplitMix64(seed: seed)
        var pixels: [UInt8] = []
        while pixels.count < width * height {
            let level = UInt8.random(in: 0...255, using: &random)
            let run = Int.random(in: 1...40, using: &random)
            pixels += [UInt8](repeating: level, count: min(run, width * height - pixels.count))
        }
        return GrayImage(width: width, height: height, pixels: pixels)
    }

    @Test("given random images and radii, when the dark mask is taken, then it is the means below 128",
          arguments: [(1, 1, 0), (7, 5, 2), (64, 48, 15), (131, 97, 24), (300, 40, 64)])
    func darkMask(width: Int, height: Int, radius: Int) {
        for seed in 1...3 as ClosedRange<UInt64> {
            let gray = Self.image(width: width, height: height, seed: seed * 7919 + UInt64(radius))
            let table = IntegralImage(gray)
            let means = table.localMeans(radius: radius)
            for level in [0, 1, 127, 128, 200, 256] {
                #expect(table.localMeansBelow(level, radius: radius) == means.map { Int($0) < level },
                        "\(width)x\(height), radius \(radius), level \(level)")
            }
        }
    }

    @Test("given random images and radii, when the ink mask is taken, then it is the pixels darker than their mean",
          arguments: [(1, 1, 0), (9, 4, 3), (90, 70, 24), (250, 33, 40)])
    func inkMask(width: Int, height: Int, radius: Int) {
        for seed in 1...3 as ClosedRange<UInt64> {
            let gray = Self.image(width: width, height: height, seed: seed * 104_729 + UInt64(radius))
            let table = IntegralImage(gray)
            let means = table.localMeans(radius: radius)
            for contrast in [-300, -5, 0, 1, 28, 255] {
                let expected = zip(gray.pixels, means).map { Int($0) + contrast < Int($1) }
                #expect(table.darkerThanLocalMean(gray, by: contrast, radius: radius) == expected,
                        "\(width)x\(height), radius \(radius), contrast \(contrast)")
            }
        }
    }

    @Test("given a page and its dark-mode copy, when normalised, then both read as the page")
    func polarityOfPages() throws {
        let page = GrayImage(try Pages.text(["Added platypus one", "Total 32.00"]).image)
        let light = page.darkOnLight(radius: 15)
        #expect(light.image == page)
        #expect(light.invertedShare == 0)
        let dark = GrayImage(width: page.width, height: page.height, pixels: page.pixels.map { 255 - $0 })
        let turned = dark.darkOnLight(radius: 15)
        #expect(turned.image == page)
        #expect(turned.invertedShare == 1)
    }
}
