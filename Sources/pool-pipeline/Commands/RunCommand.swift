import Foundation
import PoolPipeline
import Runner
import Store

/// `pool-pipeline run`: indexes the captures a pipeline's sources list.
struct RunCommand: Command {
    static let name = "run"
    static let abstract = "Index the captures that a pipeline file's sources list"
    static let help = """
        Usage: pool-pipeline run <pipeline.json> [--index PATH] [--json | --plain]

        Loads and checks the pipeline, then indexes every new or changed capture of its sources; captures already
        indexed and unchanged are skipped, and captures gone from a source are dropped from the index.
        Ctrl-C (SIGINT) stops cleanly and the next run carries on; a second Ctrl-C quits at once. SIGTERM ends the
        run the same way (last run: endedBySystem). `pool-pipeline pause` and `resume` act on a running run.

        Options:
        \(IndexOption.help)  --json         print progress as JSON lines on standard output, then a summary line
          --plain        print a progress line every few seconds instead of a progress bar

        Exit codes: 0 done (failed captures are listed, not fatal), 1 the run failed, 64 bad usage or pipeline file,
        66 a source cannot be read, 74 the index cannot be opened, 130 stopped by SIGINT, 143 ended by SIGTERM.

        """

    let pipeline: String
    let indexPath: String
    let style: ProgressRenderer.Style

    init(_ words: [String]) throws {
        let arguments = try Arguments(words, options: ["index"], flags: ["json", "plain"])
        pipeline = try arguments.positionals("the pipeline file")[0]
        indexPath = IndexOption.path(arguments)
        if arguments.has("json") && arguments.has("plain") { throw UsageError("--json and --plain exclude each other") }
        style = arguments.has("json") ? .json : arguments.has("plain") || isatty(STDERR_FILENO) == 0 ? .lines : .bar
    }

    func run() async throws -> ExitCode {
        let indexer = try Indexer(pipeline: pipeline, indexPath: indexPath)
        let signals = SignalRelay(runner: indexer.runner)
        defer { signals.cancel() }
        let progress = Task { [style, runner = indexer.runner] in
            var renderer = ProgressRenderer(style: style)
            for await status in runner.statusUpdates().dropFirst() {   // the first is the status before the run
                guard let text = renderer.render(status) else { continue }
                if style == .json {
                    FileHandle.standardOutput.write(Data(text.utf8))
                } else {
                    FileHandle.standardError.write(Data(text.utf8))
                }
            }
            if style == .bar { FileHandle.standardError.write(Data("\n".utf8)) }
        }
        let summary = try await indexer.run()
        await progress.value
        report(summary, graph: indexer.graph)
        return exitCode(summary.reason)
    }

    private func report(_ summary: RunSummary, graph: PipelineGraph) {
        if style == .json {
            print(jsonLine(RunReport(summary: summary, index: indexPath)), terminator: "")
            return
        }
        print("\(summary.reason.rawValue): \(summary.status.detail.text)")
        print("indexed: \(summary.indexed)")
        print("failed: \(summary.failed)")
        for failure in summary.failures.prefix(50) {
            print("  \(failure.stageID): \(failure.reason)")
        }
        if summary.failures.count > 50 { print("  ... and \(summary.failures.count - 50) more") }
        if let problem = summary.problem { print("problem: \(problem)") }
        for note in summary.status.detail.notes { print("note: \(note)") }
        print("index: \(indexPath)")
    }

    private func exitCode(_ reason: LastRun.Reason) -> ExitCode {
        switch reason {
        case .completed: .success
        case .stopped: .interrupted
        case .endedBySystem: .terminated
        case .waiting: .noInput
        case .failed, .interrupted: .failure
        }
    }
}

/// The last line of `run --json`.
struct RunReport: Encodable {
    var event = "summary"
    var reason: String
    var indexed: Int
    var failed: Int
    var failures: [CaptureFailure]
    var problem: String?
    var index: String

    init(summary: RunSummary, index: String) {
        reason = summary.reason.rawValue
        indexed = summary.indexed
        failed = summary.failed
        failures = summary.failures
        problem = summary.problem
        self.index = index
    }
}
