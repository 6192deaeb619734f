import CLineKernels

/// A map of feature vectors over a line image: `height` rows of `width` positions, `depth` floats each,
/// stored row by row. What the line network's layers pass to one another.
struct LineFeatures {
    var height: Int
    var width: Int
    var depth: Int
    var values: [Float]

    init(height: Int, width: Int, depth: Int, values: [Float]) {
        precondition(values.count == height * width * depth, "LineFeatures size mismatch")
        self.height = height
        self.width = width
        self.depth = depth
        self.values = values
    }

    init(height: Int, width: Int, depth: Int) {
        self.init(height: height, width: width, depth: depth,
                  values: [Float](repeating: 0, count: height * width * depth))
    }

    /// Positions in the map.
    var positions: Int { height * width }

    /// The map with x reversed in every row.
    func reversedX() -> LineFeatures {
        var result = self
        for y in 0..<height {
            for x in 0..<width {
                let from = (y * width + x) * depth, to = (y * width + width - 1 - x) * depth
                for f in 0..<depth { result.values[to + f] = values[from + f] }
            }
        }
        return result
    }

    /// The map with its rows in reverse order.
    func reversedY() -> LineFeatures {
        var result = self
        let row = width * depth
        for y in 0..<height {
            result.values.replaceSubrange((height - 1 - y) * row..<(height - y) * row,
                                          with: values[(y * row)..<((y + 1) * row)])
        }
        return result
    }

    /// The map with x and y swapped.
    func transposed() -> LineFeatures {
        var result = LineFeatures(height: width, width: height, depth: depth)
        guard !values.isEmpty else { return result }
        values.withUnsafeBufferPointer { source in
            result.values.withUnsafeMutableBufferPointer { target in
                line_transpose(source.baseAddress, Int32(height), Int32(width), Int32(depth), target.baseAddress)
            }
        }
        return result
    }

    /// The largest value of each feature over x by y blocks; the map shrinks by those factors.
    func maxpooled(x factorX: Int, y factorY: Int) -> LineFeatures {
        var result = LineFeatures(height: height / factorY, width: width / factorX, depth: depth)
        guard result.positions > 0 else { return result }
        values.withUnsafeBufferPointer { source in
            result.values.withUnsafeMutableBufferPointer { target in
                line_maxpool(source.baseAddress, Int32(height), Int32(width), Int32(depth), Int32(factorX),
                             Int32(factorY), target.baseAddress)
            }
        }
        return result
    }
}
