/// How an endpoint wants structured output asked for.
///
/// - `openAICompatible` (llama.cpp's server, vLLM, hosted services): `POST …/v1/chat/completions` with
///   `response_format: {type: "json_schema", json_schema: {name, strict, schema}}`. llama.cpp reads the schema
///   under `json_schema.schema` only: placed anywhere else it is ignored without a word and the answer is free text.
/// - `ollama` (Ollama's own API): `POST …/api/chat` with the schema as `format`, and `stream: false`.
public enum ChatDialect: String, Sendable, CaseIterable {
    case openAICompatible = "openai"
    case ollama

    /// The dialect a chat URL implies: Ollama's `/api/chat`, else the OpenAI-compatible one.
    public static func implied(by url: String) -> ChatDialect {
        url.hasSuffix("/api/chat") ? .ollama : .openAICompatible
    }
}
