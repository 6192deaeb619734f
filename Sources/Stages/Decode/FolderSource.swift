import Captures
import Foundation
import Runner

/// The `folder` source: every image file under a folder (jpg/jpeg, png, heic/heif where libvips can load
/// them, webp, tiff/tif, gif; any case), in path order, each with an id stable across runs (see `StableID`).
///
/// A run emits only files that are new or whose size or modification time changed since the ledger recorded
/// them, and tells the ledger to forget captures whose files are gone. It walks the folder twice, streaming:
/// the first walk counts what will be emitted (so progress knows the total up front) and forgets what is gone,
/// the second emits. Neither holds the listing: the ledger is asked about a batch of files at a time, and what
/// is gone is found by paging through the ledger's ids against the sorted 64-bit ids of the files found (8 bytes
/// a file), so memory stays flat with the size of the library.
///
/// A root that is missing or cannot be read throws `SourceError.permissionDenied` naming it. A subfolder that
/// cannot be read does not stop the run: it is reported through `warn`, and nothing is forgotten in that run,
/// because its captures may well still exist; they stay in the index until the folder can be read again.
///
/// Names are bytes: a file whose name is not UTF-8 is indexed like any other, opened by its real bytes
/// (`CaptureFile.location`) and shown escaped (`FileSystemPath.escaped`: `bad\xFF\xFEname.jpg`); its id is made
/// from the bytes, so it never takes another file's. An entry named like an image that is not a regular file (a
/// FIFO, a device, a socket, a dangling link, a link loop, a link to a folder or to /dev/zero) is never opened:
/// the first walk reports it to the runner through `SourceContext.skip` with why, so the run's summary lists it
/// and the status counts it. Entries without an image extension are passed over in silence, as is anything
/// hidden (see `FolderWalk`).
public struct FolderSource: CaptureSource {
    public typealias Output = CaptureFile

    /// The folder to index (absolute).
    public let root: String
    public let recursive: Bool
    /// File name extensions to index, lowercase, without the dot.
    public let extensions: Set<String>
    /// Receives a line for each problem that does not stop the run (an unreadable subfolder).
    public let warn: @Sendable (String) -> Void
    /// How folders are opened: `opendir`, or a stand-in that refuses some folders in tests.
    let openFolder: @Sendable (UnsafePointer<CChar>) -> OpaquePointer?
    /// Files looked up in the ledger at once, ledger ids read per page, and captures forgotten per call.
    let batchSize: Int
    /// Files still being written (from a watcher): passed over in this run, neither emitted nor forgotten.
    public var inProgress: FilesInProgress?

    public init(root: String, recursive: Bool = true, extensions: Set<String> = FolderSource.supportedExtensions(),
                warn: @escaping @Sendable (String) -> Void = FolderSource.printToStandardError) {
        self.init(root: root, recursive: recursive, extensions: extensions, warn: warn, openFolder: { opendir($0) })
    }

    init(root: String, recursive: Bool = true, extensions: Set<String> = FolderSource.supportedExtensions(),
         warn: @escaping @Sendable (String) -> Void, batchSize: Int = 256,
         openFolder: @escaping @Sendable (UnsafePointer<CChar>) -> OpaquePointer?) {
        precondition(batchSize >= 1, "a batch holds at least one capture")
        self.root = root
        self.recursive = recursive
        self.extensions = extensions
        self.warn = warn
        self.batchSize = batchSize
        self.openFolder = openFolder
    }

    /// The extensions this process can decode: HEIF only when libvips was built with its loader.
    public static func supportedExtensions() -> Set<String> {
        var extensions: Set<String> = ["jpg", "jpeg", "png", "webp", "tif", "tiff", "gif"]
        if VipsRuntime.hasLoader("heifload") { extensions.formUnion(["heic", "heif"]) }
        return extensions
    }

