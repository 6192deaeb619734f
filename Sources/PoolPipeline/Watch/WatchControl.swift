import Foundation
import Runner

/// The requests a running watcher answers on its control socket (`<index>.control`, see `ControlServer`): one word
/// a line (`status`, `pause`, `resume`, `index-now`, `options-changed`, `ping`), answered with one `ControlAnswer` as JSON.
///
/// The socket belongs to the supervised child that runs the watcher (not to its supervisor): the watcher's state
/// lives there, and the child started again after a crash binds the socket anew; the paused state outlives both in
/// the `PauseFlag`.
public enum WatchControl {
    /// The request that tells a watcher its index options changed (`IndexWatcher.optionsChanged`).
    public static let optionsChangedRequest = "options-changed"

    /// The control socket of the watcher indexing into `indexPath`.
    public static func socketPath(for indexPath: String) -> String { indexPath + ".control" }

    /// Answers `request` for `watcher`; `watchedFolders` says how many folders are watched now.
    public static func answer<C: Clock>(_ request: String, watcher: IndexWatcher<C>,
                                        watchedFolders: @Sendable () -> Int) -> String where C.Duration == Duration {
        let answer: ControlAnswer
        switch request.trimmingCharacters(in: .whitespaces) {
        case "ping":
            answer = ControlAnswer(ok: true, message: "pong")
        case "status":
            answer = ControlAnswer(ok: true, message: "status",
                                   report: watcher.report(watchedFolders: watchedFolders()))
        case "pause":
            answer = perform("paused") { try watcher.setPaused(true) }
        case "resume":
            answer = perform("resumed") { try watcher.setPaused(false) }
        case "index-now":
            answer = watcher.indexNow()
                ? ControlAnswer(ok: true, message: "a pass starts as soon as the watcher is free")
                : ControlAnswer(ok: false, message: "the watcher is paused; resume it first")
        case Self.optionsChangedRequest:
            watcher.optionsChanged()
            answer = ControlAnswer(ok: true, message: watcher.report(watchedFolders: watchedFolders()).paused
                                   ? "options applied; the watcher is paused, the next pass starts when it resumes"
                                   : "options applied; the next pass starts as soon as the watcher is free")
        default:
            answer = ControlAnswer(ok: false, message: "unknown request \"\(request)\" "
                                   + "(status, pause, resume, index-now, \(Self.optionsChangedRequest))")
        }
        var withReport = answer
        if withReport.report == nil, request != "ping" {
            withReport.report = watcher.report(watchedFolders: watchedFolders())
        }
        return (try? String(decoding: JSONEncoder.statusEncoder.encode(withReport), as: UTF8.self))
            ?? #"{"ok":false,"message":"cannot encode the answer"}"#
    }

    private static func perform(_ done: String, _ action: () throws -> Void) -> ControlAnswer {
        do {
            try action()
            return ControlAnswer(ok: true, message: done)
        } catch {
            return ControlAnswer(ok: false, message: "\(error)")
        }
    }

    /// Decodes an answer read from the socket.
    public static func decode(_ line: String) throws -> ControlAnswer {
        try JSONDecoder.statusDecoder.decode(ControlAnswer.self, from: Data(line.utf8))
    }
}

/// A watcher's answer on its control socket: whether the request was done, in words, and its live state.
public struct ControlAnswer: Sendable, Codable, Equatable {
    public var ok: Bool
    public var message: String
    public var report: WatchReport?

    public init(ok: Bool, message: String, report: WatchReport? = nil) {
        self.ok = ok
        self.message = message
        self.report = report
    }
}
