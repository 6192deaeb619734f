/// The `options` object of one stage in a pipeline file, read by the stage's factory.
///
/// Each accessor checks the JSON type and throws a `PipelineError` naming the file, stage and field. The loader
/// refuses any option the factory never read, so a typo is an error rather than a silently ignored setting.
public final class StageOptions {
    public let file: String
    public let stageID: String
    private let values: [String: JSONValue]
    private var read: Set<String> = []

    public init(file: String, stageID: String, values: [String: JSONValue]) {
        self.file = file
        self.stageID = stageID
        self.values = values
    }

    /// The raw value of an option, or nil when the file does not set it.
    public func value(_ name: String) -> JSONValue? {
        read.insert(name)
        return values[name]
    }

    public func string(_ name: String) throws(PipelineError) -> String? {
        switch value(name) {
        case nil, .null?: return nil
        case .string(let text)?: return text
        case let other?: throw typeError(name, expected: "a string", found: other)
        }
    }

    public func string(_ name: String, default fallback: String) throws(PipelineError) -> String {
        try string(name) ?? fallback
    }

    public func bool(_ name: String, default fallback: Bool) throws(PipelineError) -> Bool {
        switch value(name) {
        case nil, .null?: return fallback
        case .bool(let flag)?: return flag
        case let other?: throw typeError(name, expected: "a boolean", found: other)
        }
    }

    public func double(_ name: String) throws(PipelineError) -> Double? {
        switch value(name) {
        case nil, .null?: return nil
        case .number(let number)?: return number
        case let other?: throw typeError(name, expected: "a number", found: other)
        }
    }

    public func double(_ name: String, default fallback: Double) throws(PipelineError) -> Double {
        try double(name) ?? fallback
    }

    /// An integer option, optionally within `range`.
    public func int(_ name: String, default fallback: Int, in range: ClosedRange<Int>? = nil) throws(PipelineError) -> Int {
        guard let number = try double(name) else { return fallback }
        guard number.rounded() == number, abs(number) < 1e15 else {
            throw typeError(name, expected: "a whole number", found: .number(number))
        }
        let whole = Int(number)
        if let range, !range.contains(whole) {
            throw invalid(name, "must be from \(range.lowerBound) to \(range.upperBound), found \(whole)")
        }
        return whole
    }

    public func strings(_ name: String, default fallback: [String]) throws(PipelineError) -> [String] {
        switch value(name) {
        case nil, .null?: return fallback
        case .array(let items)?:
            var result: [String] = []
            for (index, item) in items.enumerated() {
                guard case .string(let text) = item else {
                    throw typeError("\(name)[\(index)]", expected: "a string", found: item)
                }
                result.append(text)
            }
            return result
        case let other?: throw typeError(name, expected: "an array of strings", found: other)
        }
    }

    /// An error for an option whose value the stage cannot use, naming the file, stage and option.
    public func invalid(_ name: String, _ reason: String) -> PipelineError {
        PipelineError(file: file, stage: stageID, field: "options.\(name)", problem: .invalidOption(reason: reason))
    }

    /// Options set in the file that the factory never read.
    var unread: [String] { values.keys.filter { !read.contains($0) }.sorted() }
    var known: [String] { read.sorted() }

    private func typeError(_ name: String, expected: String, found: JSONValue) -> PipelineError {
        PipelineError(file: file, stage: stageID, field: "options.\(name)",
                      problem: .optionType(expected: expected, found: found.typeDescription))
    }
}
