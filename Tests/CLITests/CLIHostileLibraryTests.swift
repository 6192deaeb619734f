import Foundation
import Testing

@Suite("pool-pipeline run over a hostile library: every file accounted for, nothing stops the run")
struct CLIHostileLibraryTests {
    @Test func givenTheDefaultPipelineOverAHostileLibrary_thenTheRunExits0AndEveryFileIsIndexedFailedOrSkipped() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let library = try HostileLibrary(at: workspace.library, samples: Workspace.samples)
        var pipeline = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Workspace.samples
            .deletingLastPathComponent().appendingPathComponent("pipelines/default.json"))) as? [String: Any])
        var sources = try #require(pipeline["sources"] as? [[String: Any]])
        sources[0]["options"] = ["path": "library"]
        pipeline["sources"] = sources
        try workspace.writePipeline(String(decoding: try JSONSerialization.data(withJSONObject: pipeline), as: UTF8.self))

        let run = try CLIProcess.run(["run", workspace.pipeline, "--index", workspace.index, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let line = try #require(run.lines.last { $0.contains("\"event\":\"summary\"") })
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let indexed = try #require(summary["indexed"] as? Int)
        let failures = try #require(summary["failures"] as? [[String: Any]])
        let skipped = try #require(summary["skipped"] as? [[String: Any]])
        #expect(indexed + failures.count + skipped.count == library.entries, "\(line)")
        #expect(Set(skipped.compactMap { ($0["path"] as? String).map { ($0 as NSString).lastPathComponent } })
            == ["pipe.jpg", "zero.jpg", "dangling.png", "loop-a.jpg", "loop-b.jpg"])
        let reasons = failures.compactMap { $0["reason"] as? String }
        #expect(reasons.count == failures.count && reasons.allSatisfy { !$0.isEmpty })
        #expect(reasons.filter { $0.contains("claims-") && $0.contains("before decoding") }.count == 5)
        #expect(reasons.contains { $0.contains("huge-20000x20000.jpg") })
        #expect(!reasons.contains { $0.contains("ended the process") })     // nothing took the process down

        let export = try CLIProcess.run(["export", "--index", workspace.index])
        let rows = try export.lines.filter { !$0.isEmpty }.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(rows.count == indexed)
        for code in HostileLibrary.barcodes {
            let row = try #require(rows.first { $0["path"] as? String == code.file }, "\(code.file) not indexed")
            let payloads = (row["codes"] as? [[String: Any]] ?? []).compactMap { $0["payload"] as? String }
            #expect(payloads.contains(code.payload), "\(code.file): \(payloads)")
        }
        #expect(rows.contains { $0["path"] as? String == "bad\\xFF\\xFEname.jpg" })
    }
}