    public static let printToStandardError: @Sendable (String) -> Void = { line in
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    public func captures(context: SourceContext, emit: (SourceCapture<CaptureFile>) async throws -> Void) async throws {
        // First walk: count, note every file found, report what is skipped, and forget what is gone.
        var walk = try makeWalk { skipped in context.skip(path: skipped.path, reason: skipped.reason) }
        var found: [UInt64] = []
        var changedCount = 0
        try await forEachBatch(of: &walk, sourceID: context.sourceID, ledger: context.ledger) { capture, changed in
            if let hash = StableID.hash(of: capture.id) { found.append(hash) }
            if changed { changedCount += 1 }
        }
        for folder in walk.unreadable {
            warn("source \"\(context.sourceID)\": skipped folder \(folder.path) (\(folder.reason)); "
                 + "its captures stay in the index and nothing is dropped this run")
        }
        if walk.unreadable.isEmpty {
            found.sort()
            try await forgetGone(found: found, context: context)
        }
        found = []
        context.announce(total: changedCount)

        // Second walk: emit what is new or changed, as the ledger holds it now.
        walk = try makeWalk()
        try await forEachBatch(of: &walk, sourceID: context.sourceID, ledger: context.ledger) { capture, changed in
            if changed { try await emit(capture) }
        }
    }

    /// Lists the folder and compares it with `indexed` (id → signature): what a run would emit and forget, held in
    /// memory (for tools and tests; a run streams instead).
    public func plan(sourceID: String, indexed: [CaptureID: String]) throws(SourceError) -> FolderPlan {
        var skipped: [SkippedEntry] = []
        var walk = try makeWalk { skipped.append(SkippedEntry(source: sourceID, path: $0.path, reason: $0.reason)) }
        var plan = FolderPlan()
        var present = Set<CaptureID>()
        while let entry = walk.next() {
            let capture = sourceCapture(entry, sourceID: sourceID)
            present.insert(capture.id)
            if indexed[capture.id] == capture.signature {
                plan.unchangedCount += 1
            } else {
                plan.changed.append(capture)
            }
        }
        plan.skipped = skipped
        plan.unreadableFolders = walk.unreadable.map { FolderPlan.UnreadableFolder(path: $0.path, reason: $0.reason) }
        if plan.unreadableFolders.isEmpty {
            plan.gone = indexed.keys.filter { !present.contains($0) }.sorted()
        }
        return plan
    }

    private func makeWalk(
        onSkip: @escaping (FolderWalk.Skipped) -> Void = { _ in }
    ) throws(SourceError) -> FolderWalk {
        try FolderWalk(root: root, recursive: recursive, extensions: extensions, openFolder: openFolder,
                       onSkip: onSkip)
    }

    private func sourceCapture(_ entry: FolderWalk.Entry, sourceID: String) -> SourceCapture<CaptureFile> {
        let id = StableID.capture(source: sourceID, relativePath: entry.relativePath)
        let signature = "\(entry.byteCount):\(entry.modifiedNanoseconds)"
        let modified = Date(timeIntervalSince1970: Double(entry.modifiedNanoseconds) / 1_000_000_000)
        let file = CaptureFile(id: id, source: sourceID, path: entry.path,
                               relativePath: FileSystemPath.escape(entry.relativePath), byteCount: entry.byteCount,
                               modified: modified, signature: signature, location: entry.location)
        return SourceCapture(id: id, signature: signature, value: file)
    }

    /// Walks on in batches of `batchSize` files, asks the ledger for their signatures, and calls `body` with each
    /// file and whether it is new or changed.
    private func forEachBatch(of walk: inout FolderWalk, sourceID: String, ledger: any CaptureLedger,
                              _ body: (SourceCapture<CaptureFile>, Bool) async throws -> Void) async throws {
        var batch: [SourceCapture<CaptureFile>] = []
        batch.reserveCapacity(batchSize)
        var ended = false
        while !ended {
            batch.removeAll(keepingCapacity: true)
            while batch.count < batchSize, let entry = walk.next() {
                batch.append(sourceCapture(entry, sourceID: sourceID))
            }
            ended = batch.count < batchSize
            guard !batch.isEmpty else { break }
            let known = try await ledger.signatures(of: batch.map(\.id), source: sourceID)
            for capture in batch {
                let writing = inProgress?.contains(capture.value.path) ?? false
                try await body(capture, !writing && known[capture.id] != capture.signature)
            }
        }
    }

    /// Pages through the ids the ledger holds for this source and forgets those not among `found` (sorted).
    private func forgetGone(found: [UInt64], context: SourceContext) async throws {
        var gone: [CaptureID] = []
        var cursor: CaptureID?
        while true {
            let page = try await context.ledger.captureIDs(source: context.sourceID, after: cursor, limit: batchSize)
            for id in page where !Self.contains(found, StableID.hash(of: id)) {
                gone.append(id)
                if gone.count == batchSize {
                    try await context.ledger.forget(gone, source: context.sourceID)
                    gone.removeAll(keepingCapacity: true)
                }
            }
            guard page.count == batchSize, let last = page.last else { break }
            cursor = last
        }
        if !gone.isEmpty { try await context.ledger.forget(gone, source: context.sourceID) }
    }

    /// Binary search in sorted hashes; an id that is not one of this source's hashes is never found.
    private static func contains(_ sorted: [UInt64], _ hash: UInt64?) -> Bool {
        guard let hash else { return false }
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < hash { low = middle + 1 } else { high = middle }
        }
        return low < sorted.count && sorted[low] == hash
    }
}
