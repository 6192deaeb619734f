import Foundation
import Runner
import TestSupport

/// Loads a pipeline from JSON text, as if from the file "test.json".
func loadPipeline(_ json: String, registry: StageRegistry) throws(PipelineError) -> PipelineGraph {
    let spec = try PipelineSpec.parse(Data(json.utf8), file: "test.json")
    return try PipelineLoader(registry: registry, environment: StageEnvironment(baseDirectory: "/tmp")).load(spec, file: "test.json")
}

/// A joined input of an Int and a String produced for the same capture by two branches.
struct Pair: JoinedInput, Equatable {
    var number: Int
    var word: String?

    static var parts: [JoinPart] { [.required(Int.self), .optional(String.self)] }

    init(parts: JoinedParts) throws {
        number = try parts.require(Int.self)
        word = parts.get(String.self)
    }
}

/// A registry with a list source of the numbers 0..<count and a few small stage kinds:
/// `double` (Int -> Int), `spell` (Int -> String), `pair` (Pair -> String), `collect` (records what reaches it).
func testRegistry(count: Int = 5, collected: Collected = Collected()) -> StageRegistry {
    var registry = StageRegistry()
    registry.registerSource("list") { _ in ListSource(values: Array(0..<count)) }
    registry.register("double") { setup in
        let factor = try setup.options.int("factor", default: 2, in: 1...100)
        return ClosureStage<Int, Int> { value, _ in value * factor }
    }
    registry.register("spell") { _ in ClosureStage<Int, String> { value, _ in "n\(value)" } }
    registry.register("pair") { _ in ClosureStage<Pair, String> { pair, _ in "\(pair.number):\(pair.word ?? "-")" } }
    registry.register("collect") { _ in
        ClosureStage<String, String> { value, context in
            collected.add(context.capture, value)
            return value
        }
    }
    return registry
}

/// What reached a collecting stage, by capture.
final class Collected: Sendable {
    private let values = MutexBox<[CaptureID: [String]]>([:])

    func add(_ capture: CaptureID, _ value: String) { values.update { $0[capture, default: []].append(value) } }
    var all: [CaptureID: [String]] { values.get() }
}
