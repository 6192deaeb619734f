/// Activations between layers: `channels` planes of `height × width` floats, channel-major (CHW), batch 1.
struct FeatureMap: Sendable {
    var channels: Int
    var height: Int
    var width: Int
    var values: [Float]

    init(channels: Int, height: Int, width: Int, values: [Float]) {
        precondition(values.count == channels * height * width,
                     "FeatureMap \(channels)×\(height)×\(width) with \(values.count) values")
        self.channels = channels
        self.height = height
        self.width = width
        self.values = values
    }

    init(channels: Int, height: Int, width: Int) {
        self.init(channels: channels, height: height, width: width,
                  values: [Float](repeating: 0, count: channels * height * width))
    }

    /// A map whose every value `fill` writes (no zeroing first: a matrix product overwrites it anyway).
    init(channels: Int, height: Int, width: Int, fill: (UnsafeMutablePointer<Float>) -> Void) {
        let count = channels * height * width
        self.init(channels: channels, height: height, width: width,
                  values: [Float](unsafeUninitializedCapacity: count) { buffer, initialized in
                      if let base = buffer.baseAddress, count > 0 { fill(base) }
                      initialized = count
                  })
    }

    var planeSize: Int { height * width }
}
