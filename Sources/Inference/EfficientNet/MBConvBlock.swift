import ModelEngine

/// One inverted-residual block: 1×1 expansion + ReLU6 (absent when the expand ratio is 1), depthwise k×k + ReLU6,
/// linear 1×1 projection, and the input added back when shapes allow. EfficientNet-Lite drops squeeze-and-excite.
struct MBConvBlock: Sendable {
    let spec: MBConvBlockSpec
    let expand: PointwiseConvolution?
    let depthwise: DepthwiseConvolution
    let project: PointwiseConvolution

    /// Reads `blocks.<index>.{expand,depthwise,project}.{weight,bias}`.
    init(weights: some TensorSource, index: Int, spec: MBConvBlockSpec) throws {
        self.spec = spec
        let prefix = "blocks.\(index)"
        expand = spec.expandRatio == 1 ? nil : try PointwiseConvolution(
            weights: weights, name: "\(prefix).expand", input: spec.input, output: spec.expanded, activation: .relu6)
        depthwise = try DepthwiseConvolution(weights: weights, name: "\(prefix).depthwise", channels: spec.expanded,
                                             kernel: spec.kernel, stride: spec.stride)
        project = try PointwiseConvolution(weights: weights, name: "\(prefix).project", input: spec.expanded,
                                           output: spec.output, activation: .none)
    }

    func apply(_ input: FeatureMap) -> FeatureMap {
        let expanded = expand.map { $0.apply(input) } ?? input
        var output = project.apply(depthwise.apply(expanded))
        if spec.hasResidual {
            input.values.withUnsafeBufferPointer { residual in
                output.values.withUnsafeMutableBufferPointer { sum in
                    for index in 0..<sum.count { sum[index] += residual[index] }
                }
            }
        }
        return output
    }
}
