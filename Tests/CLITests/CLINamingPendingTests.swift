import Foundation
import Testing

@Suite("naming pending: the captures waiting for a name, listed as a user expects")
struct CLINamingPendingTests {
    /// Text, rules, gate, naming without any endpoint, persist: every capture the gate lets through waits.
    static let pipeline = """
        {"name": "naming-pending", "sources": [{"id": "library", "kind": "folder", "options": {"path": "library"}}],
         "stages": [{"id": "decode", "kind": "vips.decode"}, {"id": "text", "kind": "tesseract.text"},
                    {"id": "rules", "kind": "rules"}, {"id": "privacy", "kind": "privacy.gate"},
                    {"id": "naming", "kind": "naming.chat", "options": {}}, {"id": "persist", "kind": "sqlite.persist"}],
         "edges": [{"from": "library", "to": "decode"}, {"from": "decode", "to": ["text", "privacy"]},
                   {"from": "text", "to": ["rules", "privacy"]}, {"from": "rules", "to": "privacy"},
                   {"from": "privacy", "to": "naming"}, {"from": "naming", "to": "persist"}]}
        """

    @Test func givenCapturesIndexedWithoutAnEndpoint_whenPendingIsListed_thenEachWaitingCaptureIsShownWithItsReason() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try FileManager.default.createDirectory(at: workspace.library, withIntermediateDirectories: true)
        try CLIPrivacyTests.screenshot(["Lemon drizzle cake", "Ingredients", "2 tbsp sugar", "Preheat the oven"],
                                       to: workspace.library.appendingPathComponent("cake.png").path)
        try CLIPrivacyTests.screenshot(["Payment method", "Card number", "4111 1111 1111 1111", "VALID THRU 09/28"],
                                       to: workspace.library.appendingPathComponent("wallet-7731.png").path)
        try workspace.writePipeline(Self.pipeline)
        let index = ["--index", workspace.index]

        // Before any run: no index, said plainly.
        let none = try CLIProcess.run(["naming", "pending"] + index)
        #expect(none.status == 64 && none.stderr.contains("no index at"))

        let run = try CLIProcess.run(["run", workspace.pipeline, "--plain"] + index)
        #expect(run.status == 0, "\(run.stderr)")

        let json = try CLIProcess.run(["naming", "pending", "--json"] + index)
        #expect(json.status == 0, "\(json.stderr)")
        let rows = try json.lines.filter { !$0.isEmpty }.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        // The cake waits; the card was held by the gate: never asked, never listed, nothing of it printed.
        #expect(rows.count == 1, "\(json.stdout)")
        let cake = try #require(rows.first)
        #expect(cake["path"] as? String == "cake.png")
        #expect(cake["source"] as? String == "library")
        #expect(cake["reason"] as? String == "no endpoint configured")
        #expect((cake["id"] as? String)?.isEmpty == false)
        #expect((cake["indexedAt"] as? String)?.contains("T") == true)
        #expect(!json.stdout.contains("wallet") && !json.stdout.contains("4111"))

        let plain = try CLIProcess.run(["naming", "pending"] + index)
        #expect(plain.status == 0)
        #expect(plain.lines.first?.contains("  cake.png  indexed ") == true, "\(plain.stdout)")
        #expect(plain.lines.first?.hasSuffix("waiting: no endpoint configured") == true)
        #expect(plain.lines.contains("1 capture waiting for a name"))

        #expect(try CLIProcess.run(["naming", "pending", "extra"] + index).status == 64)
        #expect(try CLIProcess.run(["naming", "pending", "--budget", "3"] + index).status == 64)
        let help = try CLIProcess.run(["naming", "--help"])
        #expect(help.stdout.contains("pool-pipeline naming pending [--json]"))
    }
}
