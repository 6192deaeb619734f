import Foundation
import IndexClient
import ModelInstall
import PoolPipeline
import Runner
import Store
import Synchronization

/// `pool-pipeline run`: indexes the captures a pipeline's sources list, once, on a schedule, or continuously.
struct RunCommand: Command {
    static let name = "run"
    static let abstract = "Index the captures that a pipeline file's sources list"
    static let help = """
        Usage: pool-pipeline run <pipeline.json> [--index PATH] [--json | --plain]
                                 [--watch | --if-due] [--wait] [--background] [--memory-limit MIB]

        Loads and checks the pipeline, then indexes every new or changed capture of its sources; captures already
        indexed and unchanged are skipped, and captures gone from a source are dropped from the index.
        Ctrl-C (SIGINT) stops cleanly and the next run carries on; a second Ctrl-C quits at once. SIGTERM ends the
        run the same way (last run: endedBySystem). `pool-pipeline pause` and `resume` act on a running run.

        Options:
        \(IndexOption.help)  --json         print progress as JSON lines on standard output, then a summary line
          --plain        print a progress line every few seconds instead of a progress bar
          --watch        keep the index up to date: watch the sources' folders (inotify) and index new, changed
                         and deleted files within seconds (once they are complete and settled; a burst is one
                         pass), and run a full pass again at each next attempt as a safety net (15 min after a
                         completed run, 1 min after one ended by the system or interrupted, 10 min after a
                         failure, 1 min while a folder cannot be read); implies --wait. Before its first run it
                         waits for a next attempt the index already names. A run you stop (Ctrl-C) ends the
                         watch. pause, resume, index-now and status reach it through INDEX.control
          --if-due       for timers (cron, systemd): run only if the last run's next attempt has come (or, after
                         a one-off run, its interval has passed; never after a run you stopped), else say when it
                         is due and exit 0. Records the next attempt, as --watch does
          --wait         if another process is indexing into the index, wait for it (phase waitingForGrant)
                         instead of failing
          --background   do not slow down while the machine is hot, on battery or in a power-saver profile:
                         end the run (endedBySystem, saying why) and leave the rest for the next attempt
          --memory-limit MIB
                         the memory the run may use (default: half the machine's memory, at most 8192 MiB);
                         past it the indexing process ends and starts again, trying the captures it was
                         working on one at a time, and fails the capture that needs that much

        The run goes on in a child process: when a capture takes it down (a crash in a library, the memory
        limit), the child starts again, tries the captures it was working on one at a time, and records the
        one that takes it down again as failed ("ended the process in codes (SIGABRT) ..."); it is not tried
        again until its file changes.

        Exit codes: 0 done (failed captures are listed, not fatal; or not due), 1 the run failed, 64 bad usage or
        pipeline file, 66 a source cannot be read, 74 the index cannot be opened, is not a Pool pipeline index, or
        another process is indexing into it (without --wait), 75 a --background run yielded to the machine's state, 130 stopped by SIGINT,
        143 ended by SIGTERM.

        """

    let pipeline: String
    let indexPath: String
    let style: ProgressRenderer.Style
    let watch: Bool
    let ifDue: Bool
    let mode: IndexingMode

    init(_ words: [String]) throws {
        let arguments = try Arguments(words, options: ["index", "memory-limit"],
                                      flags: ["json", "plain", "watch", "if-due", "wait", "background"])
        pipeline = try arguments.positionals("the pipeline file")[0]
        indexPath = IndexOption.path(arguments)
        if arguments.has("json") && arguments.has("plain") { throw UsageError("--json and --plain exclude each other") }
        if arguments.has("watch") && arguments.has("if-due") { throw UsageError("--watch and --if-due exclude each other") }
        style = arguments.has("json") ? .json : arguments.has("plain") || isatty(STDERR_FILENO) == 0 ? .lines : .bar
        watch = arguments.has("watch")
        ifDue = arguments.has("if-due")
        mode = IndexingMode(retry: watch || ifDue ? RetryPolicy() : nil, background: arguments.has("background"),
                            waitsForIndex: watch || arguments.has("wait"),
                            memoryCeilingMiB: try arguments.int("memory-limit", default: MemoryCeiling.defaultMiB,
                                                                in: 256...1 << 30),
                            continuesInterruptedRun: RunSupervisor.isRestart)
    }

    func run() async throws -> ExitCode {
        let saved = FileManager.default.fileExists(atPath: indexPath)
            ? try SavedStatus.load(from: IndexStore(path: indexPath), retry: mode.retry) : nil
        if ifDue, let saved, !(mode.retry ?? RetryPolicy()).isDue(after: saved.status.lastRun, now: Date()) {
            let next = saved.status.lastRun?.nextAttempt.map { "next attempt \(ISO8601DateFormatter().string(from: $0))" }
                ?? "the last run was stopped; run without --if-due to start again"
            print(style == .json ? jsonLine(NotDue(reason: next)) : "not due: \(next)", terminator: style == .json ? "" : "\n")
            return .success
        }
        // Signals are heard from here on: a Ctrl-C while the pipeline and its models load stops the run at once.
        let control = PendingRunControl()
        let signals = SignalRelay(runner: control)
        defer { signals.cancel() }
        let run = try PoolIndex(path: indexPath).prepareRun(pipeline: pipeline, mode: mode, watch: watch,
                                                             firstAttempt: saved?.status.lastRun?.nextAttempt)
        if watch { return try await runWatching(run, control: control) }
        let modelEvents = showModelEvents(run.modelEvents)
        let progress = Mutex<Task<Void, Never>?>(nil)
        let summary = try await run.run { [self] event in
            switch event {
            case .ready: control.attach(run)
            case .passStarted(let runner, _, _): progress.withLock { $0 = showProgress(of: runner) }
            default: break
            }
        }
        await progress.withLock { $0 }?.value
        guard let summary else { return .interrupted }
        report(summary)
        report(await run.finishModels())
        await modelEvents.value
        return exitCode(summary)
    }

