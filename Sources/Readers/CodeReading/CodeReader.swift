import CZXing
import Captures
import LineRecognition

/// Reads QR codes and barcodes with zxing-cpp: every code in an image, with its exact payload bytes, its text
/// where it is text, its format and its box. A plain library (no stage); `zxing.codes` adapts it to captures.
public struct CodeReader: Sendable {
    public let options: CodeReadingOptions

    public init(options: CodeReadingOptions = CodeReadingOptions()) {
        self.options = options
    }

    /// Reads every code in `image`.
    public func read(_ image: RGBImage) throws(ReadingError) -> CaptureCodes {
        var trace = CodeReadingTrace()
        return try read(image, trace: &trace)
    }

    /// Reads every code in `image`, saying in `trace` what the inverted pass read and where PDF417 was looked for.
    public func read(_ image: RGBImage, trace: inout CodeReadingTrace) throws(ReadingError) -> CaptureCodes {
        guard image.width > 0, image.height > 0 else { throw .unusableImage("the image is empty (0 pixels)") }
        guard image.width * image.height <= options.maximumPixels else {
            throw .unusableImage("\(image.width)x\(image.height) exceeds the codes stage's limit of "
                + "\(options.maximumPixels) pixels")
        }
        let gray = GrayImage(image)
        let evidence = options.pdf417Evidence && options.formats.contains(.pdf417)
            ? Pdf417Evidence(in: gray) : Pdf417Evidence(dark: true, light: true)
        let plainFormats = options.formats.filter { $0 != .pdf417 || evidence.dark }
        var codes = try scan(gray, formats: plainFormats)
        trace.plainPdf417 = plainFormats.contains(.pdf417)
        trace.invertedPass = .skipped
        trace.invertedPdf417 = false
        if options.tryInvert && codes.isEmpty && DarkGround.present(in: gray) {
            let invertedFormats = options.formats.filter { $0 != .pdf417 || evidence.light }
            trace.invertedPass = .whole
            trace.invertedPdf417 = invertedFormats.contains(.pdf417)
            codes = try scan(gray, formats: invertedFormats, inverted: true)
        }
        if options.aztecSearch && options.formats.contains(.aztec) && !codes.contains(where: { $0.format == "Aztec" }) {
            codes += try searchAztec(gray)
        }
        return CaptureCodes(codes: codes)
    }

    /// zxing-cpp 1.4 finds an Aztec code only when the image centre falls on (or next to) it, so an Aztec code
    /// off centre is missed. This scans a window (a third of the image, at least 320 px) centred on each place
    /// that shows an Aztec bullseye (`AztecBullseyes`), for Aztec alone.
    private func searchAztec(_ gray: GrayImage) throws(ReadingError) -> [ReadCode] {
        guard gray.width >= 64, gray.height >= 64 else { return [] }
        let cropWidth = min(gray.width, max(320, gray.width / 3))
        let cropHeight = min(gray.height, max(320, gray.height / 3))
        var found: [ReadCode] = []
        for centre in AztecBullseyes.find(in: gray) {
            let x = min(max(0, centre.x - cropWidth / 2), gray.width - cropWidth)
            let y = min(max(0, centre.y - cropHeight / 2), gray.height - cropHeight)
            let crop = gray.cropped(x: x, y: y, width: cropWidth, height: cropHeight)
            for code in try scan(crop, formats: [.aztec]) where !found.contains(where: { $0.payload == code.payload }) {
                found.append(Self.placed(code, at: x, y, crop: crop, in: gray))
            }
        }
        return found
    }

    /// `code`, read in `crop` whose top left corner stands at (`x`, `y`) in `gray`, with its box in `gray`.
    private static func placed(_ code: ReadCode, at x: Int, _ y: Int, crop: GrayImage, in gray: GrayImage) -> ReadCode {
        var code = code
        code.box = NormalizedRect(
            x: (code.box.x * Double(crop.width) + Double(x)) / Double(gray.width),
            y: (code.box.y * Double(crop.height) + Double(y)) / Double(gray.height),
            width: code.box.width * Double(crop.width) / Double(gray.width),
            height: code.box.height * Double(crop.height) / Double(gray.height))
        return code
    }

    /// The codes of `formats` in `gray`, or with `inverted` in `gray` with every level turned over (light codes on
    /// dark ground; the shim reads it so without a turned copy for the matrix codes).
    private func scan(_ gray: GrayImage, formats: [CodeFormat], inverted: Bool = false) throws(ReadingError) -> [ReadCode] {
        // No format left (PDF417 alone asked for, and no evidence of it): nothing to read (0 would mean every format).
        guard !formats.isEmpty else { return [] }
        var settings = PoolZXOptions()
        settings.formats = formats.reduce(0) { $0 | $1.bit }
        settings.try_harder = options.tryHarder ? 1 : 0
        settings.try_rotate = options.tryRotate ? 1 : 0
        settings.try_downscale = options.tryDownscale ? 1 : 0
        settings.linear_one_read = options.linearOneRead ? 1 : 0
        settings.linear_skip_downscale = options.linearDownscale ? 0 : 1
        settings.inverted = inverted ? 1 : 0
        var results = PoolZXResults()
        defer { pool_zx_free(&results) }
        let status = gray.pixels.withUnsafeBufferPointer { pixels in
            pool_zx_read(pixels.baseAddress, Int32(gray.width), Int32(gray.height), 1, &settings, &results)
        }
        if status != 0 {
            throw .codeReader(results.error.map { String(cString: $0) } ?? "unknown error")
        }
        let width = Double(gray.width), height = Double(gray.height)
        return (0..<results.count).map { index in
            let code = results.codes[index]
            let format = withUnsafeBytes(of: code.format) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            let payload = code.byte_count == 0 ? [] : Array(UnsafeBufferPointer(start: code.bytes, count: code.byte_count))
            let text = code.text.map { String(cString: $0) }
            let xs = withUnsafeBytes(of: code.corner_x) { Array($0.bindMemory(to: Int32.self)) }
            let ys = withUnsafeBytes(of: code.corner_y) { Array($0.bindMemory(to: Int32.self)) }
            let minX = Double(xs.min() ?? 0), maxX = Double(xs.max() ?? 0)
            let minY = Double(ys.min() ?? 0), maxY = Double(ys.max() ?? 0)
            let box = NormalizedRect(x: clamp(minX / width), y: clamp(minY / height),
                                     width: clamp((maxX - minX + 1) / width), height: clamp((maxY - minY + 1) / height))
            return ReadCode(format: format, payload: payload, text: text, box: box)
        }
    }

    private func clamp(_ value: Double) -> Double { min(1, max(0, value)) }
}
