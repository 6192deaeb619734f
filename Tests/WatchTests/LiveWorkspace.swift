import Captures
import DecodeStages
import FileWatch
import Foundation
import PoolPipeline
import Runner
import Store
import Synchronization
import TestSupport

/// A library folder watched by an `IndexWatcher` on a manual clock, through a pipeline of a folder source and a
/// stage that reads each file whole (recording its size) and, when `holdReads` is set, waits at `gate`.
final class LiveWorkspace: Sendable {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("live-\(UUID().uuidString.prefix(8))").path
    var library: String { root + "/library" }
    var pipeline: String { root + "/pipeline.json" }
    var index: String { root + "/index.sqlite" }
    let clock = ManualClock()
    let gate = TestGate()
    let holdReads = Atomic(false)
    /// Every read of a file by the stage: its path and the bytes read.
    let reads = Mutex<[(path: String, bytes: Int)]>([])
    let events = EventQueue<WatchEvent>()
    /// Changes `FolderWatch` reported (after the watcher recorded them).
    let changes = EventQueue<FileChange>()

    init() throws {
        try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
        try Data("""
            {"sources": [{"id": "library", "kind": "folder", "options": {"path": "library"}}],
             "stages": [{"id": "read", "kind": "read"}], "edges": [{"from": "library", "to": "read"}]}
            """.utf8).write(to: URL(fileURLWithPath: pipeline))
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    var registry: StageRegistry {
        var registry = StageRegistry()
        registry.registerSource("folder") { [library] setup in
            _ = try setup.options.string("path")      // "library", which is `library`
            var source = FolderSource(root: library, extensions: ["png"], warn: { _ in })
            source.inProgress = setup.environment[FilesInProgress.self]
            return source
        }
        registry.register("read") { [self] _ in
            ClosureStage<CaptureFile, Int> { [self] file, _ in
                let bytes = try Data(contentsOf: URL(fileURLWithPath: file.path)).count
                reads.withLock { $0.append((file.path, bytes)) }
                if holdReads.load(ordering: .sequentiallyConsistent) { await gate.pass() }
                return bytes
            }
        }
        return registry
    }

    func mode() -> IndexingMode { IndexingMode(retry: RetryPolicy(afterCompleted: 900), waitsForIndex: true) }

    func watcher(paused flag: PauseFlag? = nil) -> IndexWatcher<ManualClock> {
        IndexWatcher(clock: clock, pauseFlag: flag ?? PauseFlag(indexPath: index),
                     debouncer: ChangeDebouncer(settle: .milliseconds(500), maxDelay: .seconds(5),
                                                writeTimeout: .seconds(30))) { [self] inProgress in
            try Indexer(pipeline: pipeline, indexPath: index, registry: registry, powerMonitor: nil, mode: mode(),
                        grantInterval: .milliseconds(5), filesInProgress: inProgress)
        }
    }

    /// Starts `watcher` with a `FolderWatch` over the library feeding it; the task ends when the watch does.
    func start(_ watcher: IndexWatcher<ManualClock>) throws -> (Task<RunSummary?, any Error>, FolderWatch) {
        let folders = try FolderWatch(roots: [root], include: { $0.hasSuffix(".png") }) { [changes] change in
            watcher.record(change)
            changes.push(change)
        }
        let task = Task<RunSummary?, any Error> { [events] in
            defer { folders.cancel() }
            do {
                return try await watcher.run { events.push($0) }
            } catch {
                // The test waits on events that will never come: end here, saying why, rather than hang.
                FileHandle.standardError.write(Data("the watcher threw: \(error)\n".utf8))
                fatalError("the watcher threw: \(error)")
            }
        }
        return (task, folders)
    }

    /// Waits for the next event `matching`, returning the events up to it.
    @discardableResult
    func next(_ matching: (WatchEvent) -> Bool) async -> [WatchEvent] {
        var seen: [WatchEvent] = []
        while true {
            let event = await events.next()
            seen.append(event)
            if matching(event) { return seen }
        }
    }

    /// Waits for the next pass to end; returns its summary and the reason it ran.
    func nextPass() async -> (reason: PassReason?, summary: RunSummary) {
        var reason: PassReason?
        while true {
            switch await events.next() {
            case .passStarted(_, let why): reason = why
            case .passEnded(let summary): return (reason, summary)
            case .waiting: break
            }
        }
    }

    /// Waits for the next pass, moving the clock on by `step` each time something sleeps on it. For a folder that
    /// appears while watched: its walk reports a file complete, and the same file's inotify events (created, then
    /// closed) may still be recorded after that, each moving the settle time on, so one advance may not be enough.
    func nextPass(advancingBy step: Duration) async -> (reason: PassReason?, summary: RunSummary) {
        let clock = clock
        let advancing = Task {
            while !Task.isCancelled {
                await clock.waitForSleepers(1)
                clock.advance(by: step)
                await Task.yield()
            }
        }
        defer { advancing.cancel() }
        return await nextPass()
    }

    /// Waits until `FolderWatch` reported a change `matching` (the watcher has recorded it by then).
    func reported(_ matching: (FileChange) -> Bool) async {
        while !matching(await changes.next()) {}
    }

    func bytesRead(_ name: String) -> [Int] {
        reads.withLock { $0.filter { $0.path == library + "/" + name }.map(\.bytes) }
    }
}

extension WatchEvent {
    var isPassStart: Bool { if case .passStarted = self { true } else { false } }
    var waiting: WaitingState? { if case .waiting(let state) = self { state } else { nil } }
}
