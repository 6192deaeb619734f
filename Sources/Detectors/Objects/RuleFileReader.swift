/// Typed reads of a rules file's JSON values, each failure a `RuleBookError` naming the field.
struct RuleFileReader {
    let file: String

    func fail(_ field: String, _ problem: String) -> RuleBookError { RuleBookError(file: file, field: field, problem: problem) }

    func path(_ at: String, _ key: String) -> String { at.isEmpty ? key : at + "." + key }

    func onlyKeys(_ object: [String: Any], _ keys: Set<String>, at: String) throws {
        if let unknown = object.keys.sorted().first(where: { !keys.contains($0) }) {
            throw fail(path(at, unknown), "unknown field (expected one of \(keys.sorted().joined(separator: ", ")))")
        }
    }

    func object(_ value: Any, at: String) throws -> [String: Any] {
        guard let object = value as? [String: Any] else { throw fail(at, "expected an object") }
        return object
    }

    func array(_ object: [String: Any], _ key: String, at: String) throws -> [Any] {
        guard let value = object[key] else { return [] }
        guard let array = value as? [Any] else { throw fail(path(at, key), "expected an array") }
        return array
    }

    func string(_ object: [String: Any], _ key: String, at: String, default fallback: String? = nil) throws -> String {
        guard let value = object[key] else {
            if let fallback { return fallback }
            throw fail(path(at, key), "missing")
        }
        guard let string = value as? String, !string.isEmpty else { throw fail(path(at, key), "expected a non-empty string") }
        return string
    }

    func strings(_ object: [String: Any], _ key: String, at: String) throws -> [String] {
        guard let value = object[key] else { return [] }
        guard let strings = value as? [String] else { throw fail(path(at, key), "expected an array of strings") }
        return strings
    }

    func int(_ object: [String: Any], _ key: String, at: String, default fallback: Int) throws -> Int {
        guard let value = object[key] else { return fallback }
        guard let number = value as? Int, number >= 0, !(value is Bool) else {
            throw fail(path(at, key), "expected a whole number of at least 0")
        }
        return number
    }
}