    /// After a pass: what its models delivery did, when it did something (the models status says why an install
    /// failed).
    func report(_ delivered: IndexRun.ModelsDelivered) {
        switch delivered {
        case .nothing:
            break
        case .vectorsAdded(let filled, let skipped):
            printError("models: vectors added to \(filled) captures" + (skipped > 0 ? ", \(skipped) skipped" : ""))
        case .backfillFailed(let problem):
            printError("models: filling in vectors failed: \(problem)")
        }
    }

    /// The models' events: every one as a JSON line with `--json`; otherwise a line on standard error when the
    /// models' state changes.
    func showModelEvents(_ events: AsyncStream<ModelDelivery.Event>) -> Task<Void, Never> {
        Task { [style] in
            var lastState: ModelsStatus.State?
            for await event in events {
                switch event {
                case .models(let status) where style == .json:
                    FileHandle.standardOutput.write(Data(jsonLine(ModelsEvent(models: status)).utf8))
                case .visuallyIndexed(let count, let captures) where style == .json:
                    FileHandle.standardOutput.write(Data(jsonLine(ModelsEvent(visuallyIndexedAssets: count,
                                                                              captures: captures)).utf8))
                case .models(let status) where status.state != lastState:
                    lastState = status.state
                    printError("models: \(status.summary)")
                default:
                    break
                }
            }
        }
    }

    func showProgress(of runner: PipelineRunner) -> Task<Void, Never> {
        Task { [style] in
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
    }

    func announce(next: Date) {
        let text = "waiting: next attempt \(ISO8601DateFormatter().string(from: next))"
        if style == .json {
            FileHandle.standardOutput.write(Data(jsonLine(NotDue(event: "waiting", reason: text)).utf8))
        } else {
            FileHandle.standardError.write(Data((text + "\n").utf8))
        }
    }

    private func report(_ summary: RunSummary) {
        if style == .json {
            print(jsonLine(RunReport(summary: summary, index: indexPath)), terminator: "")
            return
        }
        print("\(summary.reason.rawValue): \(summary.status.detail.text)")
        print("indexed: \(summary.indexed)")
        print("failed: \(summary.failed)")
        for failure in summary.failures.prefix(50) {
            print("  \(failure.stageID): \(failure.reason)".escapingControlCharacters)
        }
        if summary.failures.count > 50 { print("  ... and \(summary.failures.count - 50) more") }
        printSkipped(summary)
        if let problem = summary.problem { print("problem: \(problem)") }
        for note in summary.status.detail.notes { print("note: \(note)") }
        print("index: \(indexPath)")
    }

    /// "skipped: N", then each skipped entry with why (the first 50).
    private func printSkipped(_ summary: RunSummary) {
        let count = summary.status.detail.skipped
        print("skipped: \(count)")
        for entry in summary.skipped.prefix(50) { print("  \(entry.path): \(entry.reason)".escapingControlCharacters) }
        if count > 50 { print("  ... and \(count - 50) more") }
    }

    /// One line per run of a watch.
    func report(status: IndexStatus) {
        guard let last = status.lastRun else { return }
        if style == .json {
            print(jsonLine(WatchedRun(reason: last.reason.rawValue, text: status.detail.text, indexed: last.indexed,
                                      failed: last.failed, nextAttempt: last.nextAttempt)), terminator: "")
        } else {
            print("\(last.reason.rawValue): \(status.detail.text)")
        }
    }

    func exitCode(_ summary: RunSummary) -> ExitCode {
        switch summary.reason {
        case .completed: .success
        case .stopped: .interrupted
        case .endedBySystem where summary.problem != nil: .temporaryFailure   // yielded to battery, heat, ...
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
    /// Entries the sources skipped (not regular files), each with its source, path and reason.
    var skipped: [SkippedEntry]
    var problem: String?
    var nextAttempt: Date?
    var index: String

    init(summary: RunSummary, index: String) {
        reason = summary.reason.rawValue
        indexed = summary.indexed
        failed = summary.failed
        failures = summary.failures
        skipped = summary.skipped
        problem = summary.problem
        nextAttempt = summary.status.lastRun?.nextAttempt
        self.index = index
    }
}

/// A line of `run --json` for the models: their status, or the backfill's progress.
struct ModelsEvent: Encodable {
    var event = "models"
    var models: ModelsStatus?
    var visuallyIndexedAssets: Int?
    var captures: Int?
}

/// A line of `run --json` for a run that does not start yet (`--if-due`, `--watch` between runs).
struct NotDue: Encodable {
    var event = "notDue"
    var reason: String
}

/// A line of `run --watch --json` for each run that ended.
struct WatchedRun: Encodable {
    var event = "run"
    var reason: String
    var text: String
    var indexed: Int
    var failed: Int
    var nextAttempt: Date?
}
