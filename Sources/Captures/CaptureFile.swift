import Foundation
import Runner

/// A capture's file as a source found it: what the decode stage reads.
public struct CaptureFile: Sendable, Equatable {
    public var id: CaptureID
    /// The id of the source in the pipeline file.
    public var source: String
    /// The absolute path of the file as it is shown (`FileSystemPath.escaped`: a name that is not UTF-8 has its
    /// bytes escaped); `location` is the path to open.
    public var path: String
    /// The path within the source's folder, which is what the index shows, escaped as `path` is.
    public var relativePath: String
    /// The absolute path as the file system holds it: what the decode stage opens.
    public var location: FileSystemPath
    public var byteCount: Int64
    public var modified: Date
    /// What the source found for this file (size and modification time), recorded in the index so the next run
    /// skips the capture while it is unchanged.
    public var signature: String

    /// `location` defaults to the bytes of `path`, which is right for any path that needed no escaping.
    public init(id: CaptureID, source: String, path: String, relativePath: String, byteCount: Int64, modified: Date,
                signature: String = "", location: FileSystemPath? = nil) {
        self.id = id
        self.source = source
        self.path = path
        self.location = location ?? FileSystemPath(path)
        self.relativePath = relativePath
        self.byteCount = byteCount
        self.modified = modified
        self.signature = signature
    }
}

extension CaptureFile: NamedCapture {
    public var capturePath: String { relativePath }
}
