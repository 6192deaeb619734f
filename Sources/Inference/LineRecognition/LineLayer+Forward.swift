import CLineKernels
import COpenBLAS

/// Running the network forward over the lines of a page at once: the layers that look at one line's pixels
/// run line by line, and those that can share their matrix multiplies across lines (dense layers, LSTMs over
/// whole rows or over the columns of every line) run on all of them together.
extension LineLayer {
    func forward(_ maps: [LineFeatures], scratch: LineScratch) -> [LineFeatures] {
        switch self {
        case .input:
            return maps
        case .series(let layers):
            var current = maps
            var index = 0
            while index < layers.count {
                // A convolution (neighbourhood and dense layer) pooled next is one pass, without the full-size
                // map; its activation, if it keeps order, is applied after pooling.
                if case .series(let inner) = layers[index], inner.count == 2,
                   case .neighbourhood(let halfX, let halfY) = inner[0], case .dense(let weights) = inner[1],
                   weights.activation.keepsOrder, index + 1 < layers.count,
                   case .maxpool(let x, let y) = layers[index + 1], weights.outputs <= 1024 {
                    current = current.map {
                        weights.applyOverNeighbourhood($0, halfX: halfX, halfY: halfY, pooling: (x, y))
                    }
                    index += 2
                } else if case .neighbourhood(let halfX, let halfY) = layers[index], index + 1 < layers.count,
                   case .dense(let weights) = layers[index + 1] {
                    current = current.map { weights.applyOverNeighbourhood($0, halfX: halfX, halfY: halfY) }
                    index += 2
                } else {
                    current = layers[index].forward(current, scratch: scratch)
                    index += 1
                }
            }
            return current
        case .parallel(let layers):
            let outputs = layers.map { $0.forward(maps, scratch: scratch) }
            return maps.indices.map { line in Self.stack(outputs.map { $0[line] }) }
        case .neighbourhood(let halfX, let halfY):
            return maps.map { Self.neighbourhood($0, halfX: halfX, halfY: halfY) }
        case .maxpool(let x, let y):
            return maps.map { $0.maxpooled(x: x, y: y) }
        case .dense(let weights):
            return weights.apply(maps, scratch: scratch)
        case .recurrent(let weights, let summarizing):
            return weights.run(maps, summarizing: summarizing, scratch: scratch)
        case .reoriented(.reverseX, let layer):
            return layer.forward(maps.map { $0.reversedX() }, scratch: scratch).map { $0.reversedX() }
        case .reoriented(.reverseY, let layer):
            return layer.forward(maps.map { $0.reversedY() }, scratch: scratch).map { $0.reversedY() }
        case .reoriented(.transpose, let layer):
            return layer.forward(maps.map { $0.transposed() }, scratch: scratch).map { $0.transposed() }
        }
    }

    /// The input height the network expects (0: any), from its first input layer.
    var inputHeight: Int? {
        switch self {
        case .input(let height, _): height
        case .series(let layers): layers.first?.inputHeight
        default: nil
        }
    }

    /// The input depth the network expects, from its first input layer.
    var inputDepth: Int? {
        switch self {
        case .input(_, let depth): depth
        case .series(let layers): layers.first?.inputDepth
        default: nil
        }
    }

    /// The features this layer gives for `depth` input features, or nil when some layer cannot take what it
    /// is given (checked when a model loads, so a malformed model fails there, not while reading).
    func outputDepth(for depth: Int) -> Int? {
        switch self {
        case .input(_, let expected):
            return expected == depth ? depth : nil
        case .series(let layers):
            return layers.reduce(Optional(depth)) { depth, layer in depth.flatMap { layer.outputDepth(for: $0) } }
        case .parallel(let layers):
            let depths = layers.map { $0.outputDepth(for: depth) }
            return depths.contains(nil) || depths.isEmpty ? nil : depths.reduce(0) { $0 + ($1 ?? 0) }
        case .neighbourhood(let halfX, let halfY):
            return depth * (2 * halfX + 1) * (2 * halfY + 1)
        case .maxpool:
            return depth
        case .dense(let weights):
            return weights.inputs == depth ? weights.outputs : nil
        case .recurrent(let weights, _):
            return weights.inputs == depth ? weights.cells : nil
        case .reoriented(_, let layer):
            return layer.outputDepth(for: depth)
        }
    }

    /// Features of parallel layers side by side; they all keep the input's height and width.
    private static func stack(_ maps: [LineFeatures]) -> LineFeatures {
        guard let first = maps.first else { preconditionFailure("an empty parallel layer") }
        let depth = maps.reduce(0) { $0 + $1.depth }
        var result = LineFeatures(height: first.height, width: first.width, depth: depth)
        var offset = 0
        for map in maps {
            precondition(map.height == first.height && map.width == first.width, "parallel layers disagree")
            for position in 0..<map.positions {
                for f in 0..<map.depth {
                    result.values[position * depth + offset + f] = map.values[position * map.depth + f]
                }
            }
            offset += map.depth
        }
        return result
    }

