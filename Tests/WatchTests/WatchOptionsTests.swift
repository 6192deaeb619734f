import Foundation
import PoolPipeline
import Runner
import Store
import Testing
import TestSupport

/// `pool-pipeline options set` wakes a running watcher: the options are applied in place, and the next pass starts
/// at once (issue 13), not when the periodic pass or a file change comes.
@Suite("options set wakes a running watcher", .serialized)
struct WatchOptionsTests {
    @Test func givenAWatcherBetweenPasses_thenOptionsSetStartsAPassAtOnce() async throws {
        let watch = try ControlledWatch(try LiveWorkspace())
        _ = await watch.workspace.nextPass()

        let set = try await watch.cli("options", "set", "--focus", "screenshots", "--window", "90")
        #expect(set.status == 0 && set.stdout.contains("focus: screenshots"), "\(set)")
        #expect(set.stderr.contains("watcher process \(getpid()): options applied"), "\(set)")
        // The clock never moves: the periodic pass is 15 minutes away and no file changed.
        let pass = await watch.workspace.nextPass()
        #expect(pass.reason == .optionsChanged)
        let saved = try IndexSettingsFile(indexPath: watch.workspace.index).load().options
        #expect(saved.focus == .screenshots && saved.windowDays == 90)
        let status = try await watch.cli("status")
        #expect(status.stdout.contains("(last for: index options changed)"), "\(status)")
        try await watch.end()
    }

    @Test func givenAPassUnderWay_thenTheNextPassStartsAsSoonAsItEnds() async throws {
        let workspace = try LiveWorkspace()
        workspace.holdReads.store(true, ordering: .sequentiallyConsistent)
        try Data(repeating: 1, count: 10).write(to: URL(fileURLWithPath: workspace.library + "/a.png"))
        let watch = try ControlledWatch(workspace)
        await workspace.gate.waitForArrivals(1)          // the first pass is inside the stage

        let set = try await watch.cli("options", "set", "--focus", "photos")
        #expect(set.status == 0 && set.stderr.contains("options applied"), "\(set)")
        #expect(try IndexSettingsFile(indexPath: workspace.index).load().options.focus == .photos,
                "applied in place, mid-pass")
        workspace.holdReads.store(false, ordering: .sequentiallyConsistent)
        workspace.gate.open()
        let first = await workspace.nextPass()
        #expect(first.reason == .scheduled && first.summary.indexed == 1)
        let second = await workspace.nextPass()
        #expect(second.reason == .optionsChanged)
        try await watch.end()
    }

    @Test func givenAPausedWatcher_thenTheOptionsApplyAndThePassWaitsForResume() async throws {
        let watch = try ControlledWatch(try LiveWorkspace())
        _ = await watch.workspace.nextPass()
        try watch.watcher.setPaused(true)

        let set = try await watch.cli("options", "set", "--maximum-assets", "10")
        #expect(set.status == 0 && set.stderr.contains("the watcher is paused"), "\(set)")
        let waiting = await watch.workspace.next { $0.isPassStart || $0.waiting?.requestPending == true }
        #expect(!waiting.contains { $0.isPassStart } && waiting.last?.waiting?.paused == true)
        try watch.watcher.setPaused(false)
        let pass = await watch.workspace.nextPass()
        #expect(pass.reason == .optionsChanged)
        try await watch.end()
    }
}
