import ObjectRules

/// A suite of object tests: `values(of:in:)` are the objects of one kind the built-in rules find in a text, as they
/// are exported.
protocol FindsObjects {}

extension FindsObjects {
    func values(of kind: String, in text: String) -> [String] {
        ObjectExtractor(book: .builtIn).objects(text: text, codes: []).filter { $0.kind == kind }.map(\.value)
    }
}
