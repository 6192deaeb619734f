import Captures
import Foundation
import LineFinding
import LineRecognition
import ReadingFixtures
import TextStages

/// `ReadingBenchmarks lines IMAGE|render:TEXT|FONT|SIZE [--out DIR] [--long-side N]`: what the built-in recogniser
/// does with one image, line by line (a diagnostic for parity work): the page as the stage reads it (gray,
/// polarity normalised, scaled as the stage scales it), every line box our line finder finds with its polarity and
/// letter count, the pieces the line segmenter cuts it into, and the text of each piece. `--out DIR` writes the
/// page as `page.pgm` there; an image is read with its long side `longSide` pixels (`parity` reads a corpus image
/// at its own size up to 1600).
enum LinesDebug {
    static func run(path: String, out: String?, longSide: Int = 1600) throws {
        // "render:TEXT|FONT|SIZE": one line drawn as the reading tests draw it (40 x 5 sizes).
        let picture: RGBImage
        if path.hasPrefix("render:") {
            let parts = path.dropFirst(7).split(separator: "|").map(String.init)
            let size = Int(parts[2]) ?? 12
            picture = try Pages.text([parts[0]], size: size, width: 40 * size, height: 5 * size, font: parts[1]).image
        } else {
            picture = try RGBImage.photo(path: path, longSide: longSide)
        }
        var options = TextReadingOptions()
        options.recognizer = .builtIn
        let stage = TesseractTextStage(options: options)
        let (text, trace) = try stage.read(picture)
        report("\(path): \(picture.width)x\(picture.height), scale \(trace.scale), letters \(trace.letterCount ?? 0), "
            + "quarter turns \(trace.quarterTurns), upside down \(trace.looksUpsideDown), "
            + "one block \(trace.readAsOneBlock), scene rows \(trace.sceneKept) of \(trace.sceneCandidates)")
        var page = darkOnLight(GrayImage(picture))
        if trace.scale != 1 { page = page.scaled(by: trace.scale) }
        if let out {
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            var bytes = Array("P5\n\(page.width) \(page.height)\n255\n".utf8)
            bytes += page.pixels
            try Data(bytes).write(to: URL(fileURLWithPath: out + "/page.pgm"))
        }
        let reader = try LineRecognizer(traineddata: "/usr/share/tesseract-ocr/5/tessdata/eng.traineddata")
        let scratch = LineScratch()
        for line in LineFinder().lines(in: page) {
            let rect = LineRecognizer.LineRect(left: max(0, line.left - 4), top: max(0, line.top - 4),
                                               width: min(page.width, line.right + 4) - max(0, line.left - 4),
                                               height: min(page.height, line.bottom + 4) - max(0, line.top - 4))
            let whole = reader.recognizeWords([rect], in: page, inverted: line.lightOnDark, scratch: scratch)[0]
            let pieces = LineSegmenter.pieces(of: rect, in: page).map {
                LineRecognizer.LineRect(left: $0.left, top: rect.top, width: $0.right - $0.left, height: rect.height)
            }
            let reads = reader.recognize(pieces, in: page, inverted: line.lightOnDark, scratch: scratch)
            report("[\(line.left),\(line.top) \(line.width)x\(line.height)\(line.lightOnDark ? " light" : "") "
                + "\(line.letters)L] \"\(whole.text)\" (\(String(format: "%.2f", whole.confidence)))")
            for (piece, read) in zip(pieces, reads) {
                report("    \(piece.left)+\(piece.width): \"\(read.text)\"")
            }
        }
        report("stage: " + text.lines.map(\.text).joined(separator: " | "))
    }

    /// The stage's polarity step (`GrayImage.darkOnLight` in TextStages): pixels whose surrounding square (a
    /// 25th of the long side, at least 15 px) has a mean below mid-gray are inverted.
    static func darkOnLight(_ image: GrayImage) -> GrayImage {
        let radius = max(15, max(image.width, image.height) / 25)
        let w = image.width, h = image.height
        var sums = [Int](repeating: 0, count: (w + 1) * (h + 1))
        for y in 0..<h {
            var row = 0
            for x in 0..<w {
                row += Int(image.pixels[y * w + x])
                sums[(y + 1) * (w + 1) + x + 1] = sums[y * (w + 1) + x + 1] + row
            }
        }
        var result = image
        for y in 0..<h {
            let y0 = max(0, y - radius), y1 = min(h, y + radius + 1)
            for x in 0..<w {
                let x0 = max(0, x - radius), x1 = min(w, x + radius + 1)
                let total = sums[y1 * (w + 1) + x1] - sums[y0 * (w + 1) + x1] - sums[y1 * (w + 1) + x0]
                    + sums[y0 * (w + 1) + x0]
                if total < 128 * (x1 - x0) * (y1 - y0) { result.pixels[y * w + x] = 255 - image.pixels[y * w + x] }
            }
        }
        return result
    }
}
