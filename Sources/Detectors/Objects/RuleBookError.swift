/// A rules file that does not load: the file, the field (a JSON path such as `leads[2].fields.price`) and what is
/// wrong with it.
public struct RuleBookError: Error, Equatable, CustomStringConvertible {
    public var file: String
    public var field: String
    public var problem: String

    public init(file: String, field: String, problem: String) {
        self.file = file
        self.field = field
        self.problem = problem
    }

    public var description: String { field.isEmpty ? "\(file): \(problem)" : "\(file): field \"\(field)\": \(problem)" }
}
