import Captures
import Foundation
import ReadingFixtures
import TestSupport

/// Screenshots of large linear barcodes, made at test time with `zint` (and `vips` for slanted ones): a barcode with
/// its digits under the bars on a white card, centred on a noisy beige page, as
/// `../shared/repro/make-linear-barcodes.py` draws them (issue 9: zxing-cpp 1.4 aborted the process on these).
enum BarcodeScreens {
    /// A zint symbol (3 px a module, quiet zones, digits under the bars) enlarged with square pixels so it fills
    /// `share` of the page's width or height, whichever comes first (never shrunk).
    static func barcode(_ symbology: String, data: String, page: Int = 1200, share: Double = 0.6,
                        scale: Int = 3) throws -> RGBImage {
        let symbol = try CodeMaker.symbol(symbology, data: data, scale: scale)
        let factor = max(1, min(Double(page) * share / Double(symbol.width), Double(page) * share / Double(symbol.height)))
        return symbol.enlarged(by: factor)
    }

    /// `codes` on white cards, stacked one under the other (`across` false) or side by side, centred on a beige page
    /// of at least `width` x `height` (larger when the cards need it) with a little sensor noise.
    static func page(_ codes: [RGBImage], width: Int = 1200, height: Int = 1200, across: Bool = false,
                     seed: UInt64 = 7) -> RGBImage {
        let gap = 40
        let cards = codes.map { code -> RGBImage in
            var card = Canvas(width: code.width + 40, height: code.height + 40, color: .white)
            card.paste(code, x: 20, y: 20)
            return card.image
        }
        let total = cards.reduce(0) { $0 + (across ? $1.width : $1.height) } + gap * (cards.count - 1)
        let breadth = cards.map { across ? $0.height : $0.width }.max() ?? 0
        let width = max(width, (across ? total : breadth) + 2 * gap)
        let height = max(height, (across ? breadth : total) + 2 * gap)
        var random = SplitMix64(seed: seed)
        var ground = [UInt8](repeating: 0, count: width * height * 3)
        for index in 0..<(width * height) {
            let noise = Int(random.next() % 9) - 4
            ground[3 * index] = UInt8(246 + noise); ground[3 * index + 1] = UInt8(241 + noise)
            ground[3 * index + 2] = UInt8(230 + noise)
        }
        var canvas = Canvas(image: RGBImage(width: width, height: height, pixels: ground))
        var offset = ((across ? width : height) - total) / 2
        for card in cards {
            if across {
                canvas.paste(card, x: offset, y: (height - card.height) / 2)
                offset += card.width + gap
            } else {
                canvas.paste(card, x: (width - card.width) / 2, y: offset)
                offset += card.height + gap
            }
        }
        return canvas.image
    }

    /// The screenshot of one barcode, as the repro script makes it.
    static func screenshot(_ symbology: String, data: String) throws -> RGBImage {
        page([try barcode(symbology, data: data)])
    }

    /// `image` turned anticlockwise by `degrees` (any angle) with libvips, the corners filled with `background`.
    static func slanted(_ image: RGBImage, degrees: Double, background: UInt8 = 255) throws -> RGBImage {
        let input = ExternalTool.scratchPath(".ppm"), output = ExternalTool.scratchPath(".ppm")
        defer {
            try? FileManager.default.removeItem(atPath: input)
            try? FileManager.default.removeItem(atPath: output)
        }
        try Netpbm.write(image, path: input)
        try ExternalTool.run("vips", ["rotate", input, output, String(degrees), "--background", "\(background) \(background) \(background)"])
        return try Netpbm.read(path: output)
    }
}

extension RGBImage {
    /// The image enlarged by `factor` with square pixels (nearest neighbour), as a screenshot of a zoomed code.
    func enlarged(by factor: Double) -> RGBImage {
        let newWidth = Int(Double(width) * factor), newHeight = Int(Double(height) * factor)
        var result = [UInt8](repeating: 0, count: newWidth * newHeight * 3)
        for y in 0..<newHeight {
            let sourceY = min(height - 1, Int(Double(y) / factor))
            for x in 0..<newWidth {
                let from = 3 * (sourceY * width + min(width - 1, Int(Double(x) / factor))), to = 3 * (y * newWidth + x)
                result[to] = pixels[from]; result[to + 1] = pixels[from + 1]; result[to + 2] = pixels[from + 2]
            }
        }
        return RGBImage(width: newWidth, height: newHeight, pixels: result)
    }

    /// The image with every channel inverted: a dark-theme screenshot of a light one.
    var inverted: RGBImage { RGBImage(width: width, height: height, pixels: pixels.map { 255 - $0 }) }
}
