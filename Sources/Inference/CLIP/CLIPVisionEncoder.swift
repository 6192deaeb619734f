import ModelEngine

/// CLIP's image tower: patches → transformer → class token → projection, giving one L2-normalised vector per
/// image. Reads Hugging Face's `vision_model.*` and `visual_projection.weight` tensors.
public struct CLIPVisionEncoder: Sendable {
    public let config: CLIPConfig
    /// [width, 3·patch·patch]: the patch convolution as a matrix.
    let patchWeight: Tensor
    let classEmbedding: Tensor
    let positionEmbedding: Tensor
    let preNormWeight: Tensor, preNormBias: Tensor
    let layers: [CLIPEncoderLayer]
    let postNormWeight: Tensor, postNormBias: Tensor
    let projection: Tensor

    public init(config: CLIPConfig, weights: any TensorSource) throws {
        self.config = config
        let vision = config.vision
        let width = vision.transformer.width, patch = vision.patchSize
        patchWeight = try weights.tensor(named: "vision_model.embeddings.patch_embedding.weight",
                                         shape: [width, 3, patch, patch]).reshaped([width, 3 * patch * patch])
        classEmbedding = try weights.tensor(named: "vision_model.embeddings.class_embedding", shape: [width])
        positionEmbedding = try weights.tensor(named: "vision_model.embeddings.position_embedding.weight",
                                               shape: [vision.sequenceLength, width])
        preNormWeight = try weights.tensor(named: "vision_model.pre_layrnorm.weight", shape: [width])
        preNormBias = try weights.tensor(named: "vision_model.pre_layrnorm.bias", shape: [width])
        layers = try (0..<vision.transformer.layers).map { index in
            try CLIPEncoderLayer(prefix: "vision_model.encoder.layers.\(index)", config: vision.transformer,
                                 weights: weights)
        }
        postNormWeight = try weights.tensor(named: "vision_model.post_layernorm.weight", shape: [width])
        postNormBias = try weights.tensor(named: "vision_model.post_layernorm.bias", shape: [width])
        projection = try weights.tensor(named: "visual_projection.weight", shape: [config.projectionSize, width])
    }

    /// Embeds a batch of preprocessed images, each [3, imageSize, imageSize] (see `CLIPPreprocessor`);
    /// returns [images, projectionSize], every row of unit length.
    public func embed(_ images: [Tensor]) -> Tensor {
        let vision = config.vision
        let width = vision.transformer.width, length = vision.sequenceLength
        guard !images.isEmpty else { return Tensor(zeros: [0, config.projectionSize]) }
        for image in images {
            precondition(image.shape == [3, vision.imageSize, vision.imageSize],
                         "CLIP image of shape \(image.shape), expected [3, \(vision.imageSize), \(vision.imageSize)]")
        }
        let patches = patchRows(images).matmul(patchWeight, transposeOther: true)
        var hidden = Tensor(zeros: [images.count * length, width])
        hidden.storage.withUnsafeMutableBufferPointer { out in
            patches.storage.withUnsafeBufferPointer { patch in
                positionEmbedding.storage.withUnsafeBufferPointer { position in
                    classEmbedding.storage.withUnsafeBufferPointer { cls in
                        for image in 0..<images.count {
                            for token in 0..<length {
                                let row = (image * length + token) * width
                                for index in 0..<width {
                                    let content = token == 0 ? cls[index]
                                        : patch[(image * (length - 1) + token - 1) * width + index]
                                    out[row + index] = content + position[token * width + index]
                                }
                            }
                        }
                    }
                }
            }
        }
        hidden.layerNormalize(weight: preNormWeight, bias: preNormBias, epsilon: vision.transformer.layerNormEpsilon)
        // The class token (position 0) is all that is read: the last block computes only it.
        for (index, layer) in layers.enumerated() {
            layer.forward(&hidden, sequences: images.count, length: length, causal: false,
                          keeping: index == layers.count - 1 ? [Int](repeating: 0, count: images.count) : nil)
        }
        var pooled = layers.isEmpty ? hidden.rows(at: [Int](repeating: 0, count: images.count), sequenceLength: length) : hidden
        pooled.layerNormalize(weight: postNormWeight, bias: postNormBias, epsilon: vision.transformer.layerNormEpsilon)
        var embedded = pooled.matmul(projection, transposeOther: true)
        embedded.normalizeRows()
        return embedded
    }

    /// The images cut into patches, one row per patch in (channel, y, x) order: [images·patches, 3·patch²].
    private func patchRows(_ images: [Tensor]) -> Tensor {
        let size = config.vision.imageSize, patch = config.vision.patchSize, grid = config.vision.gridSize
        let columns = 3 * patch * patch
        var rows = Tensor(zeros: [images.count * grid * grid, columns])
        rows.storage.withUnsafeMutableBufferPointer { out in
            for (imageIndex, image) in images.enumerated() {
                image.storage.withUnsafeBufferPointer { pixels in
                    for gridY in 0..<grid {
                        for gridX in 0..<grid {
                            var target = ((imageIndex * grid + gridY) * grid + gridX) * columns
                            for channel in 0..<3 {
                                for y in 0..<patch {
                                    let source = (channel * size + gridY * patch + y) * size + gridX * patch
                                    for x in 0..<patch { out[target + x] = pixels[source + x] }
                                    target += patch
                                }
                            }
                        }
                    }
                }
            }
        }
        return rows
    }
}
