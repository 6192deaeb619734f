import Foundation
import Testing

@Suite("pool-pipeline similar lists near-duplicates; export shows a moment once")
struct CLISimilarTests {
    /// A library of one photo, a smaller recompressed copy of it (same EXIF date: one moment) and another photo.
    static func workspace() throws -> Workspace {
        let workspace = try Workspace()
        try FileManager.default.createDirectory(at: workspace.library, withIntermediateDirectories: true)
        let photos = Workspace.samples.appendingPathComponent("Photos")
        for name in ["IMG_2031.jpg", "IMG_2087.jpg"] {
            try FileManager.default.copyItem(at: photos.appendingPathComponent(name),
                                             to: workspace.library.appendingPathComponent(name))
        }
        let vips = Process()
        vips.executableURL = URL(fileURLWithPath: "/usr/bin/vips")
        vips.arguments = ["resize", photos.appendingPathComponent("IMG_2031.jpg").path,
                          workspace.library.appendingPathComponent("IMG_2031-small.jpg").path + "[Q=60]", "0.5"]
        try vips.run()
        vips.waitUntilExit()
        #expect(vips.terminationStatus == 0, "vips resize (Debian package libvips-tools)")
        try workspace.writePipeline("""
            {"sources": [{"id": "library", "kind": "folder", "options": {"path": "library"}}],
             "stages": [{"id": "decode", "kind": "vips.decode", "options": {"size": 1600}},
                        {"id": "fingerprint", "kind": "fingerprint.phash"},
                        {"id": "focus", "kind": "focus.laplacian"},
                        {"id": "persist", "kind": "sqlite.persist"}],
             "edges": [{"from": "library", "to": "decode"},
                       {"from": "decode", "to": ["fingerprint", "focus", "persist"]},
                       {"from": ["fingerprint", "focus"], "to": "persist"}]}
            """)
        return workspace
    }

    static func export(_ workspace: Workspace) throws -> [String: [String: Any]] {
        let exported = try CLIProcess.run(["export", "--index", workspace.index])
        #expect(exported.status == 0)
        var byPath: [String: [String: Any]] = [:]
        for line in exported.lines where !line.isEmpty {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            byPath[object["path"] as? String ?? ""] = object
        }
        return byPath
    }

    static func distance(_ a: Any?, _ b: Any?) throws -> Int {
        let x = try #require(UInt64(a as? String ?? "", radix: 16))
        let y = try #require(UInt64(b as? String ?? "", radix: 16))
        return (x ^ y).nonzeroBitCount
    }

    @Test func givenARecompressedCopy_thenSimilarListsItWithItsDistanceAndExportShowsOneMoment() throws {
        let workspace = try Self.workspace()
        defer { workspace.remove() }
        let run = try CLIProcess.run(["run", workspace.pipeline, "--index", workspace.index, "--plain"])
        #expect(run.status == 0)
        #expect(run.lines.contains("indexed: 3"))

        let captures = try Self.export(workspace)
        let original = try #require(captures["IMG_2031.jpg"]), copy = try #require(captures["IMG_2031-small.jpg"])
        let other = try #require(captures["IMG_2087.jpg"])
        let distance = try Self.distance(original["fingerprint"], copy["fingerprint"])
        #expect(distance <= 10)

        let similar = try CLIProcess.run(["similar", "IMG_2031.jpg", "--index", workspace.index])
        #expect(similar.status == 0)
        #expect(similar.lines.filter { !$0.isEmpty } == [String(format: "%2d", distance) + "  IMG_2031-small.jpg"])
        let file = workspace.library.appendingPathComponent("IMG_2031-small.jpg").path
        let byFile = try CLIProcess.run(["similar", file, "--index", workspace.index, "--max-distance", "64"])
        #expect(byFile.lines.first == String(format: "%2d", distance) + "  IMG_2031.jpg")
        #expect(byFile.stdout.contains("IMG_2087.jpg"))

        // One moment of two shots, shown once; the other photo is alone.
        let moment = try #require(original["moment"] as? String)
        #expect([original["id"] as? String, copy["id"] as? String].contains(moment))
        #expect(copy["moment"] as? String == original["moment"] as? String)
        let shown = [original, copy].filter { $0["momentRepresentative"] as? Bool == true }
        #expect(shown.count == 1)
        #expect(other["moment"] is NSNull)
        #expect(other["momentRepresentative"] as? Bool == true)

        // Deleting the representative's file leaves the other shot alone, and shown.
        let representative = try #require(shown.first?["path"] as? String)
        try FileManager.default.removeItem(at: workspace.library.appendingPathComponent(representative))
        _ = try CLIProcess.run(["run", workspace.pipeline, "--index", workspace.index, "--plain"])
        let after = try Self.export(workspace)
        let survivor = try #require(after[representative == "IMG_2031.jpg" ? "IMG_2031-small.jpg" : "IMG_2031.jpg"])
        #expect(survivor["moment"] is NSNull)
        #expect(survivor["momentRepresentative"] as? Bool == true)
    }

    @Test func givenAnUnknownCapture_thenItExits64NamingIt() throws {
        let workspace = try Self.workspace()
        defer { workspace.remove() }
        _ = try CLIProcess.run(["run", workspace.pipeline, "--index", workspace.index, "--plain"])
        let result = try CLIProcess.run(["similar", "nowhere.jpg", "--index", workspace.index])
        #expect(result.status == 64)
        #expect(result.stderr.contains("no indexed capture has the id or path \"nowhere.jpg\""))
        #expect(result.stdout.isEmpty)
    }

    @Test func givenHelp_thenItShowsTheUsageAndOptions() throws {
        let result = try CLIProcess.run(["similar", "--help"])
        #expect(result.status == 0)
        #expect(result.lines.first
                    == "Usage: pool-pipeline similar <id-or-path> [--index PATH] [--max-distance N] [--limit N]")
        for option in ["--index PATH", "--max-distance N", "--limit N"] { #expect(result.stdout.contains(option)) }
    }
}
