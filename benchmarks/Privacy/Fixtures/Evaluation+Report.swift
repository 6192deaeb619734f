import Foundation

extension Evaluation {
    /// The gate, object and lead tables in Markdown, then the lead macro-F1: the report both figures programs print.
    public var markdownTables: String {
        func row(_ name: String, _ counts: Counts) -> String {
            let figures = [counts.precision, counts.recall, counts.f1].map { String(format: "%.3f", $0) }
            return "| \(name) | \(counts.support) | " + figures.joined(separator: " | ") + " |"
        }
        func table(_ header: String, _ rows: [String: Counts]) -> String {
            (["| \(header) | precision | recall | F1 |", "| --- | --- | --- | --- | --- |"]
                + rows.sorted(by: { $0.key < $1.key }).map { row($0.key, $0.value) }).joined(separator: "\n")
        }
        return [
            table("gate category | positives", gate),
            table("object kind | expected", objects),
            table("lead kind | expected", leads),
            "lead macro-F1 over \(leads.count) classes: \(String(format: "%.3f", leadMacroF1))",
            "addresses with case and diacritics folded: precision \(String(format: "%.3f", foldedAddresses.precision)), "
                + "recall \(String(format: "%.3f", foldedAddresses.recall)), F1 \(String(format: "%.3f", foldedAddresses.f1))"
                + " (\(foldedAddresses.support) expected)",
            "HC1:/shc:/ payloads held as health records: \(healthPayloads.truePositives) of \(healthPayloads.support)"
                + " (recall \(String(format: "%.3f", healthPayloads.recall)))",
        ].joined(separator: "\n\n")
    }

    /// The gate, lead and object mistakes, at most `limit` of each kind (every one when `limit` is nil).
    public func mistakeReport(limit: Int? = nil) -> String {
        func section(_ title: String, _ lines: [String]) -> String {
            ([title + ":"] + lines.prefix(limit ?? lines.count).map { "  " + $0 }).joined(separator: "\n")
        }
        return [section("gate mistakes", gateMistakes), section("lead mistakes", leadMistakes),
                section("object mistakes", objectMistakes)].joined(separator: "\n")
    }
}
