import Captures
import Foundation
import LabelsStages
import Runner
import Synchronization
import Testing
import TestSupport

@Suite("The labels kind in a pipeline file")
struct LabelsRegistrationTests {
    /// What the collecting stage saw, by capture.
    final class Seen: Sendable {
        let labels = Mutex<[CaptureID: [String]]>([:])
    }

    /// A registry with the classifier's kinds, a `photos` source of the fixture captures and a `collect` stage.
    static func registry(seen: Seen = Seen()) throws -> StageRegistry {
        var registry = StageRegistry()
        registry.registerClassifierStages()
        let captures = try ["dog-at-window", "mountains"].map { try LabelsStageTests.capture($0) }
        registry.registerSource("photos") { _ in ListSource(values: captures) }
        registry.register("collect") { _ in
            ClosureStage<CaptureLabels, CaptureLabels> { labels, context in
                seen.labels.withLock { $0[context.capture] = labels.labels.map(\.name) }
                return labels
            }
        }
        return registry
    }

    static func load(labelsOptions: String, registry: StageRegistry) throws(PipelineError) -> PipelineGraph {
        let json = """
            {"sources": [{"id": "in", "kind": "photos"}],
             "stages": [{"id": "labels", "kind": "labels", "options": \(labelsOptions), "concurrency": 2},
                        {"id": "out", "kind": "collect"}],
             "edges": [{"from": "in", "to": "labels"}, {"from": "labels", "to": "out"}]}
            """
        let spec = try PipelineSpec.parse(Data(json.utf8), file: "labels.json")
        return try PipelineLoader(registry: registry, environment: StageEnvironment(baseDirectory: "/tmp"))
            .load(spec, file: "labels.json")
    }

    static func loadError(_ options: String) throws -> PipelineError? {
        let registry = try registry()
        do {
            _ = try load(labelsOptions: options, registry: registry)
            return nil
        } catch {
            return error
        }
    }

    @Test("a pipeline with labels loads with the default weights and labels every capture")
    func runs() async throws {
        _ = try ClassifierFixtures.classifier.get()  // fails with the setup hint when the weights are missing
        let seen = Seen()
        let graph = try Self.load(labelsOptions: "{}", registry: try Self.registry(seen: seen))
        let summary = try await PipelineRunner(graph: graph, ledger: InMemoryLedger()).run()
        #expect(summary.indexed == 2)
        let labels = seen.labels.withLock { $0 }
        #expect(labels[CaptureID("c0")]?.contains("dog") == true)
        #expect(labels[CaptureID("c1")]?.contains("mountain") == true)
    }

    @Test("a missing weights file fails the load, naming the stage, the option and the resolved file")
    func missingWeights() throws {
        let error = try #require(try Self.loadError(#"{"weights": "models/none.safetensors"}"#))
        #expect(error.stage == "labels")
        #expect(error.field == "options.weights")
        #expect(error.description.contains("/tmp/models/none.safetensors"))
        #expect(error.description.contains("scripts/setup"))
    }

    @Test("a weights file without a tensor fails the load naming the tensor")
    func malformedWeights() throws {
        let path = WeightsFileErrorTests.temporaryPath("registration-missing.safetensors")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try WeightsFileErrorTests.writeWeights(to: path, omit: "fc.bias")
        let error = try #require(try Self.loadError(#"{"weights": "\#(path)"}"#))
        #expect(error.field == "options.weights")
        #expect(error.description.contains(path) && error.description.contains("\"fc.bias\""))
    }

    @Test("options are checked: a threshold beyond 0...1 and a misspelt option are refused")
    func options() throws {
        let threshold = try #require(try Self.loadError(#"{"threshold": 1.5}"#))
        #expect(threshold.field == "options.threshold")
        let typo = try #require(try Self.loadError(#"{"treshold": 0.3}"#))
        #expect(typo.field == "options.treshold")
    }
}
