/// Reading a network the way Tesseract serialises it (`Network::CreateFromFile` and the layers' own
/// `DeSerialize`): a header per layer, then what the layer holds.
extension LineLayer {
    /// Tesseract's layer type names, in the order of its `NetworkType` enum (old files store the number).
    private static let typeNames = [
        "Invalid", "Input", "Convolve", "Maxpool", "Parallel", "Replicated", "ParBidiLSTM", "DepParUDLSTM",
        "Par2dLSTM", "Series", "Reconfig", "RTLReversed", "TTBReversed", "XYTranspose", "LSTM", "SummLSTM",
        "Logistic", "LinLogistic", "LinTanh", "Tanh", "Relu", "Linear", "Softmax", "SoftmaxNoCTC",
        "LSTMSoftmax", "LSTMBinarySoftmax", "TensorFlow",
    ]

    /// Layers nested deeper than this are not a line network.
    private static let maximumDepth = 32
    /// The flag that adds per-layer learning rates after a container's layers.
    private static let layerSpecificRates: Int32 = 64
    /// The flag of Adam training data in a weight matrix.
    private static let adamFlag: UInt8 = 4

    static func read(_ bytes: inout ModelBytes, depth: Int = 0) throws(ReadingError) -> LineLayer {
        guard depth < maximumDepth else { throw bytes.failure("layers nested more than \(maximumDepth) deep") }
        let typeNumber = Int(try bytes.int8("a layer type"))
        let type: String
        if typeNumber == 0 {
            type = try bytes.string("a layer type name")
        } else {
            guard typeNumber > 0, typeNumber < typeNames.count else {
                throw bytes.failure("unknown layer type \(typeNumber)")
            }
            type = typeNames[typeNumber]
        }
        let training = try bytes.int8("the training flag of a \(type) layer") == 1
        _ = try bytes.int8("the backprop flag of a \(type) layer")
        let flags = try bytes.int32("the flags of a \(type) layer")
        let inputs = try bytes.count("the inputs of a \(type) layer", limit: 1 << 20)
        let outputs = try bytes.count("the outputs of a \(type) layer", limit: 1 << 20)
        _ = try bytes.int32("the weight count of a \(type) layer")
        let name = try bytes.string("a layer name")
        let layer = "\(type) layer \"\(name)\""

        switch type {
        case "Input":
            _ = try bytes.int32("the batch of \(layer)")
            let height = try bytes.count("the height of \(layer)", limit: 4096)
            _ = try bytes.int32("the width of \(layer)")
            let channels = try bytes.count("the depth of \(layer)", limit: 4)
            _ = try bytes.int32("the loss type of \(layer)")
            return .input(height: height, depth: channels)
        case "Convolve":
            let halfX = try bytes.count("the half width of \(layer)", limit: 64)
            let halfY = try bytes.count("the half height of \(layer)", limit: 64)
            return .neighbourhood(halfX: halfX, halfY: halfY)
        case "Maxpool":
            let x = try bytes.count("the x factor of \(layer)", limit: 64)
            let y = try bytes.count("the y factor of \(layer)", limit: 64)
            guard x > 0, y > 0 else { throw bytes.failure("\(layer) pools by \(x)x\(y)") }
            return .maxpool(x: x, y: y)
        case "Series", "Parallel", "Replicated", "ParBidiLSTM", "DepParUDLSTM", "RTLReversed", "TTBReversed",
             "XYTranspose":
            let count = Int(try bytes.uint32("the layer count of \(layer)"))
            guard count <= 1000 else { throw bytes.failure("\(layer) holds \(count) layers") }
            var stack: [LineLayer] = []
            for _ in 0..<count { stack.append(try read(&bytes, depth: depth + 1)) }
            if flags & layerSpecificRates != 0 {
                let rates = Int(try bytes.uint32("the learning rates of \(layer)"))
                _ = try bytes.take(4 * rates, for: "the learning rates of \(layer)")
            }
            switch type {
            case "Series": return .series(stack)
            case "RTLReversed", "TTBReversed", "XYTranspose":
                guard stack.count == 1 else { throw bytes.failure("\(layer) wraps \(stack.count) layers, not 1") }
                let turn: Reorientation = type == "RTLReversed" ? .reverseX
                    : type == "TTBReversed" ? .reverseY : .transpose
                return .reoriented(turn, stack[0])
            default: return .parallel(stack)
            }
        case "LSTM", "SummLSTM":
            let sourceWidth = try bytes.count("the source width of \(layer)", limit: 1 << 20)
            var gates: [Matrix] = []
            for gate in ["cell input", "input gate", "forget gate", "output gate"] {
                gates.append(try readMatrix(&bytes, training: training, what: "the \(gate) of \(layer)"))
            }
            let cells = gates[0].rows
            guard cells == outputs, sourceWidth == inputs + cells,
                  gates.allSatisfy({ $0.rows == cells && $0.columns == sourceWidth + 1 }) else {
                throw bytes.failure("\(layer) has gate matrices that do not fit \(inputs) inputs and \(outputs) "
                    + "cells (a 2-D or softmax LSTM, which this recogniser does not run)")
            }
            var weights = RecurrentWeights(gates: gates.map(\.values), inputs: inputs, cells: cells)
            let integers = gates.compactMap(\.integers)
            if integers.count == gates.count {
                weights.quantize(gates: integers.map(\.values), steps: integers.flatMap(\.steps))
            }
            return .recurrent(weights, summarizing: type == "SummLSTM")
        case "Logistic", "LinLogistic", "LinTanh", "Tanh", "Relu", "Linear", "Softmax", "SoftmaxNoCTC":
            let matrix = try readMatrix(&bytes, training: training, what: "the weights of \(layer)")
            guard matrix.rows == outputs, matrix.columns == inputs + 1 else {
                throw bytes.failure("\(layer) has a \(matrix.rows)x\(matrix.columns) weight matrix for "
                    + "\(inputs) inputs and \(outputs) outputs")
            }
            let activation: DenseActivation = switch type {
            case "Logistic": .logistic
            case "LinLogistic": .clipUnit
            case "LinTanh": .clipSymmetric
            case "Tanh": .tanh
            case "Relu": .relu
            case "Linear": .linear
            default: .softmax
            }
            return .dense(DenseWeights(matrix: matrix.values, inputs: inputs, outputs: outputs,
                                       activation: activation))
        default:
            throw bytes.failure("\(layer) is of a type this recogniser does not run")
        }
    }

