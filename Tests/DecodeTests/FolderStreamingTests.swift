import Captures
import Foundation
import Runner
import Testing
@testable import DecodeStages

@Suite("folder source streams its listing")
struct FolderStreamingTests {
    let images: TestImages

    init() throws { images = try TestImages() }

    func source(batchSize: Int) -> FolderSource {
        FolderSource(root: images.folder, warn: { _ in }, batchSize: batchSize, openFolder: { opendir($0) })
    }

    /// Runs `source` once, recording what it emitted as indexed; returns the relative paths and the total it
    /// announced before the first capture.
    func run(_ source: FolderSource, ledger: MemoryLedger) async throws -> (paths: [String], total: Int?) {
        let announced = AnnouncedTotal()
        var emitted: [SourceCapture<CaptureFile>] = []
        let context = SourceContext(sourceID: "photos", ledger: ledger) { announced.set($0) }
        try await source.captures(context: context) { capture in
            #expect(announced.value != nil, "the total is announced before the first capture")
            emitted.append(capture)
        }
        for capture in emitted { await ledger.record(capture.id, signature: capture.signature, source: "photos") }
        return (emitted.map(\.value.relativePath), announced.value)
    }

    @Test("given names where a folder sorts among files, then files come in byte order of their paths")
    func pathOrder() async throws {
        let names = ["a.jpg", "a/b.jpg", "a-b.jpg", "a0.jpg", "a/c/d.png", "a/c.jpg", "B.png", "ab/x.gif", "a b.jpg"]
        for name in names { try images.write([1], as: name) }
        let result = try await run(source(batchSize: 2), ledger: MemoryLedger())
        #expect(result.paths == names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(result.total == names.count)
    }

    @Test("given a library many batches long, when files change and go, then exactly those are emitted and forgotten, in batches")
    func batches() async throws {
        let names = (0..<23).map { String(format: "%02d.png", $0) } + (0..<4).map { "sub/\($0).jpg" }
        for name in names { try images.write([1], as: name) }
        let ledger = MemoryLedger()
        let first = try await run(source(batchSize: 3), ledger: ledger)
        #expect(first.paths == names && first.total == names.count)

        let deleted = ["00.png", "07.png", "08.png", "09.png", "10.png", "22.png", "sub/1.jpg"]
        for name in deleted { try FileManager.default.removeItem(atPath: images.folder + "/" + name) }
        try images.write([1, 2], as: "05.png")
        try images.write([1], as: "sub/9.jpg")
        let second = try await run(source(batchSize: 3), ledger: ledger)
        #expect(second.paths == ["05.png", "sub/9.jpg"] && second.total == 2)
        let goneIDs = deleted.map { StableID.capture(source: "photos", relativePath: $0) }
        #expect(await ledger.forgotten.sorted() == goneIDs.sorted())
        #expect(await ledger.recorded["photos"]?.count == names.count - deleted.count + 1)

        #expect(try await run(source(batchSize: 3), ledger: ledger).paths.isEmpty)
        #expect(await ledger.wholeReads == 0, "the source never reads the whole ledger at once")
        #expect(await ledger.largestBatch <= 3)
    }

    @Test("given ids in the ledger that this source could not have made, then they are forgotten as gone")
    func foreignIDs() async throws {
        try images.write([1], as: "a.jpg")
        let ledger = MemoryLedger()
        await ledger.record(CaptureID("photos:old-scheme.jpg"), signature: "1:1", source: "photos")
        let id = StableID.capture(source: "photos", relativePath: "a.jpg")
        await ledger.record(CaptureID(id.rawValue.uppercased()), signature: "1:1", source: "photos")
        _ = try await run(source(batchSize: 2), ledger: ledger)
        #expect(await ledger.forgotten.count == 2)
        #expect(await ledger.recorded["photos"]?.keys.sorted() == [id])
    }
}

/// The total a source announced, set from its context's callback.
final class AnnouncedTotal: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Int?

    func set(_ total: Int) { lock.withLock { stored = total } }
    var value: Int? { lock.withLock { stored } }
}
