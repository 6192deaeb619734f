import Foundation
import Testing

/// A library with a name that is not UTF-8, a name with a newline, and entries that are not files.
@Suite("pool-pipeline run accounts for every file: odd names are indexed and shown escaped, non-files skipped")
struct CLIFilesTests {
    /// Copies a sample into the library under the name `bytes` (not necessarily UTF-8).
    static func copySample(_ sample: String, to bytes: [UInt8], in workspace: Workspace) throws {
        let staging = workspace.library.appendingPathComponent("staging.tmp")
        try FileManager.default.copyItem(at: Workspace.samples.appendingPathComponent(sample), to: staging)
        let target = Array(workspace.library.path.utf8) + [UInt8(ascii: "/")] + bytes + [0]
        let renamed = target.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { rename(staging.path, $0.baseAddress!) }
        }
        try #require(renamed == 0)
    }

    /// The library: `bad\xFF\xFEname.jpg` (a photo), "two\nlines.png" (a screenshot), a FIFO, a link to
    /// /dev/zero, a dangling link and a link loop, all named like images, and a FIFO that is not.
    static func makeLibrary(_ workspace: Workspace) throws {
        let library = workspace.library.path
        try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
        let badName = Array("bad".utf8) + [0xFF, 0xFE] + Array("name.jpg".utf8)
        try copySample("Photos/IMG_2031.jpg", to: badName, in: workspace)
        try copySample("Screenshots/Screenshot_20240211-183012.png", to: Array("two\nlines.png".utf8), in: workspace)
        try #require(mkfifo(library + "/pipe.jpg", 0o644) == 0)
        try #require(mkfifo(library + "/notes", 0o644) == 0)
        for (name, target) in [("zero.jpg", "/dev/zero"), ("gone.png", "nowhere.png"), ("loop.jpg", "loop.jpg")] {
            try FileManager.default.createSymbolicLink(atPath: library + "/" + name, withDestinationPath: target)
        }
    }

    @Test func givenOddNamesAndEntriesThatAreNotFiles_thenEachIsIndexedOrListedAsSkippedWithItsReason() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Self.makeLibrary(workspace)
        let library = workspace.library.path
        let run = try CLIProcess.run(["run", workspace.pipeline, "--index", workspace.index, "--plain"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.lines.contains("indexed: 2"))
        #expect(run.lines.contains("failed: 0"))
        #expect(run.lines.contains("skipped: 4"))
        for line in ["  \(library)/gone.png: a dangling link: its target nowhere.png does not exist",
                     "  \(library)/loop.jpg: a link loop: loop.jpg leads back to a link "
                        + "(Too many levels of symbolic links)",
                     "  \(library)/pipe.jpg: a FIFO (named pipe), not a regular file",
                     "  \(library)/zero.jpg: a link to /dev/zero, a character device, not a regular file"] {
            #expect(run.lines.contains(line), "missing \(line)")
        }
        #expect(run.lines.first?.hasSuffix("; 4 skipped (not regular files)") == true, "\(run.lines.first ?? "")")

        let status = try CLIProcess.run(["status", "--index", workspace.index, "--json"])
        let statusObject = try #require(
            try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
        #expect((statusObject["detail"] as? [String: Any])?["skipped"] as? Int == 4)

        let exported = try CLIProcess.run(["export", "--index", workspace.index])
        let paths = try exported.lines.filter { !$0.isEmpty }.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])["path"] as? String
        }
        #expect(paths == [#"bad\xFF\xFEname.jpg"#, "two\nlines.png"])

        let bad = try CLIProcess.run(["search", "bad", "--index", workspace.index])
        #expect(bad.stdout == #"bad\xFF\xFEname.jpg"# + "\n")
        let lines = try CLIProcess.run(["search", "lines", "--index", workspace.index])
        #expect(lines.stdout == #"two\nlines.png"# + "\n", "a newline in a path is escaped, one result a line")

        // --json: the summary carries the skipped entries, the next run reports them again.
        let again = try CLIProcess.run(["run", workspace.pipeline, "--index", workspace.index, "--json"])
        let summaryLine = try #require(again.lines.last { $0.contains("\"event\":\"summary\"") })
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(summaryLine.utf8)) as? [String: Any])
        let skipped = try #require(summary["skipped"] as? [[String: Any]])
        #expect(skipped.compactMap { $0["path"] as? String }
                == ["gone.png", "loop.jpg", "pipe.jpg", "zero.jpg"].map { library + "/" + $0 })
        #expect(skipped.allSatisfy { $0["source"] as? String == "library" && $0["reason"] is String })
    }

    @Test func givenDevNullOrAFolderAsThePipeline_thenItExits64SayingWhatItIs() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let empty = try CLIProcess.run(["run", "/dev/null", "--index", workspace.index])
        #expect(empty.status == 64)
        #expect(empty.stderr.contains("/dev/null: the file is empty"), "\(empty.stderr)")
        let folder = try CLIProcess.run(["run", workspace.root.path, "--index", workspace.index])
        #expect(folder.status == 64)
        #expect(folder.stderr.contains("\(workspace.root.path): a directory, not a pipeline file"), "\(folder.stderr)")
    }
}
