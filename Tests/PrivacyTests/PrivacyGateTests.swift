import Captures
import Foundation
import ObjectRules
import PersistStage
import PrivacyStages
import Runner
import RulesStages
import Store
import Testing
import TestSupport

@Suite("The privacy gate holds captures back: only id, source, date and category reach the index")
struct PrivacyGateTests {
    static let baseDate = Date(timeIntervalSince1970: 1_717_236_000)

    static let captures = [
        ScriptedCapture(name: "card-photo-7731.png", text: ["JANE Q CARDHOLDER", "4111 1111 1111 1111", "VALID THRU 09/28"], codes: []),
        ScriptedCapture(name: "router-sticker.png", text: ["Scan to join"], codes: ["WIFI:T:WPA;S:HomeNet;P:Tr0ub4dor&3x;;"]),
        // An identity card photographed without its header or zone: held by its fields and values alone.
        ScriptedCapture(name: "id-card-scan.png", text: ["APELLIDOS", "GARCIA LOPEZ", "NOMBRE", "LUCIA", "SEXO NACIONALIDAD",
                                                     "F ESP", "FECHA DE NACIMIENTO", "12 08 1983", "NUM SOPORTE", "BAK123456"], codes: []),
        ScriptedCapture(name: "recipe.png", text: ["Lemon drizzle cake", "Ingredients", "2 tbsp sugar", "Preheat the oven", "Bake 40 minutes",
                                               "https://cooking.example.com/lemon-cake"], codes: []),
    ]
    static let secrets = ["4111 1111 1111 1111", "4111111111111111", "CARDHOLDER", "VALID THRU", "Tr0ub4dor&3x",
                          "HomeNet", "card-photo-7731", "router-sticker", "Scan to join", "GARCIA LOPEZ", "LUCIA", "BAK123456",
                          "12 08 1983", "id-card-scan", "APELLIDOS"]

    static func id(_ capture: ScriptedCapture) -> CaptureID { capture.id }

    static func decoded(_ capture: ScriptedCapture) -> DecodedCapture {
        capture.decoded(date: baseDate, location: GeoPoint(latitude: 52.5, longitude: 13.4))
    }

    static func graph(store: IndexStore) throws -> PipelineGraph {
        let byID = Dictionary(uniqueKeysWithValues: captures.map { (id($0).rawValue, $0) })
        var registry = StageRegistry()
        registry.registerStoreStages()
        registry.registerPrivacyStages()
        registry.registerRulesStages()
        registry.registerSource("list") { _ in
            ListSource(items: captures.map(decoded).map { SourceCapture(id: $0.file.id, signature: $0.file.signature, value: $0) })
        }
        registry.registerScriptedReading(text: byID.mapValues(\.text), codes: byID.mapValues(\.codes))
        var environment = StageEnvironment(baseDirectory: "/tmp")
        environment.provide(store)
        let spec = try PipelineSpec.parse(Data("""
            {"sources": [{"id": "in", "kind": "list"}],
             "stages": [{"id": "text", "kind": "text"}, {"id": "codes", "kind": "codes"},
                        {"id": "rules", "kind": "rules"},
                        {"id": "privacy", "kind": "privacy.gate"}, {"id": "persist", "kind": "sqlite.persist"}],
             "edges": [{"from": "in", "to": ["text", "codes", "privacy"]}, {"from": ["text", "codes"], "to": ["rules", "privacy"]},
                       {"from": "rules", "to": "privacy"}, {"from": "privacy", "to": "persist"}]}
            """.utf8), file: "gate.json")
        return try PipelineLoader(registry: registry, environment: environment).load(spec, file: "gate.json")
    }

    @Test func givenACardAWifiCodeAndAnIDCard_whenIndexed_thenNoByteOfThemIsInTheIndexFiles() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gate-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/index.sqlite"
        let store = try IndexStore(path: path)
        try store.attach([PrivacyGateStage.storage, RulesStage.storage])
        let summary = try await PipelineRunner(graph: try Self.graph(store: store), ledger: store).run()
        #expect(summary.indexed == 4)

        var lines: [String] = []
        try store.exportJSONLines { lines.append($0) }
        let held = lines.filter { $0.contains(#""sensitive":"#) && !$0.contains(#""sensitive":null"#) }
        #expect(held.count == 3)
        #expect(held.contains { $0.contains(#""sensitive":"payment card""#) })
        #expect(held.contains { $0.contains(#""sensitive":"identity document""#) })
        #expect(held.contains { $0.contains(#""sensitive":"credential""#) })
        let recipe = try #require(lines.first { $0.contains("recipe.png") })
        #expect(recipe.contains(#""leads":[{"fields":{"name":"Lemon drizzle cake","url":"https://cooking.example.com/lemon-cake"},"kind":"recipe","type":"Recipe"}]"#))
        #expect(recipe.contains(#""links":["https://cooking.example.com/lemon-cake"]"#))

        let explanation = try #require(try PrivacyGateStage.explanation(of: Self.id(Self.captures[0]).rawValue, in: store))
        #expect(explanation.rule == "card.luhn")
        #expect(explanation.reason.contains("Visa range"))
        #expect(!explanation.reason.contains("1111"))
        #expect(explanation.description == "held back as payment card by rule card.luhn: payment card: 16 digits passing "
                 + "Luhn in a Visa range, expiry date on the same capture")
        store.close()

        var bytes = Data()
        for file in (try FileManager.default.contentsOfDirectory(atPath: folder)) {
            bytes += FileManager.default.contents(atPath: folder + "/" + file) ?? Data()
        }
        #expect(bytes.range(of: Data("Lemon drizzle".utf8)) != nil)          // the search does see stored text
        for secret in Self.secrets {
            #expect(bytes.range(of: Data(secret.utf8)) == nil, "found \"\(secret)\" in the index files")
        }
        for line in held { for secret in Self.secrets { #expect(!line.contains(secret)) } }
    }

    @Test func aHeldRecordKeepsOnlyItsIdentity() async throws {
        let record = CaptureRecord(
            file: Self.decoded(Self.captures[0]).file, metadata: Self.decoded(Self.captures[0]).metadata,
            text: CaptureText(lines: Self.captures[0].text.map {
                TextLine(text: $0, box: NormalizedRect(x: 0, y: 0, width: 1, height: 1), confidence: 1)
            }),
            fingerprint: VisualFingerprint(bits: 42), labels: CaptureLabels(labels: [CaptureLabel(name: "card", confidence: 0.9)]))
        let out = try await StageHarness(PrivacyGateStage()).process(record)
        #expect(out.text == nil && out.codes == nil && out.fingerprint == nil && out.labels == nil && out.vector == nil)
        #expect(out.file.id == record.file.id && out.file.source == "shots" && out.file.relativePath.isEmpty)
        #expect(out.metadata.date == record.metadata.date && out.metadata.location == nil)
        #expect(out.privacyVerdict?.category == .paymentCard)
    }
}
