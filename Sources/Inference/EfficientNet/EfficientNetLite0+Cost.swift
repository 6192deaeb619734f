extension EfficientNetLite0 {
    /// The work of one forward pass, layer by layer: what benchmarks compare the measured time against.
    public struct Cost: Sendable {
        /// The matrix products (m × k times k × n) the stem, the 1×1 convolutions and the classifier make, in order.
        public var matrixProducts: [(m: Int, n: Int, k: Int)]
        /// Multiply-adds of the depthwise convolutions, which run outside BLAS.
        public var depthwiseMultiplyAdds: Int

        /// Every multiply-add of the pass.
        public var multiplyAdds: Int {
            matrixProducts.reduce(depthwiseMultiplyAdds) { $0 + $1.m * $1.n * $1.k }
        }
    }

    /// The cost of one 224×224 image.
    public static var cost: Cost {
        var size = SamePadding(input: inputSize, kernel: 3, stride: 2).output
        var products = [(m: stemChannels, n: size * size, k: 3 * 3 * 3)]
        var depthwise = 0
        for spec in MBConvBlockSpec.lite0 {
            if spec.expandRatio != 1 {
                products.append((m: spec.expanded, n: size * size, k: spec.input))
            }
            size = SamePadding(input: size, kernel: spec.kernel, stride: spec.stride).output
            depthwise += spec.expanded * spec.kernel * spec.kernel * size * size
            products.append((m: spec.output, n: size * size, k: spec.expanded))
        }
        products.append((m: headChannels, n: size * size, k: MBConvBlockSpec.lite0.last!.output))
        products.append((m: classCount, n: 1, k: headChannels))
        return Cost(matrixProducts: products, depthwiseMultiplyAdds: depthwise)
    }
}
