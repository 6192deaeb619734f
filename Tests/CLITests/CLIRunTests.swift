import Foundation
import Testing

@Suite("pool-pipeline run indexes a folder, carries on after a stop or a kill, and refuses bad pipelines")
struct CLIRunTests {
    @Test func givenTheSamples_thenEachIsIndexedAndTheCorruptOneFailsWithItsReason() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.copySamples()
        let first = try CLIProcess.run(["run", workspace.pipeline, "--index", workspace.index, "--plain"])
        #expect(first.status == 0)
        #expect(first.lines.contains("indexed: 12"))
        #expect(first.lines.contains("failed: 1"))
        #expect(first.stdout.contains("Photos/broken.jpg (truncated or corrupt)"))

        let exported = try CLIProcess.run(["export", "--index", workspace.index])
        let rows = exported.lines.filter { !$0.isEmpty }
        #expect(rows.count == 12)
        let dogs = try #require(rows.first { $0.contains("\"path\":\"Photos/IMG_2031.jpg\"") })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(dogs.utf8)) as? [String: Any])
        let location = try #require(object["location"] as? [String: Any])
        #expect(abs((location["lat"] as? Double ?? 0) - 43.3183) < 1e-4)
        #expect((object["date"] as? String)?.hasPrefix("2023-07-14T08:22:33") == true)

        let again = try CLIProcess.run(["run", workspace.pipeline, "--index", workspace.index, "--plain"])
        #expect(again.lines.contains("indexed: 0"))      // unchanged captures are skipped,
        #expect(again.lines.contains("failed: 0"))       // the unchanged corrupt one too

        try FileManager.default.removeItem(at: workspace.library.appendingPathComponent("Photos/IMG_2087.jpg"))
        _ = try CLIProcess.run(["run", workspace.pipeline, "--index", workspace.index, "--plain"])
        let afterDelete = try CLIProcess.run(["export", "--index", workspace.index])
        #expect(afterDelete.lines.filter { !$0.isEmpty }.count == 11)
        #expect(!afterDelete.stdout.contains("IMG_2087"))
    }

    @Test func givenABadPipeline_thenItExits64NamingTheFileStageAndField() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.writePipeline("""
            {"sources": [{"id": "library", "kind": "folder", "options": {"path": "library"}}],
             "stages": [{"id": "decode", "kind": "vips.decode", "options": {"size": "big"}}],
             "edges": [{"from": "library", "to": "decode"}]}
            """)
        let result = try CLIProcess.run(["run", workspace.pipeline, "--index", workspace.index])
        #expect(result.status == 64)
        #expect(result.stderr.contains("pipeline.json: stage \"decode\", field \"options.size\": expected a number, found a string"))
    }

    @Test func givenNoCLIPWeights_thenTheRunCompletesAndSaysVectorsArePending() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.copies(3)
        try workspace.writePipeline("""
            {"sources": [{"id": "library", "kind": "folder", "options": {"path": "library"}}],
             "stages": [{"id": "decode", "kind": "vips.decode"},
                        {"id": "vectors", "kind": "clip.embed", "options": {"model": "no-model-here"}, "concurrency": 4},
                        {"id": "persist", "kind": "sqlite.persist"}],
             "edges": [{"from": "library", "to": "decode"}, {"from": "decode", "to": ["vectors", "persist"]},
                       {"from": "vectors", "to": "persist"}]}
            """)
        let result = try CLIProcess.run(["run", workspace.pipeline, "--index", workspace.index, "--plain"])
        #expect(result.status == 0)
        #expect(result.lines.contains("indexed: 3"))
        let note = "note: vectors pending: no CLIP weights installed at \(workspace.root.path)/no-model-here"
        #expect(result.lines.contains { $0.hasPrefix(note) })
        let status = try CLIProcess.run(["status", "--index", workspace.index])
        #expect(status.lines.contains { $0.hasPrefix(note) })
    }

    @Test func givenAnUnreadableFolder_thenTheRunWaitsForPermission() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try CLIProcess.run(["run", workspace.pipeline, "--index", workspace.index, "--plain"])
        #expect(result.status == 66)
        let status = try CLIProcess.run(["status", "--index", workspace.index])
        #expect(status.lines.first == "phase: waitingForPermission")
        #expect(status.stdout.contains("Waiting for permission to read \(workspace.library.path)"))
    }

    @Test func givenAStopBySIGINT_thenTheNextRunCarriesOn() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.copies(120)
        let arguments = ["run", workspace.pipeline, "--index", workspace.index, "--json"]
        let stopped = try CLIProcess.interrupt(arguments, signal: SIGINT) { $0 >= 10 }
        #expect(stopped.status == 130)
        #expect(stopped.stdout.contains("\"reason\":\"stopped\""))
        let status = try CLIProcess.run(["status", "--index", workspace.index, "--json"])
        #expect(status.stdout.contains("\"phase\":\"paused\""))
        #expect(status.stdout.contains("\"reason\":\"stopped\""))

        let carried = try CLIProcess.run(["run", workspace.pipeline, "--index", workspace.index, "--plain"])
        #expect(carried.status == 0)
        let summary = try #require(stopped.lines.last { $0.contains("\"event\":\"summary\"") })
        let indexedFirst = try #require(Int(summary.firstMatch(of: /"indexed":(\d+)/)?.1 ?? ""))
        #expect(indexedFirst >= 10 && indexedFirst < 120)
        #expect(carried.lines.contains("indexed: \(120 - indexedFirst)"))
        #expect(try CLIProcess.run(["export", "--index", workspace.index]).lines.filter { !$0.isEmpty }.count == 120)
    }

    @Test func givenAKill_thenStatusSaysInterruptedAndTheNextRunCarriesOn() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.copies(120)
        let arguments = ["run", workspace.pipeline, "--index", workspace.index, "--json"]
        let killed = try CLIProcess.interrupt(arguments, signal: SIGKILL) { $0 >= 25 }
        #expect(killed.status == SIGKILL)
        // The indexing runs in a child of the killed process, which the kernel kills with it: wait until it is gone.
        let status = try CLIProcess.waitForStatus(index: workspace.index) { !$0.hasPrefix("phase: indexing") }
        #expect(status.lines.first == "phase: paused")
        #expect(status.stdout.contains("pause reason: interrupted"))
        #expect(status.stdout.contains("last run: interrupted"))
        // What the status counts as done is what the index holds: a capture counts once its slice has committed.
        let stored = try CLIProcess.run(["export", "--index", workspace.index]).lines.filter { !$0.isEmpty }.count
        #expect(status.stdout.contains("with \(stored) of 120 captures done"), "\(status.stdout)")

        let carried = try CLIProcess.run(["run", workspace.pipeline, "--index", workspace.index, "--plain"])
        #expect(carried.status == 0)
        #expect(try CLIProcess.run(["export", "--index", workspace.index]).lines.filter { !$0.isEmpty }.count == 120)
    }
}
