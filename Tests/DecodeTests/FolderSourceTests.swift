import Captures
import Foundation
import Runner
import Testing
@testable import DecodeStages

@Suite("folder source")
struct FolderSourceTests {
    let images: TestImages

    init() throws { images = try TestImages() }

    /// Runs the source once against `ledger` and returns what it emitted, recording each as indexed.
    func run(_ source: FolderSource, ledger: MemoryLedger, sourceID: String = "photos") async throws
        -> [SourceCapture<CaptureFile>] {
        var emitted: [SourceCapture<CaptureFile>] = []
        try await source.captures(context: SourceContext(sourceID: sourceID, ledger: ledger)) { capture in
            emitted.append(capture)
        }
        for capture in emitted { await ledger.record(capture.id, signature: capture.signature, source: sourceID) }
        return emitted
    }

    func makeLibrary() throws {
        for name in ["b.jpg", "A.PNG", "sub/c.webp", "sub/deeper/d.HEIC", "sub/e.tif", "f.gif",
                     ".hidden.jpg", ".cache/g.jpg", "notes.txt", "raw.cr2"] {
            try images.write([1, 2, 3], as: name)
        }
    }

    @Test("given a folder tree, then image files are listed in path order, hidden files and other types skipped")
    func lists() async throws {
        try makeLibrary()
        let emitted = try await run(FolderSource(root: images.folder), ledger: MemoryLedger())
        var expected = ["A.PNG", "b.jpg", "f.gif"]
        if FolderSource.supportedExtensions().contains("heic") { expected.append("sub/deeper/d.HEIC") }
        expected += ["sub/c.webp", "sub/e.tif"]
        expected.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        #expect(emitted.map(\.value.relativePath) == expected)
        #expect(emitted.allSatisfy { $0.value.path == images.folder + "/" + $0.value.relativePath })
        #expect(emitted.allSatisfy { $0.value.byteCount == 3 && $0.value.source == "photos" })
    }

    @Test("given recursive false, then subfolders are not listed")
    func flat() async throws {
        try makeLibrary()
        let emitted = try await run(FolderSource(root: images.folder, recursive: false), ledger: MemoryLedger())
        #expect(emitted.map(\.value.relativePath) == ["A.PNG", "b.jpg", "f.gif"])
    }

    @Test("given two listings, then ids are the same; another source or path gives other ids")
    func stableIDs() async throws {
        try makeLibrary()
        let first = try await run(FolderSource(root: images.folder), ledger: MemoryLedger())
        let second = try await run(FolderSource(root: images.folder + "/"), ledger: MemoryLedger())
        #expect(first.map(\.id) == second.map(\.id))
        #expect(Set(first.map(\.id)).count == first.count)
        let other = try await run(FolderSource(root: images.folder), ledger: MemoryLedger(), sourceID: "other")
        #expect(Set(other.map(\.id)).isDisjoint(with: first.map(\.id)))
        #expect(first.allSatisfy { $0.id.rawValue.count == 16 && $0.id == $0.value.id })
    }

    @Test("given an indexed folder, when files change, are added and deleted, then only those are emitted or forgotten")
    func incremental() async throws {
        try makeLibrary()
        let source = FolderSource(root: images.folder)
        let ledger = MemoryLedger()
        let first = try await run(source, ledger: ledger)
        #expect(try await run(source, ledger: ledger).isEmpty)
        #expect(await ledger.forgotten.isEmpty)

        try images.write([9, 9, 9, 9], as: "b.jpg")
        try images.write([1], as: "sub/new.jpeg")
        let touched = images.folder + "/f.gif"
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000)],
                                              ofItemAtPath: touched)
        try FileManager.default.removeItem(atPath: images.folder + "/sub/c.webp")

        let second = try await run(source, ledger: ledger)
        #expect(second.map(\.value.relativePath) == ["b.jpg", "f.gif", "sub/new.jpeg"])
        let oldB = first.first { $0.value.relativePath == "b.jpg" }
        #expect(second.first?.value.byteCount == 4 && second.first?.id == oldB?.id)
        #expect(second.first?.signature != oldB?.signature)
        let gone = first.first { $0.value.relativePath == "sub/c.webp" }?.id
        #expect(await ledger.forgotten == [gone].compactMap { $0 })
        #expect(try await run(source, ledger: ledger).isEmpty)
    }

    @Test("given a missing root, then listing throws permissionDenied naming the path")
    func missingRoot() async throws {
        let root = images.folder + "/no-such-folder"
        await #expect(throws: SourceError.permissionDenied(path: root, reason: "No such file or directory")) {
            _ = try await run(FolderSource(root: root), ledger: MemoryLedger())
        }
    }

    @Test("given a plan, then the total found is known before anything is emitted")
    func plan() async throws {
        try makeLibrary()
        let source = FolderSource(root: images.folder)
        let all = try source.plan(sourceID: "photos", indexed: [:])
        let indexed = Dictionary(uniqueKeysWithValues: all.changed.prefix(2).map { ($0.id, $0.signature) })
        let next = try source.plan(sourceID: "photos", indexed: indexed.merging([CaptureID("gone"): "1:1"]) { a, _ in a })
        #expect(next.foundCount == all.foundCount && next.unchangedCount == 2)
        #expect(next.changed.count == all.changed.count - 2)
        #expect(next.gone == [CaptureID("gone")])
    }
}

extension FolderSourceTests {
    @Test("given a subfolder that cannot be read, then the run goes on, warns naming it, and forgets nothing")
    func unreadableSubfolder() async throws {
        try makeLibrary()
        let ledger = MemoryLedger()
        let first = try await run(FolderSource(root: images.folder), ledger: ledger)
        try FileManager.default.removeItem(atPath: images.folder + "/b.jpg")
        try images.write([5], as: "new.png")

        let refused = images.folder + "/sub"
        let warnings = WarningLog()
        let guarded = FolderSource(root: images.folder, warn: { warnings.append($0) }, openFolder: { path in
            guard String(cString: path) != refused else {
                errno = EACCES
                return nil
            }
            return opendir(path)
        })
        let second = try await run(guarded, ledger: ledger)
        #expect(second.map(\.value.relativePath) == ["new.png"])
        #expect(await ledger.forgotten.isEmpty)
        #expect(warnings.lines.count == 1 && warnings.lines.first?.contains(refused + " (Permission denied)") == true)

        // Once the folder can be read again, the deletion made meanwhile is applied.
        _ = try await run(FolderSource(root: images.folder), ledger: ledger)
        #expect(await ledger.forgotten == first.filter { $0.value.relativePath == "b.jpg" }.map(\.id))
    }
}

/// Collects warning lines from a source.
final class WarningLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []

    func append(_ line: String) { lock.withLock { stored.append(line) } }
    var lines: [String] { lock.withLock { stored } }
}
