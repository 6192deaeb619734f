import Foundation

/// The pure rules of status: each event of a run moves the status to its next value, and the detail sentence is
/// written from the counts. The runner feeds it; `StatusCenter` keeps it behind a lock and broadcasts it.
struct StatusMachine {
    enum Event: Equatable {
        /// `carried`: what a run carried on had done before its process died (see `RunContinuation`).
        case runStarted(notes: [String], at: Date, carriedIndexed: Int = 0, carriedFailed: Int = 0)
        case listed(count: Int)
        case total(Int)
        case listingFinished
        case indexed
        case failed
        /// A source skipped an entry that cannot be a capture.
        case skipped
        case paused
        case resumed
        case throttled(reason: String?)
        case permissionDenied(path: String)
        /// The run cannot start until something is granted; `holder` says what it waits for, in words.
        case waitingForGrant(holder: String)
        /// The run ended for the reason; `failure` says why it failed or, when it ended by the system, what made
        /// it end; `nextAttempt` is when something will try again by itself.
        case runEnded(LastRun.Reason, failure: String?, at: Date, nextAttempt: Date?)
    }

    private(set) var status: IndexStatus
    private var throttleReason: String?
    /// What ended the last run, when the system did (battery, heat); nil for SIGTERM, which says no more.
    private var systemReason: String?
    /// Whether the system ended the last run (rather than a kill or a crash).
    private var endedBySystem = false
    /// Captures a carried-on run had finished before this process: added to the total the sources announce.
    private var carriedProcessed = 0

    init(status: IndexStatus = IndexStatus()) {
        self.status = status
        if status.detail.text.isEmpty { describe() }
    }

    mutating func apply(_ event: Event) {
        switch event {
        case .runStarted(let notes, let date, let carriedIndexed, let carriedFailed):
            status.phase = .indexing
            status.pauseReason = nil
            status.detail = StatusDetail(indexed: carriedIndexed, failed: carriedFailed,
                                         throttled: status.detail.throttled, notes: notes,
                                         startedAt: date.timeIntervalSince1970)
            carriedProcessed = carriedIndexed + carriedFailed
        case .listed(let count):
            status.detail.listed += count
        case .total(let total):
            status.detail.total = total + carriedProcessed
        case .listingFinished:
            if status.detail.total == nil { status.detail.total = status.detail.listed + carriedProcessed }
        case .indexed:
            status.detail.indexed += 1
        case .failed:
            status.detail.failed += 1
        case .skipped:
            status.detail.skipped += 1
        case .paused:
            if status.phase == .indexing {
                status.phase = .paused
                status.pauseReason = .byApp
            }
        case .resumed:
            if status.phase == .paused, status.pauseReason == .byApp {
                status.phase = .indexing
                status.pauseReason = nil
            }
        case .throttled(let reason):
            throttleReason = reason
            status.detail.throttled = reason != nil
        case .permissionDenied(let path):
            status.phase = .waitingForPermission
            status.detail.path = path
        case .waitingForGrant(let holder):
            status.phase = .waitingForGrant
            status.pauseReason = nil
            status.detail = StatusDetail(throttled: status.detail.throttled, waitingFor: holder)
        case .runEnded(let reason, let failure, let date, let nextAttempt):
            end(reason, failure: failure, at: date)
            status.lastRun?.nextAttempt = nextAttempt
        }
        describe()
    }

    private mutating func end(_ reason: LastRun.Reason, failure: String?, at date: Date) {
        status.lastRun = LastRun(reason: reason, finishedAt: date, indexed: status.detail.indexed,
                                 failed: status.detail.failed)
        systemReason = reason == .endedBySystem ? failure : nil
        endedBySystem = reason == .endedBySystem
        switch reason {
        case .completed:
            status.phase = .idle
            status.pauseReason = nil
        case .stopped:
            status.phase = .paused
            status.pauseReason = .byApp
        case .endedBySystem, .interrupted:
            status.phase = .paused
            status.pauseReason = .interrupted
        case .failed:
            status.phase = .paused
            status.pauseReason = .failed(failure ?? "unknown failure")
        case .waiting:
            if status.phase != .waitingForGrant { status.phase = .waitingForPermission }
            status.pauseReason = nil
        }
    }

    private mutating func describe() {
        describePhase()
        if status.phase != .indexing, let next = status.lastRun?.nextAttempt {
            status.detail.text += "; next attempt \(ISO8601DateFormatter().string(from: next))"
        }
    }

    private mutating func describePhase() {
        let detail = status.detail
        switch status.phase {
        case .waitingForGrant:
            status.detail.text = "Waiting for \(detail.waitingFor ?? "a grant to index")"
        case .waitingForPermission:
            status.detail.text = "Waiting for permission to read \(detail.path ?? "a source")"
        case .indexing:
            var text = detail.total.map { "Reading \(groupedDigits(detail.processed)) of \(groupedDigits($0)) captures" }
                ?? "Listing captures: \(groupedDigits(detail.listed)) to read so far"
            if let throttleReason { text += " (slowed down: \(throttleReason))" }
            status.detail.text = text
        case .paused:
            let done = detail.total.map { "\(groupedDigits(detail.processed)) of \(groupedDigits($0))" } ?? groupedDigits(detail.processed)
            switch status.pauseReason?.kind {
            case .failed?: status.detail.text = "Paused after a failure, \(done) captures done: \(status.pauseReason?.failureDescription ?? "")"
            case .interrupted? where endedBySystem:
                let why = systemReason.map { " (\($0))" } ?? ""
                status.detail.text = "Paused: ended by the system\(why) with \(done) captures done"
            case .interrupted?: status.detail.text = "Paused: the run was interrupted with \(done) captures done"
            case .byApp?, nil: status.detail.text = "Paused with \(done) captures done"
            }
        case .idle:
            if let last = status.lastRun {
                status.detail.text = "Up to date: \(groupedDigits(last.indexed)) indexed and \(groupedDigits(last.failed)) failed in the last run"
                if detail.skipped > 0 {
                    status.detail.text += "; \(groupedDigits(detail.skipped)) skipped (not regular files)"
                }
            } else {
                status.detail.text = "Idle: not run yet"
            }
        }
    }
}
