import Foundation
import Runner

/// A capture's file as a source found it: what the decode stage reads.
public struct CaptureFile: Sendable, Equatable {
    public var id: CaptureID
    /// The id of the source in the pipeline file.
    public var source: String
    /// The absolute path of the file.
    public var path: String
    /// The path within the source's folder, which is what the index shows.
    public var relativePath: String
    public var byteCount: Int64
    public var modified: Date
    /// What the source found for this file (size and modification time), recorded in the index so the next run
    /// skips the capture while it is unchanged.
    public var signature: String

    public init(id: CaptureID, source: String, path: String, relativePath: String, byteCount: Int64, modified: Date,
                signature: String = "") {
        self.id = id
        self.source = source
        self.path = path
        self.relativePath = relativePath
        self.byteCount = byteCount
        self.modified = modified
        self.signature = signature
    }
}

extension CaptureFile: NamedCapture {
    public var capturePath: String { relativePath }
}
