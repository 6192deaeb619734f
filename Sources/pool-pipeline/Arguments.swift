/// The words after a command, split into options (`--name value`), flags (`--name`) and positional arguments,
/// checked against what the command accepts.
struct Arguments {
    private(set) var positionals: [String] = []
    private var values: [String: String] = [:]
    private var flags: Set<String> = []

    /// Parses `words`, accepting the options (which take a value) and flags named; anything else is a usage error.
    init(_ words: [String], options: Set<String> = [], flags knownFlags: Set<String> = []) throws(UsageError) {
        var index = 0
        var onlyPositionals = false
        while index < words.count {
            let word = words[index]
            index += 1
            if onlyPositionals || !word.hasPrefix("--") || word == "-" {
                positionals.append(word)
                continue
            }
            if word == "--" {
                onlyPositionals = true
                continue
            }
            var name = String(word.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if knownFlags.contains(name) {
                guard inlineValue == nil else { throw UsageError("--\(name) takes no value") }
                flags.insert(name)
            } else if options.contains(name) {
                if let inlineValue {
                    values[name] = inlineValue
                } else {
                    guard index < words.count else { throw UsageError("--\(name) needs a value") }
                    values[name] = words[index]
                    index += 1
                }
            } else {
                throw UsageError("unknown option --\(name)")
            }
        }
    }

    func value(_ name: String) -> String? { values[name] }
    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// An option that must be a whole number within `range`.
    func int(_ name: String, default fallback: Int, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let text = values[name] else { return fallback }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError("--\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not \"\(text)\"")
        }
        return number
    }

    /// Exactly `count` positional arguments, named in the error when they are missing or too many.
    func positionals(_ names: String...) throws(UsageError) -> [String] {
        guard positionals.count == names.count else {
            if positionals.count < names.count {
                throw UsageError("missing \(names[positionals.count])")
            }
            throw UsageError("unexpected argument \"\(positionals[names.count])\"")
        }
        return positionals
    }
}

/// A command line that cannot be run as written; exits 64 with the message and the command's usage line.
struct UsageError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) { self.description = description }
}
