import Foundation

/// The runner's last status as saved in the index: its JSON, the pid of the process that saved it, and when.
public struct StoredStatus: Sendable, Equatable {
    public var json: Data
    /// The process that was running the pipeline, so `status` can tell a live run from one that died.
    public var pid: Int32?
    public var updatedAt: Date

    public init(json: Data, pid: Int32?, updatedAt: Date) {
        self.json = json
        self.pid = pid
        self.updatedAt = updatedAt
    }
}
