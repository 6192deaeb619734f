import Foundation

/// What one benchmark executable measured, as one JSON document: comparisons (ratios against a baseline of the
/// same run), lone results, and notes (load, sizes, checks). Written with `--json PATH`.
public struct BenchmarkReport: Encodable {
    public var name: String
    public var comparisons: [Comparison] = []
    public var results: [BenchmarkResult] = []
    public var notes: [String] = []

    public init(name: String) {
        self.name = name
    }

    /// The machine's 1-minute load average when called (the machine may be shared), as a note.
    public mutating func noteLoad(_ when: String) {
        let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first
        notes.append("load average \(load.map(String.init) ?? "unknown") \(when)")
    }

    /// Writes the report as JSON to `path`.
    public func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(self).write(to: URL(fileURLWithPath: path))
    }

    /// The value following `--json` in `arguments`, if any.
    public static func path(in arguments: [String]) -> String? {
        arguments.firstIndex(of: "--json").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
    }
}
