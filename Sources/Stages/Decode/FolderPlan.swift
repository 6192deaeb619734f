import Captures
import Runner

/// What one run of a folder source will do, worked out before it emits anything.
public struct FolderPlan: Sendable {
    /// A subfolder that could not be read this run, and why.
    public struct UnreadableFolder: Sendable, Equatable {
        public var path: String
        public var reason: String
    }

    /// New or changed captures, in path order: what the run emits.
    public var changed: [SourceCapture<CaptureFile>] = []
    /// Captures found on disk with the signature the ledger holds: skipped.
    public var unchangedCount = 0
    /// Captures in the ledger whose files are gone: forgotten. Empty when a subfolder could not be read.
    public var gone: [CaptureID] = []
    public var unreadableFolders: [UnreadableFolder] = []
    /// Entries named like images that are not regular files (FIFOs, devices, broken links), with why.
    public var skipped: [SkippedEntry] = []

    /// Every capture found on disk.
    public var foundCount: Int { changed.count + unchangedCount }
}
