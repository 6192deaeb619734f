import Foundation
import Runner

/// One line of the journal of captures under way (`CaptureJournal`), as text: a letter, then fields separated by
/// tabs, with `%`, tab and newline inside a field written as `%25`, `%09` and `%0A`.
///
/// ```
/// S source signature capture path a capture that took a process down with others: to try alone
/// N ordinal stage                 the stage with that ordinal
/// A token alone source signature capture path
/// E token ordinal                 the capture entered the stage
/// L token ordinal                 it left the stage
/// D token                         it is done (stored, or failed and recorded)
/// X signal work                   the process died of `signal` (written by the crash handler); work = token<<16 | ordinal+1
/// M rss ceiling                   the process went past the memory ceiling (MiB) and ended itself
/// K signal                        the supervisor saw the process die of `signal`
/// ```
enum JournalLine: Equatable {
    case suspect(JournalCapture)
    case stage(ordinal: Int, name: String)
    case admitted(token: UInt64, alone: Bool, JournalCapture)
    case entered(token: UInt64, ordinal: Int)
    case left(token: UInt64, ordinal: Int)
    case done(token: UInt64)
    case crashed(signal: Int32, work: UInt64)
    case overMemory(rssMiB: Int, ceilingMiB: Int)
    case killed(signal: Int32)

    /// The line's text, with its newline.
    var text: String {
        let fields: [String] = switch self {
        case .suspect(let capture): ["S"] + capture.fields
        case .stage(let ordinal, let name): ["N", String(ordinal), name]
        case .admitted(let token, let alone, let capture): ["A", String(token), alone ? "1" : "0"] + capture.fields
        case .entered(let token, let ordinal): ["E", String(token), String(ordinal)]
        case .left(let token, let ordinal): ["L", String(token), String(ordinal)]
        case .done(let token): ["D", String(token)]
        case .crashed(let signal, let work): ["X", String(signal), String(work)]
        case .overMemory(let rss, let ceiling): ["M", String(rss), String(ceiling)]
        case .killed(let signal): ["K", String(signal)]
        }
        return fields.map(Self.escape).joined(separator: "\t") + "\n"
    }

    /// Parses one line (without its newline); nil for a line that is torn or unknown (the tail of a write the
    /// process died in), which the reader skips.
    init?(_ line: Substring) {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(Self.unescape)
        guard let letter = fields.first else { return nil }
        let numbers = fields.dropFirst().map { UInt64($0) }
        func number(_ index: Int) -> UInt64? { index < numbers.count ? numbers[index] : nil }
        func capture(from index: Int) -> JournalCapture? {
            guard fields.count == index + 4 else { return nil }
            return JournalCapture(source: fields[index], signature: fields[index + 1], capture: CaptureID(fields[index + 2]),
                                  path: fields[index + 3].isEmpty ? nil : fields[index + 3])
        }
        switch letter {
        case "S": guard let capture = capture(from: 1) else { return nil }; self = .suspect(capture)
        case "N":
            guard fields.count == 3, let ordinal = number(0) else { return nil }
            self = .stage(ordinal: Int(ordinal), name: fields[2])
        case "A":
            guard let token = number(0), let capture = capture(from: 3) else { return nil }
            self = .admitted(token: token, alone: fields[2] == "1", capture)
        case "E":
            guard fields.count == 3, let token = number(0), let ordinal = number(1) else { return nil }
            self = .entered(token: token, ordinal: Int(ordinal))
        case "L":
            guard fields.count == 3, let token = number(0), let ordinal = number(1) else { return nil }
            self = .left(token: token, ordinal: Int(ordinal))
        case "D": guard fields.count == 2, let token = number(0) else { return nil }; self = .done(token: token)
        case "X":
            guard fields.count == 3, let signal = number(0), let work = number(1) else { return nil }
            self = .crashed(signal: Int32(truncatingIfNeeded: signal), work: work)
        case "M":
            guard fields.count == 3, let rss = number(0), let ceiling = number(1) else { return nil }
            self = .overMemory(rssMiB: Int(rss), ceilingMiB: Int(ceiling))
        case "K": guard fields.count == 2, let signal = number(0) else { return nil }; self = .killed(signal: Int32(signal))
        default: return nil
        }
    }

    /// The work note a thread carries while `token` is in the stage with `ordinal` (never 0).
    static func work(token: UInt64, ordinal: Int) -> UInt64 { token << 16 | UInt64(ordinal + 1) & 0xFFFF }

    private static func escape(_ field: String) -> String {
        guard field.contains(where: { $0 == "%" || $0 == "\t" || $0 == "\n" }) else { return field }
        return field.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\t", with: "%09")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    private static func unescape(_ field: Substring) -> String {
        guard field.contains("%") else { return String(field) }
        return field.replacingOccurrences(of: "%09", with: "\t").replacingOccurrences(of: "%0A", with: "\n")
            .replacingOccurrences(of: "%25", with: "%")
    }
}

/// A capture as the journal names it: enough to record it as failed without reading the source again.
struct JournalCapture: Hashable, Sendable {
    var source: String
    var signature: String
    var capture: CaptureID
    /// The capture's path within its source, when the source said.
    var path: String?

    fileprivate var fields: [String] { [source, signature, capture.rawValue, path ?? ""] }
}
