import Foundation

/// The chat request that asks a model to name what a capture shows, built from derived text only (the text read,
/// the code payloads, the rules' leads) and asking for JSON that follows `schema`.
public enum NamingRequest {
    /// The answer's shape: `{"things": [{"kind": <one of NamedThing.kinds>, "name": <string>}]}`, at most 5 things.
    public static var schema: [String: Any] {
        [
            "type": "object",
            "additionalProperties": false,
            "required": ["things"],
            "properties": [
                "things": [
                    "type": "array",
                    "maxItems": 5,
                    "items": [
                        "type": "object",
                        "additionalProperties": false,
                        "required": ["kind", "name"],
                        "properties": [
                            "kind": ["type": "string", "enum": NamedThing.kinds],
                            "name": ["type": "string", "minLength": 1, "maxLength": 200],
                        ],
                    ],
                ],
            ],
        ]
    }

    /// The most characters of read text sent.
    public static let textLimit = 4000

    static let instructions = """
        You name what a screenshot or photo shows, from the text read from it. Answer with JSON only: \
        {"things": [{"kind": ..., "name": ...}]}. kind is one of: \(NamedThing.kinds.joined(separator: ", ")). \
        name is the product, place, event, recipe, book, music, movie, article or post as written in the text; \
        copy its words from the text, never invent one. No thing: {"things": []}.
        """

    /// The user message: the read text, the code payloads and the leads, labelled.
    public static func prompt(_ input: NamingInput) -> String {
        var parts = ["Text read from the capture:\n" + String(input.text.prefix(textLimit))]
        if !input.codes.isEmpty { parts.append("Code payloads:\n" + input.codes.joined(separator: "\n")) }
        if !input.leads.isEmpty {
            parts.append("Leads found by rules:\n" + input.leads.map { lead in
                "- \(lead.kind): " + lead.fields.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                    .joined(separator: ", ")
            }.joined(separator: "\n"))
        }
        return parts.joined(separator: "\n\n")
    }

    /// The request body for `dialect` (keys sorted, so equal inputs give equal bytes). `correction`, on the retry,
    /// tells the model what was wrong with its first answer.
    public static func body(_ input: NamingInput, model: String, dialect: ChatDialect,
                            correction: String? = nil) -> [UInt8] {
        var messages: [[String: Any]] = [["role": "system", "content": instructions],
                                         ["role": "user", "content": prompt(input)]]
        if let correction {
            messages.append(["role": "user", "content": "Your answer was not valid (\(correction)). "
                                + "Answer again with JSON following the schema."])
        }
        var body: [String: Any] = ["model": model, "messages": messages]
        switch dialect {
        case .openAICompatible:
            body["temperature"] = 0
            body["response_format"] = ["type": "json_schema",
                                       "json_schema": ["name": "things", "strict": true, "schema": schema]]
        case .ollama:
            body["stream"] = false
            body["format"] = schema
            body["options"] = ["temperature": 0]
        }
        let data = (try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data()
        return Array(data)
    }
}
