import CProcessGuard
import Foundation
import Runner
import Store
import Synchronization

/// The journal of captures under way for an index, in a file beside it (`index.sqlite.underway`): the runner notes
/// each capture as it enters and leaves each stage, the crash handler notes the signal and the stage the crashing
/// thread was in, the memory ceiling and the supervisor note how the process ended. The next run reads it
/// (`JournalReplay`) so that a capture that takes the process down is tried once more on its own, then recorded
/// as failed: one capture can never stop indexing.
///
/// Each note is one append of a line (a system call, no sync): it survives the process dying, not the machine
/// losing power, which only costs a capture being tried again. The file is rewritten, smaller, when it grows
/// past `compactionBytes`, and emptied when a run ends with nothing left to try alone.
public final class CaptureJournal: RunJournal {
    /// The journal's path for the index at `indexPath`.
    public static func path(forIndex indexPath: String) -> String { indexPath + ".underway" }

    public let path: String
    private let store: IndexStore
    private let compactionBytes: Int

    private struct State {
        var descriptor: Int32 = -1
        var written = 0
        var nextToken: UInt64 = 1
        var tokens: [CaptureID: UInt64] = [:]
        /// What a rewrite must keep: captures under way and the stages they are in, suspects not yet done.
        var underWay: [UInt64: (capture: JournalCapture, alone: Bool, stages: [Int])] = [:]
        var suspects: [CaptureID: JournalCapture] = [:]
        var ordinals: [String: Int] = [:]
    }

    private let state = Mutex(State())

    /// A journal for the index `store`; nothing is read or written before `begin()`.
    public init(store: IndexStore, compactionBytes: Int = 4 << 20) {
        self.store = store
        path = Self.path(forIndex: store.path)
        self.compactionBytes = compactionBytes
    }

    deinit {
        state.withLock { state in
            if state.descriptor >= 0 {
                pool_guard_set_journal(-1)
                close(state.descriptor)
            }
        }
    }

