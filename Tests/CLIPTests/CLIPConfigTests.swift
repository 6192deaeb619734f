import Foundation
import Testing
@testable import CLIPModel

@Suite("CLIP config and preprocessor files")
struct CLIPConfigTests {
    @Test("the fixture's config.json, written by transformers, reads as the model it describes")
    func fixtureConfig() throws {
        let config = try CLIPModelFolder(path: Fixture.modelPath).loadConfig()
        #expect(config.vision.transformer == CLIPTransformerConfig(width: 48, intermediateSize: 96, layers: 2, heads: 3))
        #expect(config.vision.imageSize == 32 && config.vision.patchSize == 8 && config.vision.sequenceLength == 17)
        #expect(config.text.transformer == CLIPTransformerConfig(width: 32, intermediateSize: 64, layers: 2, heads: 2))
        #expect(config.text.contextLength == 77 && config.text.endTokenID == 708 && config.projectionSize == 16)
    }

    @Test("an older ViT-B/32-style config (text_config_dict overrides, eos_token_id 2) reads as ViT-B/32")
    func legacyConfig() throws {
        let path = try Fixture.temporaryFolder() + "/config.json"
        try #"""
        {"architectures": ["CLIPModel"], "projection_dim": 512, "logit_scale_init_value": 2.6592,
         "text_config": {"hidden_size": 512, "intermediate_size": 2048, "num_attention_heads": 8,
                         "num_hidden_layers": 12, "max_position_embeddings": 77, "vocab_size": 49408,
                         "eos_token_id": 2, "hidden_act": "quick_gelu", "layer_norm_eps": 1e-05, "bad_words_ids": null},
         "text_config_dict": {"hidden_act": "quick_gelu", "eos_token_id": 2},
         "vision_config": {"hidden_size": 768, "intermediate_size": 3072, "num_attention_heads": 12,
                           "num_hidden_layers": 12, "image_size": 224, "patch_size": 32, "num_channels": 3},
         "vision_config_dict": {"hidden_act": "quick_gelu"}, "torch_dtype": "float32"}
        """#.write(toFile: path, atomically: true, encoding: .utf8)
        var expected = CLIPConfig.vitB32
        expected.text.endTokenID = 2
        #expect(try CLIPConfig(contentsOf: path) == expected)
    }

    @Test("an unsupported activation or heads that do not divide the width are named")
    func invalidFields() throws {
        let path = try Fixture.temporaryFolder() + "/config.json"
        try #"{"text_config": {"hidden_act": "relu"}}"#.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: CLIPError.badConfig(file: path, field: "text_config.hidden_act",
                                            reason: "unsupported activation relu (supported: quick_gelu, gelu)")) {
            try CLIPConfig(contentsOf: path)
        }
        try #"{"vision_config": {"hidden_size": 100, "num_attention_heads": 12}}"#.write(toFile: path, atomically: true,
                                                                                          encoding: .utf8)
        #expect {
            try CLIPConfig(contentsOf: path)
        } throws: { error in
            guard case .badConfig(_, let field, _)? = error as? CLIPError else { return false }
            return field == "vision_config.num_attention_heads"
        }
    }

    @Test("an older preprocessor_config.json with plain numbers for size and crop_size reads the same")
    func olderPreprocessorConfig() throws {
        let path = try Fixture.temporaryFolder() + "/preprocessor_config.json"
        try #"""
        {"crop_size": 224, "do_center_crop": true, "do_normalize": true, "do_resize": true,
         "feature_extractor_type": "CLIPFeatureExtractor", "image_mean": [0.48145466, 0.4578275, 0.40821073],
         "image_std": [0.26862954, 0.26130258, 0.27577711], "resample": 3, "size": 224}
        """#.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try CLIPPreprocessor(contentsOf: path, imageSize: 224) == CLIPPreprocessor(imageSize: 224))
        try #"{"resample": 2}"#.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: CLIPError.self) { try CLIPPreprocessor(contentsOf: path, imageSize: 224) }
    }
}
