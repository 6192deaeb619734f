import Foundation

extension PipelineSpec {
    /// Parses a pipeline file's JSON, refusing unknown fields and wrong shapes with an error naming the field.
    public static func parse(_ data: Data, file: String) throws(PipelineError) -> PipelineSpec {
        let root: JSONValue
        do {
            root = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw PipelineError(file: file, problem: .malformed(reason: "not valid JSON: \(jsonReason(error))"))
        }
        var parser = SpecParser(file: file)
        return try parser.pipeline(root)
    }

    private static func jsonReason(_ error: any Error) -> String {
        if case DecodingError.dataCorrupted(let context) = error {
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return underlying ?? context.debugDescription
        }
        return String(describing: error)
    }
}

/// Reads the JSON tree of a pipeline file field by field.
private struct SpecParser {
    let file: String

    mutating func pipeline(_ root: JSONValue) throws(PipelineError) -> PipelineSpec {
        let fields = try object(root, field: nil, stage: nil)
        try refuseUnknown(fields, allowed: ["name", "description", "sources", "stages", "edges"], stage: nil, prefix: "")
        let name = try string(fields["name"], field: "name", stage: nil) ?? "pipeline"
        let sources = try nodes(fields["sources"], field: "sources", isSource: true)
        let stages = try nodes(fields["stages"], field: "stages", isSource: false)
        guard let edgesValue = fields["edges"] else {
            throw PipelineError(file: file, field: "edges", problem: .missingField)
        }
        guard case .array(let edgeItems) = edgesValue else {
            throw shape("edges", expected: "an array", found: edgesValue, stage: nil)
        }
        var edges: [PipelineSpec.Edge] = []
        for (index, item) in edgeItems.enumerated() {
            let field = "edges[\(index)]"
            let edge = try object(item, field: field, stage: nil)
            try refuseUnknown(edge, allowed: ["from", "to"], stage: nil, prefix: field + ".")
            edges.append(PipelineSpec.Edge(from: try ids(edge["from"], field: field + ".from"),
                                           to: try ids(edge["to"], field: field + ".to")))
        }
        return PipelineSpec(name: name, sources: sources, stages: stages, edges: edges)
    }

    private func nodes(_ value: JSONValue?, field: String, isSource: Bool) throws(PipelineError) -> [PipelineSpec.Node] {
        guard let value else {
            if isSource { return [] }
            throw PipelineError(file: file, field: field, problem: .missingField)
        }
        guard case .array(let items) = value else { throw shape(field, expected: "an array", found: value, stage: nil) }
        var result: [PipelineSpec.Node] = []
        for (index, item) in items.enumerated() {
            let place = "\(field)[\(index)]"
            let fields = try object(item, field: place, stage: nil)
            guard let id = try string(fields["id"], field: place + ".id", stage: nil), !id.isEmpty else {
                throw PipelineError(file: file, field: place + ".id", problem: .missingField)
            }
            let allowed: Set<String> = isSource ? ["id", "kind", "options"]
                                                : ["id", "kind", "options", "concurrency", "buffer"]
            try refuseUnknown(fields, allowed: allowed, stage: id, prefix: "")
            guard let kind = try string(fields["kind"], field: "kind", stage: id) else {
                throw PipelineError(file: file, stage: id, field: "kind", problem: .missingField)
            }
            var options: [String: JSONValue] = [:]
            if let value = fields["options"] { options = try object(value, field: "options", stage: id) }
            let concurrency = try count(fields["concurrency"], field: "concurrency", stage: id) ?? 1
            let buffer = try count(fields["buffer"], field: "buffer", stage: id)
            result.append(PipelineSpec.Node(id: id, kind: kind, options: options, concurrency: concurrency,
                                            buffer: buffer))
        }
        return result
    }

    private func ids(_ value: JSONValue?, field: String) throws(PipelineError) -> [String] {
        switch value {
        case nil: throw PipelineError(file: file, field: field, problem: .missingField)
        case .string(let id)?: return [id]
        case .array(let items)? where !items.isEmpty:
            var result: [String] = []
            for (index, item) in items.enumerated() {
                guard case .string(let id) = item else {
                    throw shape("\(field)[\(index)]", expected: "a stage id", found: item, stage: nil)
                }
                result.append(id)
            }
            return result
        case let other?: throw shape(field, expected: "a stage id or a non-empty array of ids", found: other, stage: nil)
        }
    }

    private func object(_ value: JSONValue, field: String?, stage: String?) throws(PipelineError) -> [String: JSONValue] {
        guard case .object(let fields) = value else {
            throw shape(field ?? "(top level)", expected: "an object", found: value, stage: stage)
        }
        return fields
    }

    private func string(_ value: JSONValue?, field: String, stage: String?) throws(PipelineError) -> String? {
        switch value {
        case nil: return nil
        case .string(let text)?: return text
        case let other?: throw shape(field, expected: "a string", found: other, stage: stage)
        }
    }

    private func count(_ value: JSONValue?, field: String, stage: String) throws(PipelineError) -> Int? {
        switch value {
        case nil: return nil
        case .number(let number)? where number.rounded() == number && number >= 1 && number <= 1024:
            return Int(number)
        case .number(let number)?:
            throw PipelineError(file: file, stage: stage, field: field,
                                problem: .malformed(reason: "must be a whole number from 1 to 1024, found \(number)"))
        case let other?: throw shape(field, expected: "a whole number", found: other, stage: stage)
        }
    }

    private func refuseUnknown(_ fields: [String: JSONValue], allowed: Set<String>, stage: String?,
                               prefix: String) throws(PipelineError) {
        if let unknown = fields.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw PipelineError(file: file, stage: stage, field: prefix + unknown, problem: .unknownField)
        }
    }

    private func shape(_ field: String, expected: String, found: JSONValue, stage: String?) -> PipelineError {
        PipelineError(file: file, stage: stage, field: field,
                      problem: .malformed(reason: "expected \(expected), found \(found.typeDescription)"))
    }
}
