import CLineKernels
import Foundation
@testable import LineRecognition
import ReadingFixtures
import Runner
@testable import TextStages
import Testing
import TestSupport

@Suite("built-in line recogniser")
struct LineRecognizerTests {
    static let traineddata = "/usr/share/tesseract-ocr/5/tessdata/eng.traineddata"

    @Test("given generated screens, when read by the built-in recogniser and by Tesseract, then the built-in one finds at least as many of the drawn words",
          arguments: [(1170, 2532, 45, "DejaVu Serif", 1), (1440, 900, 13, "Liberation Sans", 3)])
    func readsAsWellAsTesseract(width: Int, height: Int, textSize: Int, font: String, theme: Int) throws {
        let screen = try ScreenshotMaker(width: width, height: height, textSize: textSize, font: font,
                                         theme: ScreenshotMaker.Theme.all[theme]).make(seed: UInt64(width + theme))
        let image = screen.image.shrunk(toLongSide: 1600)
        var builtIn = TextReadingOptions()
        builtIn.recognizer = .builtIn
        var tesseract = TextReadingOptions()
        tesseract.recognizer = .tesseract
        func read(_ options: TextReadingOptions) throws -> [String] {
            ScreenshotMaker.tokens(try TesseractTextStage(options: options).read(image).text.fullText)
        }
        let ourWords = try read(builtIn)
        let ours = ScreenshotMaker.recall(expected: screen.words, found: ourWords)
        let theirs = ScreenshotMaker.recall(expected: screen.words, found: try read(tesseract))
        var left = ourWords
        let missed = screen.words.filter { word in
            guard let index = left.firstIndex(of: word) else { return true }
            left.remove(at: index)
            return false
        }
        #expect(ours >= theirs - 0.005, "built-in \(ours) (missed \(missed)), Tesseract \(theirs) on \(screen.description)")
        #expect(ours >= 0.97, "built-in \(ours) on \(screen.description)")
    }

    @Test("given 8-bit inputs and weights of awkward sizes, when multiplied, then the VNNI path, the portable path and plain integer arithmetic agree exactly")
    func eightBitPathsAgree() {
        let rows = 7, inputs = 45, outputs = 70
        var random = SplitMix64(seed: 11)
        let weights = (0..<outputs).map { _ in (0..<inputs).map { _ in Int8(truncatingIfNeeded: random.next() % 255) } }
        let steps = (0..<outputs).map { _ in Float(random.next() % 1000 + 1) / 100_000 }
        let values = (0..<(rows * inputs)).map { _ in Float(Int(random.next() % 2001) - 1000) / 1000 }
        let matrix = QuantizedMatrix(rows: weights, steps: steps, inputs: inputs)
        var bytes = [UInt8](repeating: 0, count: matrix.inputBytes(rows: rows))
        var fast = [Float](repeating: 0.25, count: rows * outputs)
        values.withUnsafeBufferPointer { values in
            bytes.withUnsafeMutableBufferPointer { buffer in
                fast.withUnsafeMutableBufferPointer { output in
                    matrix.multiply(values.baseAddress!, rows: rows, stride: inputs, buffer: buffer.baseAddress!,
                                    into: output.baseAddress!, outputStride: outputs)
                }
            }
        }
        // Plain arithmetic: inputs rounded to 1/127 (half away from zero), sums of integers, one scale per row.
        var expected = [Float](repeating: 0.25, count: rows * outputs)
        for r in 0..<rows {
            let quantized = (0..<inputs).map { Int32((values[r * inputs + $0] * 127).rounded(.toNearestOrAwayFromZero)) }
            for o in 0..<outputs {
                let sum = zip(quantized, weights[o]).reduce(Int32(0)) { $0 + $1.0 * Int32($1.1) }
                expected[r * outputs + o] += steps[o] / 127 * Float(sum)
            }
        }
        #expect(fast == expected)
        // The portable path on the same bytes.
        var portable = [Float](repeating: 0.25, count: rows * outputs)
        let flat = weights.flatMap { $0 }
        var packed = [Int8](repeating: 0, count: line_s8_packed_size(Int32(outputs), Int32(inputs)))
        line_s8_pack(flat, Int32(outputs), Int32(inputs), Int32(inputs), &packed)
        let padded = Int(line_s8_padded_outputs(Int32(outputs)))
        let sums = (0..<padded).map { $0 < outputs ? weights[$0].reduce(Int32(0)) { $0 + Int32($1) } : 0 }
        let scales = (0..<padded).map { $0 < outputs ? steps[$0] / 127 : 0 }
        line_s8_multiply_portable(bytes, Int32(rows), Int32(inputs), packed, Int32(outputs), sums, scales, nil,
                                  &portable, Int32(outputs))
        #expect(portable == expected)
    }

    @Test("given the installed English model, when loaded, then its network takes lines 36 pixels high and its characters include the space and letters")
    func loadsTheModel() throws {
        let recognizer = try LineRecognizer(traineddata: Self.traineddata)
        #expect(recognizer.inputHeight == 36)
        #expect(recognizer.characters.characters.first == " ")
        #expect(recognizer.characters.characters.contains("e"))
    }

    @Test("given a traineddata file cut short, when loaded, then the error names the file and what was being read")
    func truncatedModel() throws {
        let bytes = try #require(FileManager.default.contents(atPath: Self.traineddata))
        let path = NSTemporaryDirectory() + "truncated-\(UUID().uuidString).traineddata"
        defer { try? FileManager.default.removeItem(atPath: path) }
        // The table of components and part of the network: the LSTM component runs past the end.
        try bytes.prefix(60_000).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: ReadingError.self) { try LineRecognizer(traineddata: path) }
        let message = error?.description ?? ""
        #expect(message.contains(path))
        #expect(message.contains("lstm"))
    }

    @Test("given a missing traineddata file, when loaded, then the error names the path")
    func missingModel() {
        let error = #expect(throws: ReadingError.self) { try LineRecognizer(traineddata: "/nonexistent/xx.traineddata") }
        #expect(error?.description.contains("/nonexistent/xx.traineddata") == true)
    }

    @Test("given an unknown recogniser in the pipeline options, when read, then the error names the field")
    func unknownRecognizer() {
        let options = StageOptions(file: "p.json", stageID: "ocr", values: ["recognizer": .string("neural")])
        let error = #expect(throws: PipelineError.self) { try TextReadingOptions(options) }
        #expect(error?.field == "options.recognizer")
    }
}
