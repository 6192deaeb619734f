import Foundation

/// Reads a chat endpoint's answer: the message content (OpenAI-compatible `choices[0].message.content`, or
/// Ollama's `message.content`), parsed as JSON and checked against `NamingRequest.schema`.
public enum NamingAnswer {
    /// The things the answer names (before grounding), or why it is not valid.
    public static func things(fromResponse body: [UInt8]) -> Result<[NamedThing], NamingAnswerError> {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else {
            return .failure(.notJSON(where: "response body"))
        }
        let message = ((object["choices"] as? [[String: Any]])?.first?["message"] as? [String: Any])
            ?? object["message"] as? [String: Any]
        guard let content = message?["content"] as? String else {
            return .failure(.missing(field: "choices[0].message.content or message.content"))
        }
        return things(fromContent: content)
    }

    /// The things of a message content (`{"things": [...]}`), checked field by field.
    public static func things(fromContent content: String) -> Result<[NamedThing], NamingAnswerError> {
        guard let object = try? JSONSerialization.jsonObject(with: Data(content.utf8)) as? [String: Any] else {
            return .failure(.notJSON(where: "message content"))
        }
        guard let list = object["things"] as? [Any] else { return .failure(.missing(field: "things")) }
        guard list.count <= 5 else { return .failure(.invalid(field: "things", reason: "more than 5 items")) }
        var things: [NamedThing] = []
        for (index, item) in list.enumerated() {
            guard let entry = item as? [String: Any] else {
                return .failure(.invalid(field: "things[\(index)]", reason: "not an object"))
            }
            guard let kind = entry["kind"] as? String, NamedThing.kinds.contains(kind) else {
                return .failure(.invalid(field: "things[\(index)].kind", reason: "not one of the kinds"))
            }
            guard let name = (entry["name"] as? String)?.trimmingCharacters(in: .whitespacesAndNewlines),
                  !name.isEmpty, name.count <= 200 else {
                return .failure(.invalid(field: "things[\(index)].name", reason: "missing, empty or over 200 characters"))
            }
            let thing = NamedThing(kind: kind, name: name)
            if !things.contains(thing) { things.append(thing) }
        }
        return .success(things)
    }
}

/// Why a model's answer was refused (named by field; the answer's text is not repeated, it may quote the capture).
public enum NamingAnswerError: Error, Equatable, CustomStringConvertible {
    case notJSON(where: String)
    case missing(field: String)
    case invalid(field: String, reason: String)

    public var description: String {
        switch self {
        case .notJSON(let place): "the \(place) is not a JSON object"
        case .missing(let field): "the answer has no \(field)"
        case .invalid(let field, let reason): "the answer's \(field) is invalid: \(reason)"
        }
    }
}