    /// A weight matrix as read: floats, and for an integer model its 8-bit values and each row's step.
    struct Matrix {
        var rows: Int
        var columns: Int
        var values: [Float]
        var integers: (values: [Int8], steps: [Float])? = nil
    }

    /// One `WeightMatrix`: rows of weights whose last column is the bias, as 8-bit integers with a scale per
    /// row or as doubles (floats in the oldest files).
    private static func readMatrix(_ bytes: inout ModelBytes, training: Bool, what: String)
        throws(ReadingError) -> Matrix
    {
        let mode = try bytes.uint8("the mode of \(what)")
        let integers = mode & 1 != 0, doubles = mode & 128 != 0
        if integers {
            let rows = try bytes.count("the rows of \(what)", limit: Int(UInt16.max))
            let columns = try bytes.count("the columns of \(what)", limit: Int(UInt16.max))
            _ = try bytes.int8("the fill value of \(what)")
            let raw = try bytes.take(rows * columns, for: what)
            var scales: [Double] = []
            let count = Int(try bytes.uint32("the scale count of \(what)"))
            guard count == rows else { throw bytes.failure("\(what) has \(count) scales for \(rows) rows") }
            for _ in 0..<count {
                // New files store the quantisation step; old ones the step divided by 127 once more.
                scales.append(doubles ? try bytes.float64("a scale of \(what)")
                                      : Double(try bytes.float32("a scale of \(what)")) * 127)
            }
            let integers = raw.map { Int8(bitPattern: $0) }
            var values = [Float](repeating: 0, count: rows * columns)
            for (index, value) in integers.enumerated() {
                values[index] = Float(Double(value) * scales[index / columns])
            }
            return Matrix(rows: rows, columns: columns, values: values,
                          integers: (integers, scales.map { Float($0) }))
        }
        let matrix = try readFloatMatrix(&bytes, doubles: doubles, what: what)
        if training {
            // Training snapshots carry the last updates (and Adam's sums) after the weights.
            _ = try readFloatMatrix(&bytes, doubles: doubles, what: "the updates of \(what)")
            if mode & adamFlag != 0 {
                _ = try readFloatMatrix(&bytes, doubles: doubles, what: "the Adam sums of \(what)")
            }
        }
        return matrix
    }

