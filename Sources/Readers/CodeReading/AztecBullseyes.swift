import LineRecognition

/// Finds where Aztec codes may stand: the centre of an Aztec code is a bullseye of square rings one module wide,
/// so a line through it crosses seven runs of equal width (light, dark, light, the dark centre, light, dark,
/// light) between two dark runs at least as wide, across and down alike. `CodeReader` scans for Aztec only
/// around such places (zxing-cpp 1.4 finds an Aztec code only when the image centre falls on it).
struct AztecBullseyes {
    /// Candidate centres, in pixels, with the module width seen there.
    struct Candidate: Equatable {
        var x: Int
        var y: Int
        var module: Double
    }

    /// At most this many candidates are returned (the strongest first: widest modules).
    static let limit = 12
    /// Modules narrower than this are not looked for (noise makes runs of one or two pixels everywhere).
    static let minimumModule = 2.0
    /// How much darker than its block's mean a pixel must be to count as dark (sensor noise must not).
    static let contrast = 24

    /// Side of the blocks whose mean sets what counts as dark around a pixel (a power of two: rows index
    /// their blocks by shifting).
    static let block = 32

    /// Candidates in `image`, dark meaning darker by `contrast` than the mean of the pixel's block.
    static func find(in image: GrayImage) -> [Candidate] {
        guard image.width >= 16, image.height >= 16 else { return [] }
        let width = image.width, height = image.height
        let thresholds = blockThresholds(image)
        let blocksAcross = (width + block - 1) / block
        var candidates: [Candidate] = []
        var lengths = [Int](repeating: 0, count: max(width, height) + 1)
        image.pixels.withUnsafeBufferPointer { pixels in
        thresholds.withUnsafeBufferPointer { thresholds in
            lengths.withUnsafeMutableBufferPointer { lengths in
                func dark(_ x: Int, _ y: Int) -> Bool {
                    Int(pixels[y * width + x]) < thresholds[(y / block) * blocksAcross + x / block]
                }
                for y in Swift.stride(from: 0, to: height, by: 2) {
                    let row = pixels.baseAddress! + y * width
                    let levels = thresholds.baseAddress! + (y / block) * blocksAcross
                    let (count, firstDark) = runLengths(count: width, into: lengths) {
                        Int(row[$0]) < levels[$0 / block]
                    }
                    for (centre, module) in matches(lengths, count: count, firstDark: firstDark) {
                        // The same pattern down the column through the centre.
                        let reach = Int(module * 8) + 2
                        let top = max(0, y - reach), bottom = min(height, y + reach + 1)
                        let (columnCount, columnDark) = runLengths(count: bottom - top, into: lengths) {
                            dark(centre, top + $0)
                        }
                        guard matches(lengths, count: columnCount, firstDark: columnDark)
                            .contains(where: { abs(top + $0.centre - y) <= Int(module) + 1 }) else { continue }
                        if let index = candidates.firstIndex(where: {
                            abs($0.x - centre) <= Int(module * 6) && abs($0.y - y) <= Int(module * 6)
                        }) {
                            candidates[index].module = max(candidates[index].module, module)
                        } else {
                            candidates.append(Candidate(x: centre, y: y, module: module))
                        }
                    }
                }
            }
        }
        }
        return Array(candidates.sorted { $0.module > $1.module }.prefix(limit))
    }

    /// For each block, the level below which a pixel counts as dark: its mean less `contrast`.
    private static func blockThresholds(_ image: GrayImage) -> [Int] {
        let width = image.width, height = image.height
        let across = (width + block - 1) / block, down = (height + block - 1) / block
        var sums = [Int](repeating: 0, count: across * down)
        image.pixels.withUnsafeBufferPointer { pixels in
            sums.withUnsafeMutableBufferPointer { sums in
                for y in 0..<height {
                    let row = pixels.baseAddress! + y * width, target = sums.baseAddress! + (y / block) * across
                    var x = 0, column = 0
                    while x < width {
                        let end = min(width, x + block)
                        var sum = 0
                        for index in x..<end { sum &+= Int(row[index]) }
                        target[column] &+= sum
                        x = end
                        column += 1
                    }
                }
            }
        }
        return sums.indices.map { index in
            let blockWidth = min(block, width - (index % across) * block)
            let blockHeight = min(block, height - (index / across) * block)
            return sums[index] / (blockWidth * blockHeight) - contrast
        }
    }

    /// The lengths of the runs of equal colour along a line of `count` pixels, into `lengths`; returns how
    /// many runs and whether the first is dark (colours alternate from there).
    private static func runLengths(count: Int, into lengths: UnsafeMutableBufferPointer<Int>,
                                   dark: (Int) -> Bool) -> (count: Int, firstDark: Bool) {
        guard count > 0 else { return (0, false) }
        let firstDark = dark(0)
        var colour = firstDark, runs = 0, length = 1
        for index in 1..<count {
            let current = dark(index)
            if current == colour {
                length += 1
            } else {
                lengths[runs] = length
                runs += 1
                colour = current
                length = 1
            }
        }
        lengths[runs] = length
        return (runs + 1, firstDark)
    }

    /// Bullseye crossings among the runs: the centre pixel of the middle dark run and the module width.
    private static func matches(_ lengths: UnsafeMutableBufferPointer<Int>, count: Int, firstDark: Bool)
        -> [(centre: Int, module: Double)]
    {
        guard count >= 9 else { return [] }
        var found: [(centre: Int, module: Double)] = []
        var start = 0
        for k in 0..<(count - 4) {
            defer { start += lengths[k] }
            // Dark runs are the even ones when the line starts dark, the odd ones otherwise.
            guard k >= 4, (k % 2 == 0) == firstDark else { continue }
            var total = 0
            for index in (k - 3)...(k + 3) { total += lengths[index] }
            let module = Double(total) / 7
            guard module >= minimumModule else { continue }
            var even = true
            for index in (k - 3)...(k + 3) {
                let length = Double(lengths[index])
                if length < module * 0.6 || length > module * 1.4 { even = false; break }
            }
            guard even, Double(lengths[k - 4]) >= module * 0.6, Double(lengths[k + 4]) >= module * 0.6 else { continue }
            found.append((start + lengths[k] / 2, module))
        }
        return found
    }
}
