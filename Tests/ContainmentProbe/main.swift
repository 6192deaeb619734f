// containment-probe: runs a pipeline like `pool-pipeline run` (supervised, with the journal of captures under way),
// with one more stage kind, `test.abort`, that aborts the process on captures whose path contains its `when`
// option. Tests use it to take the process down on purpose.
//
//     containment-probe <pipeline.json> <index.sqlite> <attempts.log>
import Captures
import Foundation
import PoolPipeline
import Runner

/// Aborts the process on a capture whose path contains `marker`, after appending the path to `log`.
struct AbortingStage: Stage {
    let marker: String
    let log: String

    func process(_ input: DecodedCapture, context: StageContext) async throws -> DecodedCapture {
        guard input.file.relativePath.contains(marker) else { return input }
        let descriptor = open(log, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        let line = Array((input.file.relativePath + "\n").utf8)
        _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        abort()
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 4 else {
    FileHandle.standardError.write(Data("usage: containment-probe <pipeline.json> <index.sqlite> <attempts.log>\n".utf8))
    exit(64)
}
let (pipeline, index, attempts) = (arguments[1], arguments[2], arguments[3])
guard RunSupervisor.isSupervised else { exit(RunSupervisor.supervise(indexPath: index)) }
RunSupervisor.attachToSupervisor()

var registry = StageRegistry.builtIn
registry.register("test.abort") { setup in
    AbortingStage(marker: try setup.options.string("when", default: "poison"), log: attempts)
}
do {
    let indexer = try Indexer(pipeline: pipeline, indexPath: index, registry: registry, powerMonitor: nil)
    let summary = try await indexer.run()
    print("\(summary.reason.rawValue): indexed \(summary.indexed), failed \(summary.failed)")
    for failure in summary.failures { print("failed in \(failure.stageID): \(failure.reason)") }
    exit(0)
} catch {
    FileHandle.standardError.write(Data("containment-probe: \(error)\n".utf8))
    exit(1)
}
