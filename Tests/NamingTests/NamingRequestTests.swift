import Foundation
import Testing
import ThingNaming

@Suite("Naming: the request carries derived text and the schema where each server reads it")
struct NamingRequestTests {
    static let input = NamingInput(text: "Lemon drizzle cake\nIngredients\n2 tbsp sugar",
                                   codes: ["https://cooking.example.com/lemon-cake"],
                                   leads: [NamingLead(kind: "recipe", fields: ["name": "Lemon drizzle cake"])])

    static func object(_ bytes: [UInt8]) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    @Test func llamaCppGetsTheSchemaUnderJSONSchemaSchema() throws {
        let body = try Self.object(NamingRequest.body(Self.input, model: "m", dialect: .openAICompatible))
        let format = try #require(body["response_format"] as? [String: Any])
        #expect(format["type"] as? String == "json_schema")
        let jsonSchema = try #require(format["json_schema"] as? [String: Any])
        let schema = try #require(jsonSchema["schema"] as? [String: Any])
        #expect(schema["required"] as? [String] == ["things"])
        #expect(jsonSchema["type"] == nil && jsonSchema["properties"] == nil)   // not flattened into json_schema
        #expect(body["format"] == nil)
        let messages = try #require(body["messages"] as? [[String: Any]])
        let user = try #require(messages.last?["content"] as? String)
        #expect(user.contains("Lemon drizzle cake") && user.contains("https://cooking.example.com/lemon-cake"))
        #expect(user.contains("- recipe: name=Lemon drizzle cake"))
    }

    @Test func ollamaGetsTheSchemaAsFormat() throws {
        let endpoint = NamingEndpoint(url: "http://localhost:11434/api/chat", model: "qwen")
        #expect(endpoint.dialect == .ollama)
        let body = try Self.object(NamingRequest.body(Self.input, model: "qwen", dialect: endpoint.dialect))
        let schema = try #require(body["format"] as? [String: Any])
        #expect(schema["type"] as? String == "object")
        #expect(body["stream"] as? Bool == false)
        #expect(body["response_format"] == nil)
    }

    @Test func sameInputSameBytes() {
        #expect(NamingRequest.body(Self.input, model: "m", dialect: .openAICompatible)
                == NamingRequest.body(Self.input, model: "m", dialect: .openAICompatible))
    }

    @Test func answersAreCheckedFieldByField() {
        #expect(NamingAnswer.things(fromContent: #"{"things":[{"kind":"recipe","name":"Lemon cake"}]}"#)
                == .success([NamedThing(kind: "recipe", name: "Lemon cake")]))
        #expect(NamingAnswer.things(fromContent: "Sure! It is a cake.") == .failure(.notJSON(where: "message content")))
        #expect(NamingAnswer.things(fromContent: #"{"name":"x"}"#) == .failure(.missing(field: "things")))
        #expect(NamingAnswer.things(fromContent: #"{"things":[{"kind":"vehicle","name":"x"}]}"#)
                == .failure(.invalid(field: "things[0].kind", reason: "not one of the kinds")))
        #expect(NamingAnswer.things(fromContent: #"{"things":[{"kind":"book","name":"  "}]}"#)
                == .failure(.invalid(field: "things[0].name", reason: "missing, empty or over 200 characters")))
        #expect(NamingAnswer.things(fromResponse: Array(#"{"message":{"content":"{\"things\":[]}"}}"#.utf8)) == .success([]))
    }

    @Test func aNameWhoseWordsAreNotReadBecomesUnknown() {
        let grounding = Grounding(NamingInput(text: "Crème Brûlée au caramel\n12,50 €", codes: ["https://shop.example/item/Zebra-Lamp"]))
        #expect(grounding.ground(NamedThing(kind: "recipe", name: "creme brulee")) == NamedThing(kind: "recipe", name: "creme brulee"))
        #expect(grounding.ground(NamedThing(kind: "product", name: "Zebra Lamp")).isKnown)     // words from a payload
        #expect(grounding.ground(NamedThing(kind: "recipe", name: "Crème Caramel Tart"))
                == NamedThing(kind: "recipe", name: "unknown"))
        #expect(!grounding.ground(NamedThing(kind: "product", name: "—")).isKnown)
        #expect(!grounding.ground(NamedThing(kind: "product", name: "Brûl")).isKnown)          // whole words only
    }

    @Test func onlyLoopbackIsOnDevice() {
        for url in ["http://127.0.0.1:8080/v1/chat/completions", "http://localhost:11434/api/chat", "http://[::1]:8080/x"] {
            #expect(NamingEndpoint(url: url, model: "m").isOnDevice, "\(url)")
        }
        for url in ["https://api.example.com/v1/chat/completions", "http://192.168.1.5:8080/v1/chat/completions",
                    "http://localhost.example.com/x", "http://127.0.0.1.example.com/x"] {
            #expect(!NamingEndpoint(url: url, model: "m").isOnDevice, "\(url)")
        }
    }
}
