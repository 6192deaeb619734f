import Foundation
import Testing

@Suite("pool-pipeline run: what it refuses, and how it stops")
struct CLIContainmentTests {
    @Test func givenAPipelineWithoutAPersistStage_thenRunRefusesItInsteadOfCountingCapturesItNeverStores() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.copies(2)
        try workspace.writePipeline("""
            {"sources": [{"id": "library", "kind": "folder", "options": {"path": "library"}}],
             "stages": [{"id": "decode", "kind": "vips.decode"}],
             "edges": [{"from": "library", "to": "decode"}]}
            """)
        let result = try CLIProcess.run(["run", workspace.pipeline, "--index", workspace.index, "--plain"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("\(workspace.pipeline), field \"stages\": the pipeline has no sqlite.persist stage"))
        #expect(!result.stdout.contains("indexed: 2"))
    }

    @Test func givenADoubleCtrlC_thenTheProcessQuitsAt130WithoutCrashingAndTheRunIsRecordedAsStopped() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.copies(60)
        // Reading text keeps captures under way long enough for the second Ctrl-C to come before they finish.
        try workspace.writePipeline("""
            {"sources": [{"id": "library", "kind": "folder", "options": {"path": "library"}}],
             "stages": [{"id": "decode", "kind": "vips.decode", "concurrency": 2},
                        {"id": "text", "kind": "tesseract.text", "concurrency": 2},
                        {"id": "persist", "kind": "sqlite.persist", "options": {"slice": 10}}],
             "edges": [{"from": "library", "to": "decode"}, {"from": "decode", "to": ["text", "persist"]},
                       {"from": "text", "to": "persist"}]}
            """)
        let arguments = ["run", workspace.pipeline, "--index", workspace.index, "--json"]
        let quit = try CLIProcess.interrupt(arguments, signals: [SIGINT, SIGINT]) { $0 >= 10 }
        #expect(quit.status == 130, "\(quit.stderr)")
        #expect(quit.stderr.contains("quitting at once"))
        let status = try CLIProcess.waitForStatus(index: workspace.index) { !$0.hasPrefix("phase: indexing") }
        #expect(status.stdout.contains("last run: stopped"), "\(status.stdout)")
        let again = try CLIProcess.run(["run", workspace.pipeline, "--index", workspace.index, "--if-due", "--plain"])
        #expect(again.stdout == "not due: the last run was stopped; run without --if-due to start again\n")

        let carried = try CLIProcess.run(["run", workspace.pipeline, "--index", workspace.index, "--plain"])
        #expect(carried.status == 0)
        #expect(try CLIProcess.run(["export", "--index", workspace.index]).lines.filter { !$0.isEmpty }.count == 60)
    }
}
