import LineRecognition

/// A page binarised locally, both ways at once: each pixel is dark ink (darker than the mean of the square around
/// it by more than a contrast margin), light ink (lighter by as much) or ground.
struct InkMap {
    /// Which of the two inks a pass looks for.
    enum Ink: UInt8 {
        case dark = 1
        case light = 2
    }

    let width: Int
    let height: Int
    /// `width * height` values: 0 ground, otherwise an `Ink` raw value.
    let classes: [UInt8]

    /// Classifies every pixel of `page` against the mean of the square of side `2 * radius + 1` around it
    /// (clipped to the page), from running window sums (`WindowSums`).
    init(_ page: GrayImage, radius: Int, contrast: Int) {
        width = page.width
        height = page.height
        let width = page.width
        var classes = [UInt8](repeating: 0, count: width * page.height)
        page.pixels.withUnsafeBufferPointer { pixels in
            classes.withUnsafeMutableBufferPointer { output in
                // Where no product can pass Int32, the columns whose window lies wholly inside the row (one area)
                // are classified in 32-bit integers, which run on vectors; the same comparisons, so the same classes.
                let narrow = (255 + abs(contrast)) * min(width, 2 * radius + 1) * min(page.height, 2 * radius + 1)
                    < Int(Int32.max)
                WindowSums.forEachRow(pixels, width: width, height: page.height, radius: radius) { y, totals, rows in
                    let row = y * width
                    @inline(__always) func classify(_ x: Int) {
                        let x0 = max(0, x - radius), x1 = min(width, x + radius + 1)
                        let total = Int(totals[x])
                        let area = (x1 - x0) * rows
                        // pixel * area against total ± contrast * area: no division per pixel.
                        let value = Int(pixels[row + x]) * area
                        if value + contrast * area < total {
                            output[row + x] = Ink.dark.rawValue
                        } else if value - contrast * area > total {
                            output[row + x] = Ink.light.rawValue
                        }
                    }
                    // Columns 0..<first and last..<width have windows cut by the row's ends (all of them when
                    // the window is wider than the row, or the products could overflow).
                    let first = narrow ? min(width, radius) : 0
                    let last = narrow ? max(first, width - radius) : 0
                    for x in 0..<first { classify(x) }
                    if last > first {
                        let area = Int32((2 * radius + 1) * rows), margin = Int32(contrast) &* area
                        let source = pixels.baseAddress! + row, target = output.baseAddress! + row
                        let sums = totals.baseAddress!
                        for x in first..<last {
                            let value = Int32(source[x]) &* area, total = Int32(bitPattern: sums[x])
                            let dark = value &+ margin < total, light = value &- margin > total
                            target[x] = dark ? Ink.dark.rawValue : (light ? Ink.light.rawValue : 0)
                        }
                    }
                    for x in last..<width { classify(x) }
                }
            }
        }
        self.classes = classes
    }

