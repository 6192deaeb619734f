import ObjectRules

/// A suite of address tests: `values` are the addresses the built-in rules find in a text, as they are exported.
protocol ReadsAddresses {}

extension ReadsAddresses {
    func values(_ text: String) -> [String] {
        ObjectExtractor(book: .builtIn).objects(text: text, codes: []).filter { $0.kind == "address" }.map(\.value)
    }
}