    /// Appends what the supervisor saw to the journal of the index at `indexPath`, if there is one.
    public static func noteDeath(signal: Int32, indexPath: String) {
        let descriptor = open(path(forIndex: indexPath), O_WRONLY | O_APPEND | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let bytes = Array(JournalLine.killed(signal: signal).text.utf8)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    // MARK: RunJournal

    public func begin() async throws -> JournalStart {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let settlement = JournalReplay(text: text).settle()
        var failures: [CaptureFailure] = []
        for (capture, failure) in settlement.failures {
            try store.recordFailure(failure, source: capture.source, signature: capture.signature, path: capture.path)
            failures.append(failure)
        }
        try state.withLock { state in
            state.suspects = Dictionary(settlement.isolate.map { ($0.capture, $0) }, uniquingKeysWith: { first, _ in first })
            try rewrite(&state)
        }
        pool_guard_install_crash_handlers()
        return JournalStart(isolated: Set(settlement.isolate.map(\.capture)), failures: failures)
    }

    /// The path is noted only for a capture tried alone (the one whose failure, should it take the process down
    /// again, names its file): a capture under way with others is named by id, source and signature, what the
    /// index keeps even of a held capture, so a crash before the gate leaves no path of it behind.
    public func admitted(_ capture: CaptureID, source: String, signature: String, path: String?, alone: Bool) {
        state.withLock { state in
            let token = state.nextToken
            state.nextToken += 1
            state.tokens[capture] = token
            let entry = JournalCapture(source: source, signature: signature, capture: capture, path: alone ? path : nil)
            state.underWay[token] = (entry, alone, [])
            append(.admitted(token: token, alone: alone, entry), &state)
        }
    }

    public func entered(_ capture: CaptureID, stage: String) {
        let work: UInt64 = state.withLock { state in
            guard let token = state.tokens[capture] else { return 0 }
            let ordinal = ordinal(of: stage, &state)
            state.underWay[token]?.stages.append(ordinal)
            append(.entered(token: token, ordinal: ordinal), &state)
            return JournalLine.work(token: token, ordinal: ordinal)
        }
        pool_guard_set_work(work)
    }

    public func left(_ capture: CaptureID, stage: String) {
        pool_guard_set_work(0)
        state.withLock { state in
            guard let token = state.tokens[capture], let ordinal = state.ordinals[stage] else { return }
            if let index = state.underWay[token]?.stages.firstIndex(of: ordinal) {
                state.underWay[token]?.stages.remove(at: index)
            }
            append(.left(token: token, ordinal: ordinal), &state)
        }
    }

    public func finished(_ capture: CaptureID) {
        state.withLock { state in
            guard let token = state.tokens.removeValue(forKey: capture) else { return }
            state.underWay[token] = nil
            state.suspects[capture] = nil
            append(.done(token: token), &state)
            if state.written > compactionBytes { try? rewrite(&state) }
        }
    }

    public func end(complete: Bool) {
        state.withLock { state in
            if complete { state.suspects = [:] }     // every suspect listed came and is done; the others are not coming
            state.tokens = [:]
            state.underWay = [:]
            // Only suspects not yet tried are worth keeping; with none, the journal goes.
            if !state.suspects.isEmpty { try? rewrite(&state) }
            pool_guard_set_journal(-1)
            if state.descriptor >= 0 { close(state.descriptor) }
            state.descriptor = -1
            if state.suspects.isEmpty { unlink(path) }
        }
    }

    /// Takes the path of a capture the privacy gate held back out of the journal: the file is rewritten without it
    /// (a rename, so the old bytes go with the old file), and nothing of the capture is left but its id, source and
    /// signature, as in the index. Nothing to do (the usual case) when the journal never noted its path.
    public func forgetPath(of capture: CaptureID) {
        state.withLock { state in
            var noted = false
            if let token = state.tokens[capture], state.underWay[token]?.capture.path != nil {
                state.underWay[token]?.capture.path = nil
                noted = true
            }
            if state.suspects[capture]?.path != nil {
                state.suspects[capture]?.path = nil
                noted = true
            }
            if noted, state.descriptor >= 0 { try? rewrite(&state) }
        }
    }

    /// Notes that the process is about to end itself for going past the memory ceiling.
    func noteOverMemory(rssMiB: Int, ceilingMiB: Int) {
        state.withLock { state in append(.overMemory(rssMiB: rssMiB, ceilingMiB: ceilingMiB), &state) }
    }

    // MARK: File

    private func ordinal(of stage: String, _ state: inout State) -> Int {
        if let ordinal = state.ordinals[stage] { return ordinal }
        let ordinal = state.ordinals.count
        state.ordinals[stage] = ordinal
        append(.stage(ordinal: ordinal, name: stage), &state)
        return ordinal
    }

    private func append(_ line: JournalLine, _ state: inout State) {
        guard state.descriptor >= 0 else { return }
        let bytes = Array(line.text.utf8)
        let count = bytes.withUnsafeBytes { write(state.descriptor, $0.baseAddress, $0.count) }
        if count > 0 { state.written += count }
    }

    /// Writes what must be kept to a new file and puts it in place of the old one (a rename, so a death half-way
    /// leaves one or the other), then appends to the new one.
    private func rewrite(_ state: inout State) throws {
        var text = ""
        for suspect in state.suspects.values { text += JournalLine.suspect(suspect).text }
        for (name, ordinal) in state.ordinals.sorted(by: { $0.value < $1.value }) {
            text += JournalLine.stage(ordinal: ordinal, name: name).text
        }
        for (token, entry) in state.underWay.sorted(by: { $0.key < $1.key }) {
            text += JournalLine.admitted(token: token, alone: entry.alone, entry.capture).text
            for ordinal in entry.stages { text += JournalLine.entered(token: token, ordinal: ordinal).text }
        }
        let temporary = path + ".new"
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
        } catch {
            throw JournalError.cannotWrite(path: temporary, reason: error.localizedDescription)
        }
        guard rename(temporary, path) == 0 else {
            throw JournalError.cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard descriptor >= 0 else { throw JournalError.cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        pool_guard_set_journal(descriptor)
        if state.descriptor >= 0 { close(state.descriptor) }
        state.descriptor = descriptor
        state.written = text.utf8.count
    }
}

/// Why the journal of captures under way could not be kept.
public enum JournalError: Error, CustomStringConvertible {
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason): "cannot write the journal of captures under way at \(path): \(reason)"
        }
    }
}
