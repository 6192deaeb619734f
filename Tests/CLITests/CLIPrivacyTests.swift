import Foundation
import ReadingFixtures
import Testing

@Suite("pool-pipeline run with the default pipeline: the privacy gate holds a card screenshot back")
struct CLIPrivacyTests {
    /// Renders lines of text onto a white screen and saves it as a PNG in the library.
    static func screenshot(_ lines: [String], to path: String) throws {
        var canvas = Canvas(width: 900, height: 120 + 70 * lines.count, color: .white)
        for (index, line) in lines.enumerated() {
            let mask = try TextRenderer.mask(line, font: "DejaVu Sans 30")
            canvas.paint(mask, x: 40, y: 60 + 70 * index, color: .black)
        }
        let ppm = ExternalTool.scratchPath(".ppm")
        defer { try? FileManager.default.removeItem(atPath: ppm) }
        try Netpbm.write(canvas.image, path: ppm)
        try ExternalTool.run("vips", ["copy", ppm, path])
    }

    @Test func givenACardScreenshot_whenIndexed_thenExportShowsOnlyTheCategoryExplainTellsWhyAndTheIndexHoldsNoDigitOfIt() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try FileManager.default.createDirectory(at: workspace.library, withIntermediateDirectories: true)
        try Self.screenshot(["Payment method", "Card number", "4111 1111 1111 1111", "VALID THRU 09/28", "JANE CARDHOLDER"],
                            to: workspace.library.appendingPathComponent("wallet-7731.png").path)
        try Self.screenshot(["Lemon drizzle cake", "Ingredients", "2 tbsp sugar", "Preheat the oven"],
                            to: workspace.library.appendingPathComponent("cake.png").path)
        var pipeline = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Workspace.samples
            .deletingLastPathComponent().appendingPathComponent("pipelines/default.json"))) as? [String: Any])
        var sources = try #require(pipeline["sources"] as? [[String: Any]])
        sources[0]["options"] = ["path": "library"]
        pipeline["sources"] = sources
        try workspace.writePipeline(String(decoding: try JSONSerialization.data(withJSONObject: pipeline), as: UTF8.self))

        let run = try CLIProcess.run(["run", workspace.pipeline, "--index", workspace.index, "--plain"])
        #expect(run.status == 0, "\(run.stderr)")
        let export = try CLIProcess.run(["export", "--index", workspace.index])
        let rows = try export.lines.filter { !$0.isEmpty }.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(rows.count == 2)
        let held = try #require(rows.first { $0["sensitive"] as? String == "payment card" }, "\(export.stdout)")
        #expect(held["path"] as? String == "" && held["text"] is NSNull)
        #expect((held["codes"] as? [Any])?.isEmpty == true && (held["labels"] as? [Any])?.isEmpty == true)
        let cake = try #require(rows.first { $0["path"] as? String == "cake.png" })
        #expect((cake["text"] as? String)?.contains("Lemon") == true)
        #expect((cake["leads"] as? [[String: Any]])?.first?["kind"] as? String == "recipe")

        let id = try #require(held["id"] as? String)
        let explain = try CLIProcess.run(["explain", id, "--index", workspace.index])
        #expect(explain.status == 0)
        #expect(explain.stdout.hasPrefix("\(id): held back as payment card by rule card.luhn: payment card: 16 digits "
                                         + "passing Luhn in a Visa range"), "\(explain.stdout)")
        #expect(!explain.stdout.contains("1111"))
        #expect(try CLIProcess.run(["explain", "cake.png", "--index", workspace.index]).stdout
                == "\(cake["id"] as? String ?? ""): not held back by the privacy gate\n")
        #expect(try CLIProcess.run(["search", "CARDHOLDER", "--index", workspace.index]).stdout.isEmpty)

        let folder = (workspace.index as NSString).deletingLastPathComponent
        var bytes = Data()
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.hasPrefix("index.sqlite")
            && !name.hasSuffix(".underway") && !name.hasSuffix(".lock") {
            bytes += FileManager.default.contents(atPath: folder + "/" + name) ?? Data()
        }
        #expect(bytes.range(of: Data("Lemon".utf8)) != nil)
        for secret in ["4111", "CARDHOLDER", "VALID THRU", "Card number", "wallet-7731"] {
            #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(secret) is in the index files")
        }
    }

    @Test func explainHasHelpAndRefusesAnUnknownCapture() throws {
        let help = try CLIProcess.run(["explain", "--help"])
        #expect(help.status == 0 && help.lines.first?.hasPrefix("Usage: pool-pipeline explain") == true)
        let workspace = try Workspace()
        defer { workspace.remove() }
        try FileManager.default.createDirectory(at: workspace.library, withIntermediateDirectories: true)
        #expect(try CLIProcess.run(["run", workspace.pipeline, "--index", workspace.index, "--plain"]).status == 0)
        let unknown = try CLIProcess.run(["explain", "nothing", "--index", workspace.index])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("no indexed capture has the id or path \"nothing\""))
    }
}
