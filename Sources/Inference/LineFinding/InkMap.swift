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
    /// (clipped to the page), from a summed-area table.
    init(_ page: GrayImage, radius: Int, contrast: Int) {
        width = page.width
        height = page.height
        let width = page.width, height = page.height, stride = width + 1
        var sums = [UInt32](repeating: 0, count: stride * (height + 1))
        var classes = [UInt8](repeating: 0, count: width * height)
        page.pixels.withUnsafeBufferPointer { pixels in
            sums.withUnsafeMutableBufferPointer { table in
                for y in 0..<height {
                    var rowSum: UInt32 = 0
                    let above = y * stride, here = (y + 1) * stride, row = y * width
                    for x in 0..<width {
                        rowSum &+= UInt32(pixels[row + x])
                        table[here + x + 1] = table[above + x + 1] &+ rowSum
                    }
                }
                classes.withUnsafeMutableBufferPointer { output in
                    for y in 0..<height {
                        let y0 = max(0, y - radius), y1 = min(height, y + radius + 1)
                        let top = y0 * stride, bottom = y1 * stride, rows = y1 - y0, row = y * width
                        for x in 0..<width {
                            let x0 = max(0, x - radius), x1 = min(width, x + radius + 1)
                            let total = Int(table[bottom + x1] &- table[top + x1] &- table[bottom + x0]
                                &+ table[top + x0])
                            let area = (x1 - x0) * rows
                            // pixel * area against total ± contrast * area: no division per pixel.
                            let value = Int(pixels[row + x]) * area
                            if value + contrast * area < total {
                                output[row + x] = Ink.dark.rawValue
                            } else if value - contrast * area > total {
                                output[row + x] = Ink.light.rawValue
                            }
                        }
                    }
                }
            }
        }
        self.classes = classes
    }

    /// The 8-connected components of `ink`: bounding boxes and pixel counts, found over runs of pixels (each run
    /// joined to the runs of the row above that touch it).
    func components(of ink: Ink) -> [InkBlob] {
        var runs: [(x0: Int32, x1: Int32, y: Int32)] = []
        var parent: [Int32] = []
        var previousStart = 0, previousEnd = 0
        func root(_ index: Int32) -> Int32 {
            var current = index
            while parent[Int(current)] != current {
                parent[Int(current)] = parent[Int(parent[Int(current)])]
                current = parent[Int(current)]
            }
            return current
        }
        let target = ink.rawValue
        classes.withUnsafeBufferPointer { classes in
            for y in 0..<height {
                let row = y * width
                let rowStart = runs.count
                var x = 0
                var scan = previousStart
                while x < width {
                    guard classes[row + x] == target else { x += 1; continue }
                    let start = x
                    while x < width && classes[row + x] == target { x += 1 }
                    let index = Int32(runs.count)
                    runs.append((Int32(start), Int32(x), Int32(y)))
                    parent.append(index)
                    // Runs of the row above touching [start - 1, x] (8-connected).
                    while scan < previousEnd && Int(runs[scan].x1) < start { scan += 1 }
                    var above = scan
                    while above < previousEnd && Int(runs[above].x0) <= x {
                        let a = root(Int32(above)), b = root(index)
                        if a != b { parent[Int(max(a, b))] = min(a, b) }
                        above += 1
                    }
                    if above > scan { scan = above - 1 }
                }
                previousStart = rowStart
                previousEnd = runs.count
            }
        }
        var slot = [Int32](repeating: -1, count: runs.count)
        var blobs: [InkBlob] = []
        for index in runs.indices {
            let run = runs[index]
            let key = Int(root(Int32(index)))
            var position = Int(slot[key])
            if position < 0 {
                position = blobs.count
                slot[key] = Int32(position)
                blobs.append(InkBlob(minX: Int(run.x0), minY: Int(run.y), maxX: Int(run.x1), maxY: Int(run.y) + 1,
                                     pixels: 0))
            }
            blobs[position].minX = min(blobs[position].minX, Int(run.x0))
            blobs[position].maxX = max(blobs[position].maxX, Int(run.x1))
            blobs[position].maxY = max(blobs[position].maxY, Int(run.y) + 1)
            blobs[position].pixels += Int(run.x1 - run.x0)
        }
        return blobs
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