    /// Each position gets its neighbours' features, x outermost, then y, then feature; outside the map zero
    /// (Tesseract draws noise centred on zero there). Only for a neighbourhood no dense layer reads next.
    private static func neighbourhood(_ input: LineFeatures, halfX: Int, halfY: Int) -> LineFeatures {
        let taps = (2 * halfX + 1) * (2 * halfY + 1), depth = input.depth
        // A dense layer of identity rows: each output copies one tap's feature.
        var identity = [Float](repeating: 0, count: taps * depth * taps * depth)
        for index in 0..<(taps * depth) { identity[index * taps * depth + index] = 1 }
        let copy = DenseWeights(inputs: taps * depth, outputs: taps * depth, weights: identity,
                                bias: [Float](repeating: 0, count: taps * depth), activation: .linear)
        return copy.applyOverNeighbourhood(input, halfX: halfX, halfY: halfY)
    }
}

extension DenseWeights {
    /// The layer at every position of every map: one matrix multiply over all their positions.
    func apply(_ maps: [LineFeatures], scratch: LineScratch) -> [LineFeatures] {
        let positions = maps.reduce(0) { $0 + $1.positions }
        guard positions > 0 else { return maps.map { LineFeatures(height: $0.height, width: $0.width, depth: outputs) } }
        LineScratch.reserve(&scratch.denseInputs, positions * inputs)
        LineScratch.reserve(&scratch.denseSums, positions * outputs)
        scratch.denseInputs.withUnsafeMutableBufferPointer { gathered in
            var offset = 0
            for map in maps {
                precondition(map.depth == inputs, "dense layer of \(inputs) inputs given \(map.depth)")
                map.values.withUnsafeBufferPointer { (gathered.baseAddress! + offset).update(from: $0.baseAddress!, count: $0.count) }
                offset += map.values.count
            }
        }
        scratch.denseSums.withUnsafeMutableBufferPointer { out in
            for position in 0..<positions {
                _ = UnsafeMutableBufferPointer(rebasing: out[(position * outputs)..<((position + 1) * outputs)])
                    .update(fromContentsOf: bias)
            }
            scratch.denseInputs.withUnsafeBufferPointer { values in
                weights.withUnsafeBufferPointer { w in
                    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, blasint(positions), blasint(outputs),
                                blasint(self.inputs), 1, values.baseAddress, blasint(self.inputs), w.baseAddress,
                                blasint(self.inputs), 1, out.baseAddress, blasint(outputs))
                }
            }
            activate(out, positions: positions)
        }
        var results: [LineFeatures] = []
        var offset = 0
        for map in maps {
            let count = map.positions * outputs
            results.append(LineFeatures(height: map.height, width: map.width, depth: outputs,
                                        values: Array(scratch.denseSums[offset..<(offset + count)])))
            offset += count
        }
        return results
    }

    /// The layer over each position's neighbourhood (what a neighbourhood layer would have stacked), in one
    /// pass; with `pooling`, the largest result over blocks of that size (only for an activation that keeps
    /// order, applied after pooling).
    func applyOverNeighbourhood(_ input: LineFeatures, halfX: Int, halfY: Int, pooling: (x: Int, y: Int)? = nil)
        -> LineFeatures
    {
        precondition(input.depth * (2 * halfX + 1) * (2 * halfY + 1) == inputs,
                     "dense layer of \(inputs) inputs over a neighbourhood of \(input.depth)-feature positions")
        let pool = pooling ?? (1, 1)
        var result = LineFeatures(height: input.height / pool.y, width: input.width / pool.x, depth: outputs)
        let positions = result.positions
        guard positions > 0 else { return result }
        // The kernel reads a row of outputs per input value.
        var transposed = [Float](repeating: 0, count: weights.count)
        for o in 0..<outputs {
            for i in 0..<inputs { transposed[i * outputs + o] = weights[o * inputs + i] }
        }
        result.values.withUnsafeMutableBufferPointer { out in
            input.values.withUnsafeBufferPointer { values in
                transposed.withUnsafeBufferPointer { w in
                    bias.withUnsafeBufferPointer { b in
                        if pooling != nil {
                            line_neighbourhood_dense_maxpool(
                                values.baseAddress, Int32(input.height), Int32(input.width), Int32(input.depth),
                                Int32(halfX), Int32(halfY), w.baseAddress, b.baseAddress, Int32(outputs),
                                Int32(pool.x), Int32(pool.y), out.baseAddress)
                        } else {
                            line_neighbourhood_dense(
                                values.baseAddress, Int32(input.height), Int32(input.width), Int32(input.depth),
                                Int32(halfX), Int32(halfY), w.baseAddress, b.baseAddress, Int32(outputs),
                                out.baseAddress)
                        }
                    }
                }
            }
            activate(out, positions: positions)
        }
        return result
    }

    /// The activation over `positions` rows of sums, in place.
    private func activate(_ sums: UnsafeMutableBufferPointer<Float>, positions: Int) {
        let all = UnsafeMutableBufferPointer(rebasing: sums[0..<(positions * outputs)])
        switch activation {
        case .tanh: Activations.tanh(all)
        case .logistic: Activations.logistic(all)
        case .relu: for i in all.indices { all[i] = max(0, all[i]) }
        case .linear: break
        case .clipUnit: for i in all.indices { all[i] = min(1, max(0, all[i])) }
        case .clipSymmetric: for i in all.indices { all[i] = min(1, max(-1, all[i])) }
        case .softmax:
            for position in 0..<positions {
                Activations.softmax(UnsafeMutableBufferPointer(
                    rebasing: all[(position * outputs)..<((position + 1) * outputs)]))
            }
        }
    }
}

