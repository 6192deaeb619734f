import Foundation
import Runner
import Store

/// The status as saved in the index by the last (or the running) process, read back as a reader should see it:
/// a run whose process is gone without ending (its pid saved, the index's lock not held) is reported as
/// interrupted. Whether a run is under way, and which process runs it, comes from the index's lock (`IndexLock`),
/// never from the saved pid, which another process may have been given since.
public struct SavedStatus: Sendable {
    public var status: IndexStatus
    /// The process running indexing now (holding the index's lock), if any; -1 when the lock's holder does not
    /// say its pid.
    public var runningPID: Int32?
    public var updatedAt: Date?

    /// Reads the status saved in `store`; an index that never ran reads as idle. A run whose process died reads as
    /// interrupted, with its next attempt from `retry` when something will try again by itself.
    public static func load(from store: IndexStore, retry: RetryPolicy? = nil) throws -> SavedStatus {
        var holder = IndexLock.holder(of: store.path)
        guard let stored = try store.loadStatus() else {
            return SavedStatus(status: IndexStatus(), runningPID: holder?.pid)
        }
        // A status that does not decode (written by a newer version, or a run that has only claimed the index)
        // reads as a fresh one.
        var status = (try? JSONDecoder.statusDecoder.decode(IndexStatus.self, from: stored.json)) ?? IndexStatus()
        // A running process saves its pid with every update and clears it when its run ends; a pid saved while
        // nobody holds the lock is a run that ended without saving. (Asked again: a run may have just started.)
        if holder == nil, stored.pid != nil { holder = IndexLock.holder(of: store.path) }
        if holder == nil, stored.pid != nil {
            // Saved at most twice a second, the counts may lag the last commits: take them from the index.
            if let started = status.detail.startedAt {
                let counts = try store.counts(since: Date(timeIntervalSince1970: started))
                status.detail.indexed = counts.indexed
                status.detail.failed = counts.failed
            }
            status = status.ended(.interrupted, at: stored.updatedAt, retry: retry)
        }
        return SavedStatus(status: status, runningPID: holder?.pid, updatedAt: stored.updatedAt)
    }

    /// Saves `status`, naming `pid` as the process running it (nil once the run has ended).
    static func save(_ status: IndexStatus, pid: Int32?, to store: IndexStore) throws {
        try store.saveStatus(json: try JSONEncoder.statusEncoder.encode(status), pid: pid)
    }
}

extension JSONEncoder {
    /// How status is written: sorted keys, ISO 8601 dates.
    public static var statusEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}

extension JSONDecoder {
    static var statusDecoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
