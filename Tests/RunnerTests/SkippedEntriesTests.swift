import Foundation
import Runner
import Testing
import TestSupport

@Suite("A source's skipped entries reach the summary and the status")
struct SkippedEntriesTests {
    /// Emits the numbers it holds and reports two entries it skipped.
    struct SkippingSource: CaptureSource {
        func captures(context: SourceContext, emit: (SourceCapture<Int>) async throws -> Void) async throws {
            context.skip(path: "/photos/pipe.jpg", reason: "a FIFO (named pipe), not a regular file")
            context.announce(total: 2)
            try await emit(SourceCapture(id: CaptureID("c0"), signature: "1", value: 1))
            context.skip(path: "/photos/zero.jpg",
                         reason: "a link to /dev/zero, a character device, not a regular file")
            try await emit(SourceCapture(id: CaptureID("c1"), signature: "1", value: 2))
        }
    }

    @Test func givenASourceThatSkipsEntries_thenTheSummaryListsThemAndTheStatusCountsThem() async throws {
        var registry = testRegistry()
        registry.registerSource("skipping") { _ in SkippingSource() }
        let graph = try loadPipeline("""
            {"sources": [{"id": "in", "kind": "skipping"}], "stages": [{"id": "d", "kind": "double"}],
             "edges": [{"from": "in", "to": "d"}]}
            """, registry: registry)
        let summary = try await PipelineRunner(graph: graph, ledger: InMemoryLedger()).run()
        #expect(summary.reason == .completed && summary.indexed == 2)
        #expect(summary.skipped == [
            SkippedEntry(source: "in", path: "/photos/pipe.jpg", reason: "a FIFO (named pipe), not a regular file"),
            SkippedEntry(source: "in", path: "/photos/zero.jpg",
                         reason: "a link to /dev/zero, a character device, not a regular file"),
        ])
        #expect(summary.status.detail.skipped == 2)
        #expect(summary.status.detail.text
                == "Up to date: 2 indexed and 0 failed in the last run; 2 skipped (not regular files)")
    }

    @Test func givenASavedDetailFromBeforeSkippedCounts_thenItReadsAsNoneSkipped() throws {
        let saved = #"{"text":"Idle","listed":0,"indexed":1,"failed":0,"throttled":false}"#
        let detail = try JSONDecoder().decode(StatusDetail.self, from: Data(saved.utf8))
        #expect(detail.skipped == 0 && detail.indexed == 1)
    }
}
