import Foundation
import Runner
import Store

/// The status as saved in the index by the last (or the running) process, read back as a reader should see it:
/// a run whose process is gone without ending is reported as interrupted.
public struct SavedStatus: Sendable {
    public var status: IndexStatus
    /// The process running indexing now, if any.
    public var runningPID: Int32?
    public var updatedAt: Date?

    /// Reads the status saved in `store`; an index that never ran reads as idle. A run whose process died reads as
    /// interrupted, with its next attempt from `retry` when something will try again by itself.
    public static func load(from store: IndexStore, retry: RetryPolicy? = nil) throws -> SavedStatus {
        guard let stored = try store.loadStatus() else { return SavedStatus(status: IndexStatus(), runningPID: nil) }
        // A status that does not decode (written by a newer version, or a run that has only claimed the index)
        // reads as a fresh one; its pid still counts.
        var status = (try? JSONDecoder.statusDecoder.decode(IndexStatus.self, from: stored.json)) ?? IndexStatus()
        var running: Int32?
        // A running process saves its pid with every update and clears it when its run ends.
        if let pid = stored.pid {
            if pid != getpid() && processIsAlive(pid) {
                running = pid
            } else {
                status = status.ended(.interrupted, at: stored.updatedAt, retry: retry)
            }
        }
        return SavedStatus(status: status, runningPID: running, updatedAt: stored.updatedAt)
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
