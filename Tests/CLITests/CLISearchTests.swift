import Foundation
import Testing

@Suite("Search, grants, options and batches on the command line")
struct CLISearchTests {
    func json(_ line: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test func givenAnIndex_thenSearchGrantsBatchesAndOptionsWorkAndDeleteIndexKeepsGrantsAndOptions() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.copies(3)
        #expect(try CLIProcess.run(["run", workspace.pipeline, "--index", workspace.index, "--plain"]).status == 0)

        let found = try CLIProcess.run(["search", "shot", "--index", workspace.index, "--json", "--facets",
                                        "--limit", "2"])
        #expect(found.status == 0, "\(found.stderr)")
        let object = try json(found.stdout)
        #expect(object["total"] as? Int == 3)
        let results = try #require(object["results"] as? [[String: Any]])
        #expect(results.count == 2)
        #expect((results.first?["snippet"] as? String)?.contains("«shot»") == true)
        #expect((results.first?["date"] as? String)?.isEmpty == false)
        let sources = try #require((object["facets"] as? [String: Any])?["source"] as? [[String: Any]])
        #expect(sources.first?["value"] as? String == "library" && sources.first?["count"] as? Int == 3)
        let next = try json(try CLIProcess.run(["search", "shot", "--index", workspace.index, "--json", "--offset", "2"]).stdout)
        #expect((next["results"] as? [Any])?.count == 1)

        for hostile in ["\"", "NEAR(", "-x", "a:b", "*", String(repeating: "\"(*", count: 30_000)] {
            let result = try CLIProcess.run(["search", "--index", workspace.index, "--", hostile])
            #expect(result.status == 0, "\(hostile.prefix(10)): \(result.stderr.prefix(200))")
        }

        let added = try CLIProcess.run(["grants", "add", "viewer", "--source", "library", "--evidence",
                                        "--index", workspace.index])
        #expect(added.status == 0)
        let grant = added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(grant.hasPrefix("grt_"))
        #expect(try CLIProcess.run(["grants", "list", "--index", workspace.index]).stdout.contains(grant))
        let batches = try CLIProcess.run(["batches", "--grant", grant, "--size", "2", "--index", workspace.index])
        #expect(batches.status == 0, "\(batches.stderr)")
        let lines = batches.lines.filter { !$0.isEmpty }
        #expect(lines.count == 2)
        let first = try json(lines[0])
        #expect((first["id"] as? String)?.hasPrefix("bat_") == true)
        #expect((first["items"] as? [[String: Any]])?.first?["mediaType"] is String)
        let resumed = try CLIProcess.run(["batches", "--grant", grant, "--after", first["id"] as? String ?? "",
                                          "--index", workspace.index])
        #expect(resumed.lines.filter { !$0.isEmpty }.count == 1)
        #expect(try CLIProcess.run(["grants", "revoke", grant, "--index", workspace.index]).status == 0)
        #expect(try CLIProcess.run(["batches", "--grant", grant, "--index", workspace.index]).status == 64)

        let set = try CLIProcess.run(["options", "set", "--places", "off", "--focus", "screenshots", "--window", "90",
                                      "--index", workspace.index])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.lines.contains("places: off") && set.lines.contains("window: 90 days"))
        #expect(try CLIProcess.run(["options", "set", "--focus", "nonsense", "--index", workspace.index]).status == 64)

        #expect(try CLIProcess.run(["delete-index", "--index", workspace.index]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: workspace.index))
        let shown = try CLIProcess.run(["options", "show", "--index", workspace.index])
        #expect(shown.lines.contains("places: off") && shown.lines.contains("focus: screenshots"))
    }
}
