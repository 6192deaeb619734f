/// The configuration of a CLIP model: both towers and the shared embedding size, as Hugging Face's
/// `config.json` for a `CLIPModel` describes them (see `CLIPConfig+JSON.swift`).
public struct CLIPConfig: Sendable, Equatable {
    /// The image tower.
    public struct Vision: Sendable, Equatable {
        public var transformer: CLIPTransformerConfig
        /// Side of the square input image, in pixels.
        public var imageSize: Int
        /// Side of one square patch, in pixels.
        public var patchSize: Int

        public init(transformer: CLIPTransformerConfig, imageSize: Int, patchSize: Int) {
            self.transformer = transformer
            self.imageSize = imageSize
            self.patchSize = patchSize
        }

        /// Patches along one side of the image.
        public var gridSize: Int { imageSize / patchSize }
        /// Tokens per image: one per patch plus the class token.
        public var sequenceLength: Int { gridSize * gridSize + 1 }
    }

    /// The text tower.
    public struct Text: Sendable, Equatable {
        public var transformer: CLIPTransformerConfig
        /// The most tokens one text may have, start and end tokens included (`max_position_embeddings`).
        public var contextLength: Int
        public var vocabularySize: Int
        /// The end token's id. Checkpoints from before Hugging Face fixed it say 2; then the text's vector is
        /// taken at the largest token id (CLIP's end token has the largest id), as the reference does.
        public var endTokenID: Int

        public init(transformer: CLIPTransformerConfig, contextLength: Int, vocabularySize: Int, endTokenID: Int) {
            self.transformer = transformer
            self.contextLength = contextLength
            self.vocabularySize = vocabularySize
            self.endTokenID = endTokenID
        }
    }

    public var vision: Vision
    public var text: Text
    /// Size of the shared image-text embedding (`projection_dim`).
    public var projectionSize: Int

    public init(vision: Vision, text: Text, projectionSize: Int) {
        self.vision = vision
        self.text = text
        self.projectionSize = projectionSize
    }

    /// OpenAI's ViT-B/32, the model the pipeline uses by default.
    public static let vitB32 = CLIPConfig(
        vision: Vision(transformer: CLIPTransformerConfig(width: 768, intermediateSize: 3072, layers: 12, heads: 12),
                       imageSize: 224, patchSize: 32),
        text: Text(transformer: CLIPTransformerConfig(width: 512, intermediateSize: 2048, layers: 12, heads: 8),
                   contextLength: 77, vocabularySize: 49408, endTokenID: 49407),
        projectionSize: 512)
}
