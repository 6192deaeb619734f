import Foundation

/// The declarative rules: object kinds added by pattern, and the lead kinds with the words and objects that make
/// them and the fields they carry. Loaded from `rules/*.json` (users add files without recompiling) and checked at
/// load: an unknown key, a missing or mistyped value, a pattern that does not compile, an unknown check or field
/// source is a `RuleBookError` naming the file and field.
public struct RuleBook: Sendable {
    /// An object kind found by a pattern, optionally verified by a built-in check.
    public struct ObjectRule: Sendable {
        public var kind: String
        public var pattern: NSRegularExpression
        public var check: String
    }

    /// A lead kind: what the capture is (a product page, a recipe, ...).
    public struct LeadRule: Sendable {
        public var kind: String
        /// Its schema.org type.
        public var type: String
        public var words: [String]
        public var minimumWords: Int
        /// Object kinds it needs; an entry `a|b` needs either.
        public var requires: [String]
        /// Field name → source (`title`, `handle`, an object kind, or `kind.field`).
        public var fields: [String: String]
    }

    public var objects: [ObjectRule] = []
    public var leads: [LeadRule] = []

    public init() {}

    /// The built-in object kinds (what field sources and `requires` may name besides the files' own).
    public static let builtInKinds: Set<String> = ["link", "email", "phone", "money", "date", "time", "flight",
                                                   "tracking", "isbn", "boardingPass", "bookingReference", "address"]
    /// The checks an object rule may ask for.
    public static let checks: Set<String> = ["none", "luhn", "isbn", "s10", "ups"]

    /// The rules compiled into the tool (`rules/*.json` of the source tree, embedded by `scripts/rules-embed.py`).
    public static var builtIn: RuleBook {
        var book = RuleBook()
        for file in BuiltInRules.files {
            // Checked by the tests against the same files; a failure here is a build that skipped them.
            try! book.add(Data(file.json.utf8), file: file.name)
        }
        return book
    }

    /// The built-in rules with every `*.json` file of `folder` added, in name order.
    public static func load(folder: String) throws -> RuleBook {
        var book = builtIn
        try book.addFolder(folder)
        return book
    }

    /// Adds every `*.json` file of `folder`, in name order.
    public mutating func addFolder(_ folder: String) throws {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }.sorted()
        } catch {
            throw RuleBookError(file: folder, field: "", problem: "cannot list the rules folder (\(error.localizedDescription))")
        }
        for name in names {
            let path = (folder as NSString).appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: path) else {
                throw RuleBookError(file: path, field: "", problem: "cannot be read")
            }
            try add(data, file: path)
        }
    }

    /// Adds the rules of one file's contents.
    public mutating func add(_ data: Data, file: String) throws {
        let root: Any
        do { root = try JSONSerialization.jsonObject(with: data) } catch {
            throw RuleBookError(file: file, field: "", problem: "not valid JSON")
        }
        guard let object = root as? [String: Any] else {
            throw RuleBookError(file: file, field: "", problem: "expected an object with \"objects\" and/or \"leads\"")
        }
        let reader = RuleFileReader(file: file)
        try reader.onlyKeys(object, ["objects", "leads", "description"], at: "")
        for (index, item) in try reader.array(object, "objects", at: "").enumerated() {
            let at = "objects[\(index)]"
            let entry = try reader.object(item, at: at)
            try reader.onlyKeys(entry, ["kind", "pattern", "check"], at: at)
            let kind = try reader.string(entry, "kind", at: at)
            let source = try reader.string(entry, "pattern", at: at)
            let check = try reader.string(entry, "check", at: at, default: "none")
            guard Self.checks.contains(check) else {
                throw RuleBookError(file: file, field: at + ".check",
                                    problem: "unknown check \"\(check)\" (expected one of \(Self.checks.sorted().joined(separator: ", ")))")
            }
            guard let pattern = try? NSRegularExpression(pattern: source) else {
                throw RuleBookError(file: file, field: at + ".pattern", problem: "not a valid regular expression")
            }
            objects.append(ObjectRule(kind: kind, pattern: pattern, check: check))
        }
        let known = Self.builtInKinds.union(objects.map(\.kind))
        var defined = Set<String>()
        for (index, item) in try reader.array(object, "leads", at: "").enumerated() {
            let at = "leads[\(index)]"
            let entry = try reader.object(item, at: at)
            try reader.onlyKeys(entry, ["kind", "type", "words", "minimumWords", "requires", "fields"], at: at)
            let kind = try reader.string(entry, "kind", at: at)
            guard defined.insert(kind).inserted else {
                throw RuleBookError(file: file, field: at + ".kind", problem: "lead kind \"\(kind)\" is defined twice in this file")
            }
            let requires = try reader.strings(entry, "requires", at: at)
            for (position, need) in requires.enumerated() {
                for alternative in need.split(separator: "|") where !known.contains(String(alternative)) {
                    throw RuleBookError(file: file, field: "\(at).requires[\(position)]",
                                        problem: "unknown object kind \"\(alternative)\"")
                }
            }
            let fieldsObject = try reader.object(entry["fields"] ?? [String: Any](), at: at + ".fields")
            var fields: [String: String] = [:]
            for (name, value) in fieldsObject {
                guard let source = value as? String else {
                    throw RuleBookError(file: file, field: "\(at).fields.\(name)", problem: "expected a string")
                }
                let base = String(source.split(separator: ".").first ?? "")
                guard ["title", "handle"].contains(source) || known.contains(base) else {
                    throw RuleBookError(file: file, field: "\(at).fields.\(name)",
                                        problem: "unknown source \"\(source)\" (expected title, handle, or an object kind)")
                }
                fields[name] = source
            }
            let minimum = try reader.int(entry, "minimumWords", at: at, default: 1)
            let rule = LeadRule(kind: kind, type: try reader.string(entry, "type", at: at),
                                  words: try reader.strings(entry, "words", at: at).map { $0.lowercased() },
                                minimumWords: minimum, requires: requires, fields: fields)
            // A kind defined again (in a later file) replaces the earlier definition, in its place.
            if let existing = leads.firstIndex(where: { $0.kind == kind }) { leads[existing] = rule } else { leads.append(rule) }
        }
    }
}
