import PoolPipeline
import Runner

/// `pool-pipeline kinds`: the stage and source kinds a pipeline file may name.
struct KindsCommand: Command {
    static let name = "kinds"
    static let abstract = "List the stage and source kinds a pipeline file may name"
    static let help = """
        Usage: pool-pipeline kinds

        """

    init(_ words: [String]) throws {
        _ = try Arguments(words).positionals()
    }

    func run() async throws -> ExitCode {
        let registry = StageRegistry.builtIn
        print("sources:")
        for kind in registry.sourceKinds { print("  \(kind)") }
        print("stages:")
        for kind in registry.stageKinds { print("  \(kind)") }
        return .success
    }
}
