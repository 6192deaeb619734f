import Captures
import Foundation
import Glibc
import Runner
import Testing
@testable import DecodeStages

/// Every entry named like an image is accounted for: indexed, or skipped with a reason. Names are bytes.
@Suite("folder source accounts for every entry")
struct FolderEntriesTests {
    let images: TestImages

    init() throws { images = try TestImages() }

    /// The bytes of `bad\xFF\xFEname.jpg`: not UTF-8.
    static let badName: [UInt8] = Array("bad".utf8) + [0xFF, 0xFE] + Array("name.jpg".utf8)

    /// Runs the source once; returns what it emitted and what it reported as skipped.
    func run(_ source: FolderSource, ledger: MemoryLedger = MemoryLedger()) async throws
        -> (emitted: [SourceCapture<CaptureFile>], skipped: [SkippedEntry]) {
        let skipped = SkippedLog()
        var emitted: [SourceCapture<CaptureFile>] = []
        let context = SourceContext(sourceID: "photos", ledger: ledger, reportSkipped: { skipped.append($0) })
        try await source.captures(context: context) { emitted.append($0) }
        for capture in emitted { await ledger.record(capture.id, signature: capture.signature, source: "photos") }
        return (emitted, skipped.entries)
    }

    /// Saves a small JPEG as `plain.jpg` and renames it to the bytes `name` within the folder.
    func saveJPEG(named name: [UInt8]) throws {
        let image = try images.image(width: 32, height: 24, bands: 3) { x, y in [UInt8(x * 8), UInt8(y * 10), 90] }
        try images.save(image, as: "plain.jpg", format: .jpeg)
        let from = FileSystemPath(images.folder + "/plain.jpg")
        let to = FileSystemPath(images.folder).appending(name)
        let renamed = from.withCString { old in to.withCString { rename(old, $0) } }
        try #require(renamed == 0, "rename failed: \(String(cString: strerror(errno)))")
    }

    @Test("given a JPEG whose name is not UTF-8, then it is listed, shown escaped, and decodes from its real bytes")
    func nonUTF8Name() async throws {
        try saveJPEG(named: Self.badName)
        try images.write([1, 2, 3], as: #"bad\xFF\xFEname.jpg"#)   // a name spelling out the escape, in ASCII
        let (emitted, skipped) = try await run(FolderSource(root: images.folder))
        #expect(skipped.isEmpty)
        let shown = emitted.map(\.value.relativePath)
        #expect(shown == [#"bad\\xFF\\xFEname.jpg"#, #"bad\xFF\xFEname.jpg"#])   // byte order: "\\" before 0xFF
        let bad = try #require(emitted.last).value
        #expect(bad.path == images.folder + "/" + #"bad\xFF\xFEname.jpg"#)
        #expect(bad.location == FileSystemPath(images.folder).appending(Self.badName))
        #expect(FileSystemPath(escaped: bad.relativePath)?.bytes == Self.badName)
        #expect(Set(emitted.map(\.id)).count == 2, "the real name and its spelled-out escape are two captures")
        #expect(bad.id == StableID.capture(source: "photos", relativePath: Self.badName))

        let decoded = try VipsDecodeStage().decode(bad)
        #expect(decoded.image.width == 32 && decoded.image.height == 24)
    }

    @Test("given a file that is not an image under a name that is not UTF-8, then its failure names it escaped")
    func nonUTF8NameFailure() async throws {
        let name = Array("junk".utf8) + [0xE9] + Array(".png".utf8)
        try images.write(Array("not a picture".utf8), as: "junk.png")
        let moved = FileSystemPath(images.folder + "/junk.png").withCString { old in
            FileSystemPath(images.folder).appending(name).withCString { rename(old, $0) }
        }
        try #require(moved == 0)
        let file = try #require(try await run(FolderSource(root: images.folder)).emitted.first).value
        #expect(file.relativePath == #"junk\xE9.png"#)
        do {
            _ = try VipsDecodeStage().decode(file)
            Issue.record("a text file decoded as an image")
        } catch {
            #expect(error.description.contains(images.folder + #"/junk\xE9.png"#), "\(error)")
            #expect(!error.description.contains("\u{FFFD}"), "\(error)")
        }
    }

    @Test("given the escaped form of paths, then it reads back to the same bytes and only canonical forms are read")
    func escaping() {
        let samples: [[UInt8]] = [Self.badName, Array(#"a\b.jpg"#.utf8), Array("café.png".utf8), [0xE2, 0x82],
                                  [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x5C, 0x78]]
        for bytes in samples {
            let escaped = FileSystemPath.escape(bytes)
            #expect(FileSystemPath(escaped: escaped)?.bytes == bytes, "\(escaped)")
        }
        #expect(FileSystemPath.escape(Array("café.png".utf8)) == "café.png")
        #expect(FileSystemPath.escape([0xC0, 0xAF]) == #"\xC0\xAF"#)   // an overlong "/" is not UTF-8
        #expect(FileSystemPath(escaped: #"\x41"#) == nil)              // "A" is shown as itself, never escaped
        #expect(FileSystemPath(escaped: #"a\b"#) == nil)
    }

    @Test("given a FIFO named like an image, then the walk does not block, it is skipped with why, and never emitted")
    func fifo() async throws {
        try images.write([1], as: "a.jpg")
        try #require(mkfifo(images.folder + "/photo.jpg", 0o644) == 0)
        try #require(mkfifo(images.folder + "/README", 0o644) == 0)        // not named like an image: not a word
        let (emitted, skipped) = try await run(FolderSource(root: images.folder))
        #expect(emitted.map(\.value.relativePath) == ["a.jpg"])
        #expect(skipped == [SkippedEntry(source: "photos", path: images.folder + "/photo.jpg",
                                         reason: "a FIFO (named pipe), not a regular file")])

