/// The shape of one inverted-residual (MBConv) block of EfficientNet-Lite0, as TensorFlow's
/// `efficientnet_lite_builder` defines the network: seven stages of 1, 2, 2, 3, 3, 4 and 1 blocks.
struct MBConvBlockSpec: Equatable, Sendable {
    var input: Int
    var output: Int
    var kernel: Int
    var stride: Int
    var expandRatio: Int

    /// The width of the depthwise stage.
    var expanded: Int { input * expandRatio }
    /// Whether the block adds its input to its output (same shape in and out).
    var hasResidual: Bool { stride == 1 && input == output }

    /// EfficientNet-Lite0's 16 blocks. Strings are the builder's own notation: `r` repeats, `k` kernel,
    /// `s` stride of the first repeat, `e` expand ratio, `i`/`o` channels.
    static let lite0: [MBConvBlockSpec] = {
        let stages = [
            (repeats: 1, kernel: 3, stride: 1, expand: 1, input: 32, output: 16),   // r1_k3_s11_e1_i32_o16
            (repeats: 2, kernel: 3, stride: 2, expand: 6, input: 16, output: 24),   // r2_k3_s22_e6_i16_o24
            (repeats: 2, kernel: 5, stride: 2, expand: 6, input: 24, output: 40),   // r2_k5_s22_e6_i24_o40
            (repeats: 3, kernel: 3, stride: 2, expand: 6, input: 40, output: 80),   // r3_k3_s22_e6_i40_o80
            (repeats: 3, kernel: 5, stride: 1, expand: 6, input: 80, output: 112),  // r3_k5_s11_e6_i80_o112
            (repeats: 4, kernel: 5, stride: 2, expand: 6, input: 112, output: 192), // r4_k5_s22_e6_i112_o192
            (repeats: 1, kernel: 3, stride: 1, expand: 6, input: 192, output: 320), // r1_k3_s11_e6_i192_o320
        ]
        return stages.flatMap { stage in
            (0..<stage.repeats).map { repeat_ in
                MBConvBlockSpec(input: repeat_ == 0 ? stage.input : stage.output, output: stage.output,
                                kernel: stage.kernel, stride: repeat_ == 0 ? stage.stride : 1,
                                expandRatio: stage.expand)
            }
        }
    }()
}
