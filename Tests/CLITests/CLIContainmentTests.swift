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
}
