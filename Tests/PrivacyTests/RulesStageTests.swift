import Foundation
import ObjectRules
import Runner
import RulesStages
import Testing

@Suite("The rules stage: built-in rules, a folder of the user's own, checked when the pipeline loads")
struct RulesStageTests {
    static func load(rules folder: String) throws -> PipelineGraph {
        var registry = StageRegistry()
        registry.registerRulesStages()
        registry.registerSource("list") { _ in ListOfTexts() }
        let spec = try PipelineSpec.parse(Data("""
            {"sources": [{"id": "in", "kind": "list"}],
             "stages": [{"id": "rules", "kind": "rules", "options": {"rules": "\(folder)"}}],
             "edges": [{"from": "in", "to": "rules"}]}
            """.utf8), file: "pipelines/mine.json")
        return try PipelineLoader(registry: registry, environment: StageEnvironment(baseDirectory: "/tmp")).load(spec, file: "pipelines/mine.json")
    }

    @Test func aBadRulesFileFailsTheLoadNamingPipelineStageFileAndField() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rules-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(#"{"leads": [{"kind": "gym", "type": "ExerciseGym", "requires": ["monee"]}]}"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/gym.json"))
        #expect {
            _ = try Self.load(rules: folder)
        } throws: { error in
            let text = String(describing: error)
            return text.contains("pipelines/mine.json") && text.contains("\"rules\"") && text.contains("gym.json")
                && text.contains("leads[0].requires[0]") && text.contains("unknown object kind \"monee\"")
        }
        #expect(throws: (any Error).self) { _ = try Self.load(rules: folder + "/missing") }
    }
}

/// A source of captures that are plain text (for loading only; the test never runs it).
struct ListOfTexts: CaptureSource {
    func captures(context: SourceContext, emit: (SourceCapture<RulesInput>) async throws -> Void) async throws {}
}
