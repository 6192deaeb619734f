import CLineKernels
import Imaging

/// Reads lines of text with the LSTM model of a Tesseract traineddata file, run by this module's own code
/// instead of Tesseract's: the same network and weights (8-bit multiplies for integer models, floats otherwise),
/// the lines of a page batched, decoded with the model's dictionaries (`BeamSearch`) or greedily (best code per
/// step). Tesseract still finds the lines.
package struct LineRecognizer: Sendable {
    let network: LineLayer
    let characters: CharacterTable
    /// The model's LSTM dictionaries, if it has them.
    let dictionary: WordDictionary?
    /// How outputs become text (`.dictionaryBeam` needs `dictionary`; greedy without it).
    package var decoding: LineDecoding
    /// The height every line is scaled to before the network sees it.
    let inputHeight: Int

    package init(traineddata path: String, decoding: LineDecoding = .dictionaryBeam) throws(ReadingError) {
        let file = try TraineddataFile(path: path)
        var bytes = try file.component(.lstm)
        network = try LineLayer.read(&bytes)
        // After the network: its spec, training flags and iterations, then the null code.
        _ = try bytes.string("the network spec")
        _ = try bytes.int32("the training flags")
        _ = try bytes.int32("the training iteration")
        _ = try bytes.int32("the sample iteration")
        let nullCode = Int(try bytes.int32("the null code"))
        characters = try CharacterTable(characters: try file.component(.lstmCharacters),
                                        recoder: try file.component(.lstmRecoder), nullCode: nullCode)
        guard let height = network.inputHeight, height > 0 else {
            throw .engine("\(path): the LSTM network does not start with an input of fixed height")
        }
        // Every layer must take what the one before gives, and the last give a value per output code.
        guard let outputs = network.outputDepth(for: network.inputDepth ?? 1), outputs > nullCode else {
            throw .engine("\(path): the LSTM network's layers do not fit together, or give fewer outputs than "
                + "its \(nullCode + 1) codes")
        }
        inputHeight = height
        self.decoding = decoding
        dictionary = characters.singleCodes ? try WordDictionary(file, characters: characters) : nil
    }

    /// The characters of one line's outputs, decoded as `decoding` says, and the output steps of the spaces
    /// the dictionary beam reads inside a word the greedy reading joined (`DictionaryRepair.splits`; the
    /// caller keeps those the line's ink shows a word gap at: `MeasuredSpaces.confirming`). `greedy`: decoded
    /// greedily whatever `decoding` says, with no beam spaces.
    func decode(_ output: LineFeatures, greedy: Bool = false)
        -> (characters: [CharacterTable.ReadCharacter], confidence: Double, beamSpaces: [Int])
    {
        let plain = characters.decodeCharacters(output)
        guard !greedy, decoding == .dictionaryBeam, let dictionary, !BeamSearch.isSure(output) else {
            return (plain.characters, plain.confidence, [])
        }
        let beam = BeamSearch.decode(output, table: characters, dictionary: dictionary, weakSpaces: false)
        return (DictionaryRepair.repaired(plain.characters, by: beam.characters), plain.confidence,
                DictionaryRepair.splits(plain.characters, by: beam.characters))
    }

    /// A line to read: its rectangle in the page, with a few pixels of margin.
    package struct LineRect {
        package var left: Int, top: Int, width: Int, height: Int

        package init(left: Int, top: Int, width: Int, height: Int) {
            (self.left, self.top, self.width, self.height) = (left, top, width, height)
        }
    }

    /// The text of each line of `page` (dark text on light) and the mean probability of its characters
    /// (0...1). Lines are run together in groups of about `stepsPerGroup` input columns, so the matrix
    /// multiplies are shared and memory stays bounded.
    /// `inverted` reads light text on dark ground (the lines' pixels are inverted first); `upsideDown` reads
    /// each line turned by 180 degrees.
    package func recognize(_ lines: [LineRect], in page: GrayImage, inverted: Bool = false, upsideDown: Bool = false,
                   scratch: LineScratch,
                   stepsPerGroup: Int = 24_000) -> [(text: String, confidence: Double)]
    {
        recognizeCharacters(lines, in: page, inverted: inverted, upsideDown: upsideDown, scratch: scratch,
                            stepsPerGroup: stepsPerGroup)
            .map { (CharacterTable.text(of: $0.characters), $0.confidence) }
    }

    /// The confidence `recognize` gives each line, without its text. That confidence is the greedy read's
    /// whatever the decoding (the dictionary beam only repairs characters), so the beam is not run.
    package func confidences(_ lines: [LineRect], in page: GrayImage, inverted: Bool = false,
                             upsideDown: Bool = false, scratch: LineScratch) -> [Double] {
        recognizeCharacters(lines, in: page, inverted: inverted, upsideDown: upsideDown, scratch: scratch,
                            greedy: true).map(\.confidence)
    }

    /// What `recognize` reads, character by character with the output step of each, each line's number of
    /// output steps (they span the line's width evenly) and the steps of the beam's spaces inside greedy words
    /// (`decode`). `greedy`: decoded greedily whatever `decoding` says (the same confidences).
    func recognizeCharacters(_ lines: [LineRect], in page: GrayImage, inverted: Bool = false,
                             upsideDown: Bool = false, scratch: LineScratch, stepsPerGroup: Int = 24_000,
                             greedy: Bool = false)
        -> [(characters: [CharacterTable.ReadCharacter], confidence: Double, steps: Int, beamSpaces: [Int])]
    {
        var results = [(characters: [CharacterTable.ReadCharacter], confidence: Double, steps: Int,
                        beamSpaces: [Int])](repeating: ([], 0, 0, []), count: lines.count)
        var group: [(index: Int, features: LineFeatures)] = []
        var columns = 0
        func flush() {
            guard !group.isEmpty else { return }
            let outputs = network.forward(group.map(\.features), scratch: scratch)
            for (member, output) in zip(group, outputs) {
                let read = decode(output, greedy: greedy)
                results[member.index] = (read.characters, read.confidence, output.positions, read.beamSpaces)
            }
            group.removeAll()
            columns = 0
        }
        for (index, line) in lines.enumerated() where line.width > 0 && line.height > 0 {
            precondition(line.left >= 0 && line.top >= 0 && line.left + line.width <= page.width
                         && line.top + line.height <= page.height, "line outside the page")
            let width = max(1, Int((Double(line.width) * Double(inputHeight) / Double(line.height)).rounded()))
            var scaled = GrayImage(width: width, height: inputHeight,
                                   pixels: [UInt8](repeating: 0, count: width * inputHeight))
            page.pixels.withUnsafeBufferPointer { source in
                scaled.pixels.withUnsafeMutableBufferPointer { target in
                    GrayResampler.resample(source, stride: page.width, left: line.left, top: line.top,
                                           width: line.width, height: line.height, into: target,
                                           targetWidth: width, targetHeight: inputHeight)
                }
            }
            if inverted { scaled.pixels = scaled.pixels.map { 255 - $0 } }
            if upsideDown { scaled.pixels.reverse() }
            group.append((index, Self.features(scaled)))
            columns += width
            if columns >= stepsPerGroup { flush() }
        }
        flush()
        return results
    }

    /// The network's input: pixels stretched so the line's dark and light levels map to -1 and 1.
    static func features(_ image: GrayImage) -> LineFeatures {
        let (black, white) = blackAndWhite(image)
        let contrast = white - black > 0 ? (white - black) / 2 : 1
        return LineFeatures(height: image.height, width: image.width, depth: 1,
                            values: image.pixels.map { min(1, max(-1, (Float($0) - black) / contrast - 1)) })
    }

    /// Dark and light levels from the local minima and maxima along the middle row (the row crosses some of
    /// the letters): the lower quartile of the minima and the upper quartile of the maxima, as Tesseract takes.
    /// When the middle row misses the letters (it spans less than `weakMiddleRow` of the image's range: "15"
    /// with a descender's room below passes between strokes), the extrema of every row are taken instead, so
    /// the piece is not stretched from its ground alone into noise the network reads as nothing.
    static func blackAndWhite(_ image: GrayImage) -> (black: Float, white: Float) {
        let middle = levels(image, rows: (image.height / 2)..<(image.height / 2 + 1))
        guard let lowest = image.pixels.min(), let highest = image.pixels.max(),
              Double(middle.white - middle.black) < weakMiddleRow * Double(Int(highest) - Int(lowest))
        else { return middle }
        return levels(image, rows: 0..<image.height)
    }

    /// The share of the image's range of levels below which the middle row is taken to miss the letters.
    static let weakMiddleRow = 0.25

    /// The lower quartile of the local minima and the upper quartile of the local maxima along `rows`.
    private static func levels(_ image: GrayImage, rows: Range<Int>) -> (black: Float, white: Float) {
        var minima: [Int] = [], maxima: [Int] = []
        if image.width >= 3 {
            image.pixels.withUnsafeBufferPointer { pixels in
                for y in rows where y < image.height {
                    let row = UnsafeBufferPointer(rebasing: pixels[(y * image.width)..<(y * image.width + image.width)])
                    for x in 1..<(image.width - 1) {
                        let previous = Int(row[x - 1]), current = Int(row[x]), next = Int(row[x + 1])
                        if (current < previous && current <= next) || (current <= previous && current < next) {
                            minima.append(current)
                        }
                        if (current > previous && current >= next) || (current >= previous && current > next) {
                            maxima.append(current)
                        }
                    }
                }
            }
        }
        if minima.isEmpty { minima = [0] }
        if maxima.isEmpty { maxima = [255] }
        return (percentile(minima, 0.25), percentile(maxima, 0.75))
    }

    /// The value below which `fraction` of `values` lie, interpolated within a value's share as Tesseract's
    /// histogram does.
    private static func percentile(_ values: [Int], _ fraction: Double) -> Float {
        let sorted = values.sorted()
        let target = min(max(fraction * Double(sorted.count), 1), Double(sorted.count))
        var below = 0.0
        var index = 0
        while index < sorted.count {
            let value = sorted[index]
            var count = 0.0
            while index < sorted.count && sorted[index] == value { count += 1; index += 1 }
            if below + count >= target { return Float(Double(value) + (target - below) / count) }
            below += count
        }
        return Float(sorted.last!) + 1
    }
}
