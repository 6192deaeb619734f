/// One layer of a Tesseract LSTM line-recognition network, as read from a traineddata file: the network
/// spec `[1,36,0,1 Ct3,3,16 Mp3,3 Lfys48 Lfx96 Lrx96 Lfx192 O1c1]` of `eng` becomes a series of these.
indirect enum LineLayer: Sendable {
    /// The network's input: a line image scaled to `height` pixels (0: any), `depth` channels.
    case input(height: Int, depth: Int)
    /// Layers applied one after another.
    case series([LineLayer])
    /// Layers applied to the same input, their features stacked.
    case parallel([LineLayer])
    /// Stacks each position's neighbourhood (2·halfX+1 by 2·halfY+1) into features; no weights of its own.
    case neighbourhood(halfX: Int, halfY: Int)
    /// The largest value of each feature over x by y blocks; shrinks the map by those factors.
    case maxpool(x: Int, y: Int)
    /// A fully connected layer applied at every position.
    case dense(DenseWeights)
    /// An LSTM running along x over every row; `summarizing` keeps only each row's last output.
    case recurrent(RecurrentWeights, summarizing: Bool)
    /// Runs `layer` on the map reversed or transposed, and undoes that on its output.
    case reoriented(Reorientation, LineLayer)

    /// How `reoriented` turns the map around its layer.
    enum Reorientation: Sendable {
        case reverseX, reverseY, transpose
    }
}

/// What a dense layer applies to its sums.
enum DenseActivation: Sendable {
    case tanh, logistic, relu, linear, softmax
    /// Clipped to 0...1 (Tesseract's `LinLogistic`).
    case clipUnit
    /// Clipped to -1...1 (Tesseract's `LinTanh`).
    case clipSymmetric

    /// Whether a larger sum never gives a smaller result, so pooling may come before the activation.
    var keepsOrder: Bool { self != .softmax }
}

/// The weights of a dense layer: `outputs` rows of `inputs` weights, row-major, and a bias per output.
struct DenseWeights: Sendable {
    var inputs: Int
    var outputs: Int
    var weights: [Float]
    var bias: [Float]
    var activation: DenseActivation
}

/// The weights of one LSTM layer, its four gates stacked in the order cell input, input gate, forget gate,
/// output gate (`cells` rows each).
struct RecurrentWeights: Sendable {
    var inputs: Int
    var cells: Int
    /// `4·cells` rows of `inputs` weights.
    var inputWeights: [Float]
    /// `4·cells` rows of `cells` weights, applied to the previous output.
    var recurrentWeights: [Float]
    /// `4·cells` biases.
    var bias: [Float]
    /// For an integer model, the same weights as 8-bit values (inputs' and previous outputs' parts), which
    /// the LSTM multiplies with instead of the floats.
    var quantized: (input: QuantizedMatrix, recurrent: QuantizedMatrix)? = nil
}
