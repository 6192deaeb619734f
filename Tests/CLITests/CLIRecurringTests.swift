import Foundation
import Testing

@Suite("recurring on the command line")
struct CLIRecurringTests {
    /// Runs `sql` on the index with the `sqlite3` shell (installed by scripts/setup), as another program would;
    /// its output lines.
    @discardableResult
    func sqlite(_ index: String, _ sql: String) throws -> [String] {
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [index, sql]
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "sqlite3: \(sql)")
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test func givenThingsSeenInSeveralCaptures_thenRecurringListsThemWithTheirCaptures() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.copies(3)
        #expect(try CLIProcess.run(["run", workspace.pipeline, "--index", workspace.index, "--plain"]).status == 0)
        let none = try CLIProcess.run(["recurring", "--index", workspace.index])
        #expect(none.status == 0 && none.stdout.isEmpty && none.stderr.contains("nothing is seen in 2 or more"),
                "nothing named yet: \(none)")

        // Rows as the naming stage writes them in its table (kind, name per capture); names match without regard
        // to case.
        let ids = try sqlite(workspace.index, "SELECT id FROM captures ORDER BY path")
        try #require(ids.count == 3)
        try sqlite(workspace.index, """
            INSERT INTO things (capture_id, ordinal, kind, name) VALUES
                ('\(ids[0])', 0, 'product', 'Gaggia Classic'), ('\(ids[1])', 0, 'product', 'gaggia classic'),
                ('\(ids[2])', 0, 'place', 'Milan'), ('\(ids[0])', 1, 'event', 'Train to Milan');
            """)
        let product = ids.prefix(2).sorted()
        let text = try CLIProcess.run(["recurring", "--index", workspace.index])
        #expect(text.status == 0, "\(text)")
        #expect(text.lines.filter { !$0.isEmpty } == ["product: Gaggia Classic (2 captures)"] + product.map { "    " + $0 })

        let json = try CLIProcess.run(["recurring", "--json", "--min", "1", "--index", workspace.index])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let things = try #require(object["things"] as? [[String: Any]])
        #expect(things.count == 3)
        #expect(things.first?["name"] as? String == "Gaggia Classic")
        #expect(things.first?["captures"] as? [String] == product)
        #expect(Set(things.dropFirst().compactMap { $0["kind"] as? String }) == ["place", "event"])

        let limited = try CLIProcess.run(["recurring", "--json", "--min", "1", "--limit", "1", "--index",
                                          workspace.index])
        #expect(limited.stdout.components(separatedBy: "\"kind\"").count == 2, "\(limited.stdout)")
        #expect(try CLIProcess.run(["recurring", "--min", "0", "--index", workspace.index]).status == 64)
        #expect(try CLIProcess.run(["recurring", "--help"]).lines.first?.hasPrefix("Usage: pool-pipeline recurring")
                == true)
    }
}
