@testable import ImageClassifier
import Testing

@Suite("Convolution kernels")
struct ConvolutionTests {
    @Test("SAME padding puts the odd pixel after, as TensorFlow does",
          arguments: [(224, 3, 2, 112, 0, 1), (112, 3, 1, 112, 1, 1), (56, 5, 2, 28, 1, 2), (14, 5, 1, 14, 2, 2),
                      (7, 3, 2, 4, 1, 1), (28, 3, 2, 14, 0, 1)])
    func samePadding(input: Int, kernel: Int, stride: Int, output: Int, before: Int, after: Int) {
        let padding = SamePadding(input: input, kernel: kernel, stride: stride)
        #expect([padding.output, padding.before, padding.after] == [output, before, after])
    }

    /// Depthwise convolution written the slow, obvious way: each output reads the input at
    /// `out * stride + k - padBefore`, zero outside.
    static func naiveDepthwise(_ input: FeatureMap, layer: DepthwiseConvolution) -> FeatureMap {
        let vertical = SamePadding(input: input.height, kernel: layer.kernel, stride: layer.stride)
        let horizontal = SamePadding(input: input.width, kernel: layer.kernel, stride: layer.stride)
        var output = FeatureMap(channels: input.channels, height: vertical.output, width: horizontal.output)
        for c in 0..<input.channels {
            for oy in 0..<vertical.output {
                for ox in 0..<horizontal.output {
                    var sum = Double(layer.bias[c])
                    for ky in 0..<layer.kernel {
                        for kx in 0..<layer.kernel {
                            let y = oy * layer.stride + ky - vertical.before
                            let x = ox * layer.stride + kx - horizontal.before
                            guard y >= 0, y < input.height, x >= 0, x < input.width else { continue }
                            sum += Double(layer.weight[(c * layer.kernel + ky) * layer.kernel + kx])
                                * Double(input.values[(c * input.height + y) * input.width + x])
                        }
                    }
                    output.values[(c * vertical.output + oy) * horizontal.output + ox] = Float(min(max(sum, 0), 6))
                }
            }
        }
        return output
    }

    static func pseudoRandom(_ count: Int, seed: UInt64) -> [Float] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Float(Int64(bitPattern: state >> 11) % 2001) / 1000 - 1
        }
    }

    @Test("depthwise convolution equals the obvious loop, odd sizes and both strides",
          arguments: [(3, 1, 9, 7), (3, 2, 9, 7), (5, 1, 6, 11), (5, 2, 13, 8)])
    func depthwiseMatchesNaive(kernel: Int, stride: Int, height: Int, width: Int) {
        let channels = 4
        let layer = DepthwiseConvolution(channels: channels, kernel: kernel, stride: stride,
                                         weight: Self.pseudoRandom(channels * kernel * kernel, seed: 1),
                                         bias: Self.pseudoRandom(channels, seed: 2))
        let input = FeatureMap(channels: channels, height: height, width: width,
                               values: Self.pseudoRandom(channels * height * width, seed: 3).map { $0 * 4 })
        let fast = layer.apply(input)
        let slow = Self.naiveDepthwise(input, layer: layer)
        #expect(fast.height == slow.height && fast.width == slow.width)
        let worst = zip(fast.values, slow.values).map { abs($0 - $1) }.max() ?? .infinity
        #expect(worst < 1e-5)
    }

    /// Every depthwise layer of EfficientNet-Lite0 as (kernel, stride, input side).
    static let networkDepthwiseShapes: [(Int, Int, Int)] = {
        var side = 112
        return MBConvBlockSpec.lite0.map { spec in
            defer { side = SamePadding(input: side, kernel: spec.kernel, stride: spec.stride).output }
            return (spec.kernel, spec.stride, side)
        }
    }()

    @Test("depthwise: the vector path and the portable path give the same bits on every layer shape of the network")
    func depthwiseVectorMatchesPortable() {
        for (kernel, stride, side) in Self.networkDepthwiseShapes {
            let channels = 3
            let layer = DepthwiseConvolution(channels: channels, kernel: kernel, stride: stride,
                                             weight: Self.pseudoRandom(channels * kernel * kernel, seed: 4),
                                             bias: Self.pseudoRandom(channels, seed: 5))
            let input = FeatureMap(channels: channels, height: side, width: side,
                                   values: Self.pseudoRandom(channels * side * side, seed: 6).map { $0 * 4 })
            let vector = layer.apply(input), portable = layer.apply(input, portable: true)
            #expect(vector.values.map(\.bitPattern) == portable.values.map(\.bitPattern),
                    "\(kernel)×\(kernel) stride \(stride) on \(side)×\(side)")
            let slow = Self.naiveDepthwise(input, layer: layer)
            let worst = zip(vector.values, slow.values).map { abs($0 - $1) }.max() ?? .infinity
            #expect(worst < 1e-5, "\(kernel)×\(kernel) stride \(stride) on \(side)×\(side): \(worst)")
        }
    }

    @Test("the network reads the 16 blocks of EfficientNet-Lite0, with residuals where shapes match")
    func architecture() {
        let blocks = MBConvBlockSpec.lite0
        #expect(blocks.count == 16)
        #expect(blocks.map(\.output) == [16, 24, 24, 40, 40, 80, 80, 80, 112, 112, 112, 192, 192, 192, 192, 320])
        #expect(blocks.filter(\.hasResidual).count == 9)
        #expect(blocks.reduce(1) { $0 * $1.stride } * 2 == 32) // 224 → 7
    }
}
