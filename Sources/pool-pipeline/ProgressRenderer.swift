import Foundation
import Runner

/// Turns status updates into what `run` prints: a redrawn bar with rate and ETA on a terminal, a plain line now
/// and then otherwise, or one JSON event per update for programs.
struct ProgressRenderer {
    enum Style {
        case bar
        case lines
        case json
    }

    let style: Style
    private let started: ContinuousClock.Instant
    private var lastPrinted: ContinuousClock.Instant?
    private var lastPhase: IndexPhase?
    private var lastLine = ""

    init(style: Style, started: ContinuousClock.Instant = .now) {
        self.style = style
        self.started = started
    }

    /// What to write for this status (nil: nothing this time). Bars start with a carriage return.
    mutating func render(_ status: IndexStatus, now: ContinuousClock.Instant = .now) -> String? {
        let phaseChanged = status.phase != lastPhase
        lastPhase = status.phase
        let interval: Duration = switch style {
        case .bar: .milliseconds(100)
        case .lines: .seconds(5)
        case .json: .milliseconds(250)
        }
        if !phaseChanged, let lastPrinted, now - lastPrinted < interval { return nil }
        lastPrinted = now
        let seconds = max(0.001, Double((now - started).components.seconds)
                          + Double((now - started).components.attoseconds) / 1e18)
        let detail = status.detail
        let rate = Double(detail.processed) / seconds
        switch style {
        case .json:
            return jsonLine(ProgressEvent(event: "status", phase: status.phase.rawValue, text: detail.text,
                                          total: detail.total, processed: detail.processed, indexed: detail.indexed,
                                          failed: detail.failed, rate: (rate * 100).rounded() / 100,
                                          throttled: detail.throttled))
        case .lines:
            if status.phase == .idle { return nil }     // the summary says how the run ended
            let line = "\(status.phase.rawValue): \(detail.text)" + (detail.processed > 0 ? String(format: " (%.1f/s)", rate) : "")
            guard line != lastLine else { return nil }
            lastLine = line
            return line + "\n"
        case .bar:
            return "\r" + bar(detail, rate: rate) + "\u{1B}[K"
        }
    }

    private func bar(_ detail: StatusDetail, rate: Double) -> String {
        let width = 24
        guard let total = detail.total, total > 0 else {
            return "[" + String(repeating: "·", count: width) + "] " + detail.text
        }
        let fraction = min(1, Double(detail.processed) / Double(total))
        let filled = Int(fraction * Double(width))
        var line = "[" + String(repeating: "#", count: filled) + String(repeating: "·", count: width - filled) + "] "
        line += "\(groupedDigits(detail.processed))/\(groupedDigits(total))"
        if rate > 0 {
            line += String(format: "  %.1f/s", rate)
            let remaining = Double(total - detail.processed) / rate
            line += "  ETA " + duration(remaining)
        }
        if detail.failed > 0 { line += "  \(groupedDigits(detail.failed)) failed" }
        if detail.throttled { line += "  (slowed down)" }
        return line
    }
}

/// One line of `run --json`.
struct ProgressEvent: Encodable {
    var event: String
    var phase: String
    var text: String
    var total: Int?
    var processed: Int
    var indexed: Int
    var failed: Int
    var rate: Double
    var throttled: Bool
}

/// Encodes a value as one line of JSON with sorted keys.
func jsonLine(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    guard let data = try? encoder.encode(value) else { return "{}\n" }
    return String(decoding: data, as: UTF8.self) + "\n"
}

/// Seconds as "42s", "3m05s" or "2h10m".
func duration(_ seconds: Double) -> String {
    guard seconds.isFinite else { return "?" }
    let whole = Int(seconds.rounded())
    if whole < 60 { return "\(whole)s" }
    if whole < 3600 { return String(format: "%dm%02ds", whole / 60, whole % 60) }
    return String(format: "%dh%02dm", whole / 3600, (whole % 3600) / 60)
}