        // A FIFO put in a listed file's place is refused by decode without being opened.
        var file = try #require(emitted.first).value
        file.location = FileSystemPath(images.folder + "/photo.jpg")
        #expect(throws: DecodeError.unreadable(path: file.path, reason: "a FIFO (named pipe), not a regular file")) {
            try VipsDecodeStage().decode(file)
        }
    }

    @Test("given links to /dev/zero, to nothing, in a loop and to a folder, then each is skipped with its reason")
    func links() async throws {
        let image = try images.image(width: 8, height: 8, bands: 3) { _, _ in [10, 20, 30] }
        try images.save(image, as: "real.jpg", format: .jpeg)
        try images.write([1], as: "album/inside.png")
        let folder = images.folder
        for (name, target) in [("zero.jpg", "/dev/zero"), ("dangling.jpg", "missing.jpg"), ("loop1.jpg", "loop2.jpg"),
                               ("loop2.jpg", "loop1.jpg"), ("linked.jpg", "real.jpg"), ("albumlink", "album"),
                               ("readme-link", "missing.txt")] {
            try FileManager.default.createSymbolicLink(atPath: folder + "/" + name, withDestinationPath: target)
        }
        let (emitted, skipped) = try await run(FolderSource(root: folder))
        #expect(emitted.map(\.value.relativePath) == ["album/inside.png", "linked.jpg", "real.jpg"])
        let reasons = Dictionary(uniqueKeysWithValues: skipped.map { ($0.path.dropFirst(folder.count + 1), $0.reason) })
        #expect(reasons == [
            "albumlink": "a link to a folder (album); links to folders are not followed: make its target a source "
                + "of its own to index it",
            "dangling.jpg": "a dangling link: its target missing.jpg does not exist",
            "loop1.jpg": "a link loop: loop2.jpg leads back to a link (Too many levels of symbolic links)",
            "loop2.jpg": "a link loop: loop1.jpg leads back to a link (Too many levels of symbolic links)",
            "zero.jpg": "a link to /dev/zero, a character device, not a regular file",
        ])
        #expect(skipped.map(\.path) == skipped.map(\.path).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })

        // Not recursive: subfolders and links to them are not looked at, so not reported either.
        let flat = try await run(FolderSource(root: folder, recursive: false))
        #expect(flat.emitted.map(\.value.relativePath) == ["linked.jpg", "real.jpg"])
        #expect(flat.skipped.count == 4 && !flat.skipped.contains { $0.path.hasSuffix("albumlink") })
    }

    @Test("given skipped entries, then each run reports them once, the plan lists them, the ledger never holds them")
    func reportedEachRun() async throws {
        try images.write([1], as: "a.png")
        try #require(mkfifo(images.folder + "/b.png", 0o644) == 0)
        let ledger = MemoryLedger()
        let source = FolderSource(root: images.folder)
        let first = try await run(source, ledger: ledger)
        let second = try await run(source, ledger: ledger)
        #expect(first.emitted.count == 1 && second.emitted.isEmpty)
        #expect(first.skipped.count == 1 && second.skipped == first.skipped)
        #expect(await ledger.recorded["photos"]?.count == 1)
        let plan = try source.plan(sourceID: "photos", indexed: [:])
        #expect(plan.skipped == first.skipped && plan.foundCount == 1)
    }
}

/// Collects skipped entries reported by a source.
final class SkippedLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [SkippedEntry] = []

    func append(_ entry: SkippedEntry) { lock.withLock { stored.append(entry) } }
    var entries: [SkippedEntry] { lock.withLock { stored } }
}
