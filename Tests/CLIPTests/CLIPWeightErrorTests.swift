import Foundation
import ModelEngine
import Testing
@testable import CLIPModel

@Suite("A missing or malformed CLIP model gives an error naming the file and tensor")
struct CLIPWeightErrorTests {
    @Test("a config that disagrees with the weights names the tensor and both shapes")
    func wrongShape() throws {
        let copy = try Fixture.modelCopy()
        let configFile = copy + "/config.json"
        let text = try String(contentsOfFile: configFile, encoding: .utf8)
            .replacingOccurrences(of: "\"projection_dim\": 16", with: "\"projection_dim\": 24")
        try text.write(toFile: configFile, atomically: true, encoding: .utf8)
        let error = #expect(throws: SafetensorsError.self) {
            try CLIPImageEmbedder(folder: CLIPModelFolder(path: copy))
        }
        #expect(error == .wrongShape(file: copy + "/model.safetensors", tensor: "visual_projection.weight",
                                     expected: [24, 48], found: [16, 48]))
    }

    @Test("a truncated weights file is refused when the model loads, naming the file")
    func truncatedWeights() throws {
        let copy = try Fixture.modelCopy()
        let weights = copy + "/model.safetensors"
        let data = try Data(contentsOf: URL(fileURLWithPath: weights))
        try data.prefix(data.count - 100).write(to: URL(fileURLWithPath: weights))
        #expect {
            try TextQueryEmbedder(folder: CLIPModelFolder(path: copy))
        } throws: { error in
            guard case .truncated(let file, _)? = error as? SafetensorsError else { return false }
            return file == weights && "\(error)".contains(weights)
        }
    }

    @Test("a weights file without a tensor the config needs names that tensor")
    func missingTensor() throws {
        let copy = try Fixture.modelCopy()
        let configFile = copy + "/config.json"
        // Three layers in the config, two in the file: layer 2 is missing.
        let text = try String(contentsOfFile: configFile, encoding: .utf8)
        let edited = text.replacingOccurrences(of: "\"num_hidden_layers\": 2", with: "\"num_hidden_layers\": 3")
        try edited.write(toFile: configFile, atomically: true, encoding: .utf8)
        let error = #expect(throws: SafetensorsError.self) {
            try TextQueryEmbedder(folder: CLIPModelFolder(path: copy))
        }
        #expect(error == .missingTensor(file: copy + "/model.safetensors",
                                        tensor: "text_model.encoder.layers.2.layer_norm1.weight"))
    }

    @Test("a config field of the wrong type is named with its file")
    func badConfig() throws {
        let copy = try Fixture.modelCopy()
        try #"{"vision_config": {"patch_size": "eight"}}"#.write(toFile: copy + "/config.json", atomically: true,
                                                                 encoding: .utf8)
        #expect {
            try CLIPModelFolder(path: copy).loadConfig()
        } throws: { error in
            guard case .badConfig(let file, let field, _)? = error as? CLIPError else { return false }
            return file == copy + "/config.json" && field == "vision_config.patch_size"
        }
    }
}

@Suite("A tokenizer that does not fit the model")
struct CLIPTokenizerMismatchTests {
    @Test("a vocabulary with ids beyond the model's vocabulary is refused when the embedder loads")
    func refusesLargerVocabulary() throws {
        let copy = try Fixture.modelCopy()
        let configFile = copy + "/config.json"
        let text = try String(contentsOfFile: configFile, encoding: .utf8)
        let vocabularySize = try #require(text.firstRange(of: "\"vocab_size\": 709"))
        try text.replacingCharacters(in: vocabularySize, with: "\"vocab_size\": 700")
            .write(toFile: configFile, atomically: true, encoding: .utf8)
        // The token embedding then has the wrong shape too; the tokenizer check comes first and names vocab.json.
        #expect(throws: CLIPError.badTokenizer(file: copy + "/vocab.json", reason:
            "ids up to 708, the model's vocabulary has 700 (another model's tokenizer?)")) {
            try TextQueryEmbedder(folder: CLIPModelFolder(path: copy))
        }
    }
}
