import Captures
import Foundation
import Runner

/// The `folder` source: every image file under a folder (jpg/jpeg, png, heic/heif where libvips can load
/// them, webp, tiff/tif, gif; any case), in path order, each with an id stable across runs (see `StableID`).
///
/// A run emits only files that are new or whose size or modification time changed since the ledger recorded
/// them, and tells the ledger to forget captures whose files are gone. Listing finishes before the first
/// capture is emitted, so the total is known up front (`plan`).
///
/// A root that is missing or cannot be read throws `SourceError.permissionDenied` naming it. A subfolder that
/// cannot be read does not stop the run: it is reported through `warn`, and nothing is forgotten in that run,
/// because its captures may well still exist; they stay in the index until the folder can be read again.
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
    let openFolder: @Sendable (String) -> OpaquePointer?

    public init(root: String, recursive: Bool = true, extensions: Set<String> = FolderSource.supportedExtensions(),
                warn: @escaping @Sendable (String) -> Void = FolderSource.printToStandardError) {
        self.init(root: root, recursive: recursive, extensions: extensions, warn: warn, openFolder: { opendir($0) })
    }

    init(root: String, recursive: Bool = true, extensions: Set<String> = FolderSource.supportedExtensions(),
         warn: @escaping @Sendable (String) -> Void, openFolder: @escaping @Sendable (String) -> OpaquePointer?) {
        self.root = root
        self.recursive = recursive
        self.extensions = extensions
        self.warn = warn
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
        let indexed = try await context.ledger.signatures(source: context.sourceID)
        let plan = try plan(sourceID: context.sourceID, indexed: indexed)
        for folder in plan.unreadableFolders {
            warn("source \"\(context.sourceID)\": skipped folder \(folder.path) (\(folder.reason)); "
                 + "its captures stay in the index and nothing is dropped this run")
        }
        if !plan.gone.isEmpty {
            try await context.ledger.forget(plan.gone, source: context.sourceID)
        }
        context.announce(total: plan.changed.count)
        for capture in plan.changed {
            try await emit(capture)
        }
    }

    /// Lists the folder and compares it with `indexed` (id → signature): what a run will emit and forget.
    public func plan(sourceID: String, indexed: [CaptureID: String]) throws(SourceError) -> FolderPlan {
        let listing = try FolderListing.list(root: root, recursive: recursive, extensions: extensions,
                                             openFolder: openFolder)
        var plan = FolderPlan()
        var present = Set<CaptureID>()
        for entry in listing.entries {
            let id = StableID.capture(source: sourceID, relativePath: entry.relativePath)
            present.insert(id)
            let signature = "\(entry.byteCount):\(entry.modifiedNanoseconds)"
            if indexed[id] == signature {
                plan.unchangedCount += 1
                continue
            }
            let modified = Date(timeIntervalSince1970: Double(entry.modifiedNanoseconds) / 1_000_000_000)
            let file = CaptureFile(id: id, source: sourceID, path: entry.path, relativePath: entry.relativePath,
                                   byteCount: entry.byteCount, modified: modified, signature: signature)
            plan.changed.append(SourceCapture(id: id, signature: signature, value: file))
        }
        plan.unreadableFolders = listing.unreadable.map { FolderPlan.UnreadableFolder(path: $0.path, reason: $0.reason) }
        if plan.unreadableFolders.isEmpty {
            plan.gone = indexed.keys.filter { !present.contains($0) }.sorted()
        }
        return plan
    }
}
