import Captures
import Foundation
import HTTPTransfer
import NamingStages
import PrivacyStages
import Runner
import RulesStages
import Store
import Testing
import TestSupport
import ThingNaming

/// The naming stage against llama.cpp's real `llama-server` (built by scripts/setup-llama-server) with a tiny
/// random-weight model (scripts/naming-tiny-model.py): what the server accepts, where the schema must go, grounding
/// of a model that knows nothing, a held capture, a crash and a freeze mid-run. Without the server or the model the
/// suite fails with a message naming scripts/setup.
@Suite("naming.chat against llama.cpp's real server (tiny random model)", .serialized)
struct NamingServerTests {
    static let recipe = NamingInput(text: "Lemon drizzle cake\nIngredients\n2 tbsp sugar\nPreheat the oven\nBake 40 minutes",
                                    leads: [NamingLead(kind: "recipe", fields: ["name": "Lemon drizzle cake"])])
    static let lamp = NamingInput(text: "Zebra Desk Lamp\n€ 49,90\nAdd to basket\nFree delivery")

    static func post(_ server: LlamaServer, _ body: [UInt8]) throws -> HTTPResponse {
        try HTTPClient().postJSON(HTTPRequest(url: server.chatURL, totalTimeout: .seconds(120)), json: body)
    }

    /// The stage's request for `input` with `response_format` replaced by `responseFormat`.
    static func body(_ input: NamingInput, responseFormat: [String: Any]) throws -> [UInt8] {
        let base = NamingRequest.body(input, model: "local", dialect: .openAICompatible)
        var object = try #require(try JSONSerialization.jsonObject(with: Data(base)) as? [String: Any])
        object["response_format"] = responseFormat
        return Array(try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
    }

    static func content(_ response: HTTPResponse) -> String {
        let object = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        let message = (object?["choices"] as? [[String: Any]])?.first?["message"] as? [String: Any]
        return message?["content"] as? String ?? ""
    }

    @Test func theStagesRequestsAreAcceptedAndTheAnswersFollowTheSchema() throws {
        let server = try LlamaServer()
        for input in [Self.recipe, Self.lamp] {
            for correction in [nil, "the answer has no things"] {     // the first request and the retry
                let body = NamingRequest.body(input, model: "local", dialect: .openAICompatible, correction: correction)
                let response = try Self.post(server, body)
                #expect(response.status == 200)
                if case .failure(let error) = NamingAnswer.things(fromResponse: response.body) {
                    Issue.record("llama-server's constrained answer was refused: \(error); content: \(Self.content(response))")
                }
            }
        }
        #expect(server.tasksProcessed == 4)
    }

    /// llama.cpp reads the schema under `response_format.json_schema.schema` only. Placed anywhere else the server
    /// says nothing and constrains the answer to "any JSON object": the random model then answers an object our
    /// validator refuses, which it never does with the schema in its place (the test above).
    @Test func aSchemaInTheWrongPlaceIsIgnoredAndTheAnswerRefused() throws {
        let server = try LlamaServer()
        let schema = NamingRequest.schema
        let misplaced: [[String: Any]] = [
            ["type": "json_schema", "json_schema": schema],                       // flattened: no "schema" key
            ["type": "json_schema", "schema": schema],                            // beside json_schema, not in it
            ["type": "json_schema", "json_schema": ["name": "things", "strict": true, "json_schema": schema]],
        ]
        for format in misplaced {
            let response = try Self.post(server, try Self.body(Self.recipe, responseFormat: format))
            #expect(response.status == 200)                   // accepted without a word
            let content = Self.content(response)
            #expect((try? JSONSerialization.jsonObject(with: Data(content.utf8))) is [String: Any],
                    "still grammar-constrained to an object: \(content)")
            guard case .failure = NamingAnswer.things(fromResponse: response.body) else {
                Issue.record("an unconstrained answer passed our checks: \(content)")
                continue
            }
        }
    }

    /// The seed-12 model answers `{"things": []}` to the stage's prompts, so grounding has nothing to turn into
    /// `unknown` here (NamingPolicyTests and NamingStageTests show it against the fake endpoint): what this shows is
    /// that the namer takes the real server's answer and that whatever it keeps is grounded.
    @Test func theNamerTakesTheRealAnswerAndKeepsOnlyGroundedNames() async throws {
        let server = try LlamaServer()
        let raw = try Self.post(server, NamingRequest.body(Self.recipe, model: "local", dialect: .openAICompatible))
        let rawThings = try NamingAnswer.things(fromResponse: raw.body).get()
        let grounding = Grounding(Self.recipe)
        let namer = ThingNamer(policy: NamingPolicy(local: NamingEndpoint(url: server.chatURL, model: "local"), cloud: nil,
                                                    namesWithCloudAssist: false, consent: nil, budget: 0))
        guard case .named(let things, by: let host) = await namer.name(Self.recipe) else {
            Issue.record("the real server's answer was not taken")
            return
        }
        #expect(host == "127.0.0.1")
        #expect(things.count <= rawThings.count)
        for thing in things {
            #expect(thing.name == NamedThing.unknown || grounding.ground(thing) == thing, "\(thing)")
        }
    }

