import Foundation

/// Whether the watcher of an index is paused, kept beside the index (`<index>.paused`, mode 0600) so that a
/// watcher started again (by its supervisor after a crash, by systemd, by hand) stays paused until resumed.
public struct PauseFlag: Sendable {
    public let path: String

    public init(indexPath: String) { path = indexPath + ".paused" }

    public var isSet: Bool { FileManager.default.fileExists(atPath: path) }

    /// Sets or clears the flag; throws naming the file when it cannot be written.
    public func set(_ paused: Bool) throws {
        if paused {
            guard FileManager.default.createFile(atPath: path, contents: Data("paused\n".utf8),
                                                 attributes: [.posixPermissions: 0o600]) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
            }
        } else if isSet {
            try FileManager.default.removeItem(atPath: path)
        }
    }
}