    private static func readFloatMatrix(_ bytes: inout ModelBytes, doubles: Bool, what: String)
        throws(ReadingError) -> Matrix
    {
        let rows = try bytes.count("the rows of \(what)", limit: Int(UInt16.max))
        let columns = try bytes.count("the columns of \(what)", limit: Int(UInt16.max))
        let size = doubles ? 8 : 4
        _ = try bytes.take(size, for: "the fill value of \(what)")
        var values: [Float] = []
        values.reserveCapacity(rows * columns)
        for _ in 0..<(rows * columns) {
            values.append(doubles ? Float(try bytes.float64(what)) : try bytes.float32(what))
        }
        return Matrix(rows: rows, columns: columns, values: values)
    }
}

extension DenseWeights {
    /// Splits Tesseract's matrix (bias as the last column) into weights and bias.
    init(matrix: [Float], inputs: Int, outputs: Int, activation: DenseActivation) {
        var weights: [Float] = [], bias: [Float] = []
        weights.reserveCapacity(inputs * outputs)
        for row in 0..<outputs {
            let start = row * (inputs + 1)
            weights += matrix[start..<(start + inputs)]
            bias.append(matrix[start + inputs])
        }
        self.init(inputs: inputs, outputs: outputs, weights: weights, bias: bias, activation: activation)
    }
}

extension RecurrentWeights {
    /// Keeps the gates' 8-bit values (columns as in `init(gates:inputs:cells:)`) for the integer path.
    mutating func quantize(gates: [[Int8]], steps: [Float]) {
        let columns = inputs + cells + 1
        var inputRows: [[Int8]] = [], recurrentRows: [[Int8]] = []
        for gate in gates {
            for row in 0..<cells {
                let start = row * columns
                inputRows.append(Array(gate[start..<(start + inputs)]))
                recurrentRows.append(Array(gate[(start + inputs)..<(start + inputs + cells)]))
            }
        }
        quantized = (QuantizedMatrix(rows: inputRows, steps: steps, inputs: inputs),
                     QuantizedMatrix(rows: recurrentRows, steps: steps, inputs: cells))
    }

    /// Splits Tesseract's four gate matrices (columns: inputs, previous outputs, bias) into stacked input
    /// weights, recurrent weights and biases.
    init(gates: [[Float]], inputs: Int, cells: Int) {
        let columns = inputs + cells + 1
        var inputWeights: [Float] = [], recurrentWeights: [Float] = [], bias: [Float] = []
        for gate in gates {
            for row in 0..<cells {
                let start = row * columns
                inputWeights += gate[start..<(start + inputs)]
                recurrentWeights += gate[(start + inputs)..<(start + inputs + cells)]
                bias.append(gate[start + inputs + cells])
            }
        }
        self.init(inputs: inputs, cells: cells, inputWeights: inputWeights, recurrentWeights: recurrentWeights,
                  bias: bias)
    }
}