    @Test func aHeldCaptureMakesNoRequest() async throws {
        // llama-server logs no request body at any verbosity (its prompt only as token ids), so the byte search of
        // what is sent stays NamingStageTests' (fake endpoint); here the server's own count of tasks.
        let server = try LlamaServer()
        let folder = NamingStageTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (lines, pending, indexed) = try await NamingStageTests.index(
            naming: #"{"endpoint": "\#(server.chatURL)"}"#, in: folder)
        #expect(indexed == 4)
        #expect(pending == 0)
        #expect(server.tasksProcessed == 2)                // the recipe and the lamp; nothing for the card or Wi-Fi
        for line in lines where line.contains(#""sensitive":"#) {
            #expect(line.contains(#""things":[]"#))
        }
    }

    /// One run of the naming test pipeline, then its later pass (as the indexer does after a completed run).
    static func run(_ store: IndexStore, naming options: String,
                    customize: (inout StageRegistry) -> Void = { _ in }) async throws -> Int {
        let afterRun = AfterRunWork()
        let graph = try NamingStageTests.graph(store: store, naming: options, afterRun: afterRun, customize: customize)
        let summary = try await PipelineRunner(graph: graph, ledger: store).run()
        await afterRun.run()
        return summary.indexed
    }

    static func store(in folder: String) throws -> IndexStore {
        let store = try IndexStore(path: folder + "/index.sqlite")
        try store.attach([PrivacyGateStage.storage, RulesStage.storage, NamingStage.storage])
        return store
    }

    @Test func aServerKilledMidRunNeverStopsIndexingAndTheLaterPassNames() async throws {
        let folder = NamingStageTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try Self.store(in: folder)
        defer { store.close() }
        let server = try LlamaServer()
        let captures = NamingStageTests.captures
        let texts = Dictionary(uniqueKeysWithValues: captures.map { ($0.id.rawValue, $0.text) })
        let recipeID = try #require(captures.first { $0.name == "recipe.png" }).id.rawValue
        // The text stage kills the server (SIGKILL, as a crash) as it reads the recipe: the run has started with the
        // server up, and the recipe's request comes after the crash.
        let indexed = try await Self.run(store, naming: #"{"endpoint": "\#(server.chatURL)"}"#) { registry in
            registry.register("text") { _ in
                ClosureStage<DecodedCapture, CaptureText> { input, _ in
                    if input.file.id.rawValue == recipeID { server.crash() }
                    let box = NormalizedRect(x: 0, y: 0, width: 1, height: 0.1)
                    return CaptureText(lines: (texts[input.file.id.rawValue] ?? []).map {
                        TextLine(text: $0, box: box, confidence: 0.9)
                    })
                }
            }
        }
        #expect(indexed == 4)
        let waiting = try NamingStage.pending(in: store)
        #expect(waiting.contains { $0.id == recipeID }, "\(waiting)")

        // A new server (a restart): the next run reads no capture again, and its later pass names those waiting.
        let restarted = try LlamaServer()
        #expect(try await Self.run(store, naming: #"{"endpoint": "\#(restarted.chatURL)"}"#) == 0)
        #expect(restarted.tasksProcessed == waiting.count)
        #expect(try NamingStage.pending(in: store).isEmpty)      // named (the random model names nothing: [])
    }

    @Test func aFrozenServerTimesOutAndTheRunGoesOn() async throws {
        let folder = NamingStageTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try Self.store(in: folder)
        defer { store.close() }
        let server = try LlamaServer()
        server.freeze()         // SIGSTOP: the kernel takes the connections, nothing answers
        let options = #"{"endpoint": "\#(server.chatURL)", "timeout": 1}"#
        #expect(try await Self.run(store, naming: options) == 4)
        let waiting = try NamingStage.pending(in: store)
        #expect(waiting.count == 2)
        #expect(waiting.allSatisfy { $0.reason.lowercased().contains("time") || $0.reason.contains("off after") }, "\(waiting)")

        server.thaw()           // the stalled requests are answered first, to nobody: a longer timeout now
        #expect(try await Self.run(store, naming: #"{"endpoint": "\#(server.chatURL)", "timeout": 60}"#) == 0)
        #expect(try NamingStage.pending(in: store).isEmpty)
    }
}