    /// The 8-connected components of `ink`: bounding boxes and pixel counts, found over runs of pixels (each run
    /// joined to the runs of the row above that touch it; a component's root is its first run).
    func components(of ink: Ink) -> [InkBlob] {
        let target = ink.rawValue, width = width, height = height
        guard width > 0, height > 0 else { return [] }
        return classes.withUnsafeBufferPointer { classes -> [InkBlob] in
            // The runs are counted first, so their arrays are allocated once and filled through pointers.
            var count = 0
            for y in 0..<height {
                let row = classes.baseAddress! + y * width
                // A run starts where the ink is and the pixel before is not (a loop without a carried flag, so
                // it runs on vectors).
                count += row[0] == target ? 1 : 0
                for x in 1..<width where row[x] == target && row[x - 1] != target { count += 1 }
            }
            guard count > 0 else { return [] }
            let starts = UnsafeMutablePointer<Int32>.allocate(capacity: count)
            let ends = UnsafeMutablePointer<Int32>.allocate(capacity: count)
            let rows = UnsafeMutablePointer<Int32>.allocate(capacity: count)
            let parent = UnsafeMutablePointer<Int32>.allocate(capacity: count)
            defer {
                starts.deallocate()
                ends.deallocate()
                rows.deallocate()
                parent.deallocate()
            }
            @inline(__always) func root(_ index: Int32) -> Int32 {
                var current = index
                while parent[Int(current)] != current {
                    parent[Int(current)] = parent[Int(parent[Int(current)])]
                    current = parent[Int(current)]
                }
                return current
            }
            var runs = 0, previousStart = 0, previousEnd = 0
            for y in 0..<height {
                let row = classes.baseAddress! + y * width
                let rowStart = runs
                var x = 0
                var scan = previousStart
                while true {
                    x = Self.first(in: row, from: x, width: width, target: target, equal: true)
                    guard x < width else { break }
                    let start = x
                    x = Self.first(in: row, from: x, width: width, target: target, equal: false)
                    let index = Int32(runs)
                    starts[runs] = Int32(start)
                    ends[runs] = Int32(x)
                    rows[runs] = Int32(y)
                    parent[runs] = index
                    runs += 1
                    // Runs of the row above touching [start - 1, x] (8-connected).
                    while scan < previousEnd && Int(ends[scan]) < start { scan += 1 }
                    var above = scan
                    while above < previousEnd && Int(starts[above]) <= x {
                        let a = root(Int32(above)), b = root(index)
                        if a != b { parent[Int(max(a, b))] = min(a, b) }
                        above += 1
                    }
                    if above > scan { scan = above - 1 }
                }
                previousStart = rowStart
                previousEnd = runs
            }
            var slot = [Int32](repeating: -1, count: runs)
            var blobs: [InkBlob] = []
            for index in 0..<runs {
                let x0 = Int(starts[index]), x1 = Int(ends[index]), y = Int(rows[index])
                let key = Int(root(Int32(index)))
                var position = Int(slot[key])
                if position < 0 {
                    position = blobs.count
                    slot[key] = Int32(position)
                    blobs.append(InkBlob(minX: x0, minY: y, maxX: x1, maxY: y + 1, pixels: 0))
                }
                blobs[position].minX = min(blobs[position].minX, x0)
                blobs[position].maxX = max(blobs[position].maxX, x1)
                blobs[position].maxY = max(blobs[position].maxY, y + 1)
                blobs[position].pixels += x1 - x0
            }
            return blobs
        }
    }
}

extension InkMap {
    /// The first column from `start` on whose class is `target` (`equal`) or is not (`!equal`); `width` if none.
    /// Eight pixels at a time: a row is mostly ground, and a run mostly more than a pixel.
    @inline(__always)
    static func first(in row: UnsafePointer<UInt8>, from start: Int, width: Int, target: UInt8, equal: Bool) -> Int {
        var x = start
        let ones: UInt64 = 0x0101_0101_0101_0101
        let pattern = UInt64(target) &* ones
        while x + 8 <= width {
            // Bytes that equal the target become 0 (little-endian: the first pixel is the lowest byte).
            let word = UnsafeRawPointer(row + x).loadUnaligned(as: UInt64.self) ^ pattern
            // equal: the lowest byte flagged by the zero-byte test is the first zero byte (a borrow can flag only
            // bytes above a true zero); not equal: any byte not zero.
            let flags = equal ? (word &- ones) & ~word & (ones &* 0x80) : word
            if flags != 0 { return x + flags.trailingZeroBitCount / 8 }
            x += 8
        }
        while x < width && (row[x] == target) != equal { x += 1 }
        return x
    }
}

/// One connected component of ink: its bounding box (max coordinates exclusive) and pixel count.
struct InkBlob: Equatable {
    var minX: Int, minY: Int, maxX: Int, maxY: Int
    var pixels: Int

    var width: Int { maxX - minX }
    var height: Int { maxY - minY }
    /// The share of the bounding box that is ink.
    var fill: Double { Double(pixels) / Double(max(1, width * height)) }

    /// Whether `other`'s box lies inside this one's.
    func contains(_ other: InkBlob) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }
}
