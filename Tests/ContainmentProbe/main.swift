// containment-probe: runs a pipeline like `pool-pipeline run` (supervised, with the journal of captures under way),
// with two more stage kinds that take the process down on purpose, for tests: `test.abort` aborts on captures whose
// path contains its `when` option; `test.hog` fills `megabytes` of memory on them. PROBE_MEMORY_LIMIT_MIB in the
// environment sets the run's memory ceiling.
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
        Self.note(input.file.relativePath, in: log)
        abort()
    }

    /// Appends `path` as a line to `log`.
    static func note(_ path: String, in log: String) {
        let descriptor = open(log, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        let line = Array((path + "\n").utf8)
        _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
    }
}

/// Fills `megabytes` of memory, page by page, on a capture whose path contains `marker`, after noting it in `log`.
struct HoggingStage: Stage {
    let marker: String
    let megabytes: Int
    let log: String

    func process(_ input: DecodedCapture, context: StageContext) async throws -> DecodedCapture {
        guard input.file.relativePath.contains(marker) else { return input }
        AbortingStage.note(input.file.relativePath, in: log)
        var blocks: [UnsafeMutableRawPointer] = []
        for _ in 0..<megabytes {
            guard let block = malloc(1 << 20) else { break }
            memset(block, 1, 1 << 20)
            blocks.append(block)
        }
        for block in blocks { free(block) }
        return input
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
registry.register("test.hog") { setup in
    HoggingStage(marker: try setup.options.string("when", default: "poison"),
                 megabytes: try setup.options.int("megabytes", default: 2048, in: 1...65536), log: attempts)
}
let ceiling = ProcessInfo.processInfo.environment["PROBE_MEMORY_LIMIT_MIB"].flatMap { Int($0) }
do {
    let indexer = try Indexer(pipeline: pipeline, indexPath: index, registry: registry, powerMonitor: nil,
                              mode: IndexingMode(memoryCeilingMiB: ceiling,
                                                 continuesInterruptedRun: RunSupervisor.isRestart))
    let summary = try await indexer.run()
    print("\(summary.reason.rawValue): indexed \(summary.indexed), failed \(summary.failed)")
    for failure in summary.failures { print("failed in \(failure.stageID): \(failure.reason)") }
    exit(0)
} catch {
    FileHandle.standardError.write(Data("containment-probe: \(error)\n".utf8))
    exit(1)
}
