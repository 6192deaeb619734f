/// Why a pipeline file was refused when it loaded. Every case names the file, and the stage and field where
/// there is one, so the message points at the line to fix. The CLI prints it and exits 64.
public struct PipelineError: Error, Equatable, CustomStringConvertible {
    /// What was wrong.
    public enum Problem: Equatable, Sendable {
        /// The file could not be read.
        case unreadable(reason: String)
        /// The file is empty (or only white space): `/dev/null`, a file not yet written.
        case empty
        /// The path names something that cannot hold a pipeline; `kind` says what ("a directory").
        case notAFile(kind: String)
        /// The file goes on past `limit` bytes (`/dev/zero`, a log file given by mistake).
        case tooLarge(limit: Int)
        /// The file is not valid JSON or a field has the wrong shape.
        case malformed(reason: String)
        /// A field the format does not know (a typo, usually).
        case unknownField
        /// A required field is missing.
        case missingField
        /// Two nodes share one id.
        case duplicateID
        /// No stage kind (or source kind) is registered under this name.
        case unknownKind(String, known: [String])
        /// The stage kind takes no option of this name.
        case unknownOption(known: [String])
        /// The option has the wrong JSON type.
        case optionType(expected: String, found: String)
        /// The option has the right type but a value the stage cannot use.
        case invalidOption(reason: String)
        /// An edge names a node that does not exist.
        case danglingReference(String)
        /// An edge leads into a source.
        case edgeIntoSource(String)
        /// An edge joins an output to a stage that cannot read it.
        case incompatibleEdge(from: String, output: String, input: String)
        /// A join stage lacks an input it requires.
        case missingPart(type: String)
        /// The edges form a cycle through these stages.
        case cycle([String])
        /// The pipeline declares no source.
        case noSource
        /// The stage has no incoming edge, so nothing would ever reach it.
        case unreachable
        /// The pipeline runs into an index but has no stage of `kind` to store what it derives, so a run would
        /// report captures indexed while storing nothing.
        case nothingStored(kind: String)
    }

    public var file: String
    /// The stage or source id, when the problem belongs to one.
    public var stage: String?
    /// The field within the file or the stage ("options.size", "edges[2].to").
    public var field: String?
    public var problem: Problem

    public init(file: String, stage: String? = nil, field: String? = nil, problem: Problem) {
        self.file = file
        self.stage = stage
        self.field = field
        self.problem = problem
    }

    public var description: String {
        var place = file
        if let stage { place += ": stage \"\(stage)\"" }
        if let field { place += ", field \"\(field)\"" }
        return "\(place): \(problemDescription)"
    }

    private var problemDescription: String {
        switch problem {
        case .unreadable(let reason): "cannot read the pipeline file: \(reason)"
        case .empty: "the file is empty; a pipeline file is a JSON object with sources, stages and edges"
        case .notAFile(let kind): "\(kind), not a pipeline file"
        case .tooLarge(let limit):
            "more than \(limit >> 20) MiB, which is not a pipeline file (a pipeline file is a short JSON object)"
        case .malformed(let reason): reason
        case .unknownField: "unknown field"
        case .missingField: "missing required field"
        case .duplicateID: "this id is used twice"
        case .unknownKind(let kind, let known):
            "unknown kind \"\(kind)\" (known: \(known.sorted().joined(separator: ", ")))"
        case .unknownOption(let known):
            known.isEmpty ? "this kind takes no options"
                : "unknown option (known: \(known.sorted().joined(separator: ", ")))"
        case .optionType(let expected, let found): "expected \(expected), found \(found)"
        case .invalidOption(let reason): reason
        case .danglingReference(let id): "no source or stage has the id \"\(id)\""
        case .edgeIntoSource(let id): "\"\(id)\" is a source and takes no input"
        case .incompatibleEdge(let from, let output, let input):
            "cannot read the output of \"\(from)\" (\(output)); this stage reads \(input)"
        case .missingPart(let type): "no incoming edge brings \(type), which this stage requires"
        case .cycle(let stages): "the edges form a cycle: \(stages.joined(separator: " -> "))"
        case .noSource: "the pipeline declares no source"
        case .unreachable: "no edge leads into this stage"
        case .nothingStored(let kind):
            "the pipeline has no \(kind) stage, so nothing it derives would reach the index; add one (see README)"
        }
    }
}
