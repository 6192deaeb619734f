import Captures
import Foundation
import Imaging
import PersistStage
import Runner
import Store
import Testing
import TestSupport

/// The README's `Brightness` stage, as a user would write it: nothing in Captures, Store or the persist stage knows it.
struct Brightness: Stage {
    let threshold: Double

    func process(_ input: DecodedCapture, context: StageContext) async throws -> Double {
        let luma = input.image.luma()
        return Double(luma.reduce(0, +)) / Double(max(1, luma.count))
    }
}

extension Brightness {
    /// How the brightness family keeps its value: one table, one migration, one export field, search words.
    static let storage = StoredFamily(
        name: "brightness", part: Double.self, tables: ["brightness"],
        migrations: [Migration("2026-12-01-brightness-table") { db in
            try db.execute("""
                CREATE TABLE brightness (
                    capture_id TEXT PRIMARY KEY NOT NULL REFERENCES captures (id) ON DELETE CASCADE,
                    value REAL NOT NULL) STRICT
                """)
        }],
        write: { value, id, db in
            try db.execute("INSERT INTO brightness (capture_id, value) VALUES (?, ?)", [.text(id), .real(value)])
        },
        export: { id, db in
            let value = try db.first("SELECT value FROM brightness WHERE capture_id = ?", [.text(id)]) { $0.double(0) }
            return ["brightness": value.flatMap { $0 }.map(JSONValue.number) ?? .null]
        },
        searchText: { $0 > 127 ? "bright" : "dark" })
}

@Suite("A stage family declares how its output is stored; the persist stage joins whatever the graph delivers")
struct OpenFamilyTests {
    static func decoded(_ name: String, gray: UInt8) -> DecodedCapture {
        let file = Records.file(name)
        return DecodedCapture(
            file: file, image: RGBImage(width: 2, height: 2, pixels: [UInt8](repeating: gray, count: 12)),
            metadata: CaptureMetadata(date: Records.baseDate, dateSource: .exif, location: nil, pixelWidth: 2,
                                      pixelHeight: 2, kind: .photo, format: "png"))
    }

    static func graph(store: IndexStore, captures: [DecodedCapture]) throws -> PipelineGraph {
        var registry = StageRegistry()
        registry.registerStoreStages()
        registry.registerSource("list") { _ in
            ListSource(items: captures.map { SourceCapture(id: $0.file.id, signature: $0.file.signature, value: $0) })
        }
        registry.register("brightness") { setup in
            Brightness(threshold: try setup.options.double("threshold", default: 0.5))
        }
        var environment = StageEnvironment(baseDirectory: "/tmp")
        environment.provide(store)
        let spec = try PipelineSpec.parse(Data("""
            {"sources": [{"id": "in", "kind": "list"}],
             "stages": [{"id": "brightness", "kind": "brightness"}, {"id": "persist", "kind": "sqlite.persist"}],
             "edges": [{"from": "in", "to": ["brightness", "persist"]}, {"from": "brightness", "to": "persist"}]}
            """.utf8), file: "bright.json")
        return try PipelineLoader(registry: registry, environment: environment).load(spec, file: "bright.json")
    }

    @Test(arguments: IndexLocation.allCases)
    func givenTheReadmeBrightnessStage_whenItsFamilyIsAttached_thenItsValueIsStoredExportedAndSearched(
        _ location: IndexLocation
    ) async throws {
        let index = try TestIndex(location)
        try index.store.attach([Brightness.storage])
        let captures = [Self.decoded("light.png", gray: 230), Self.decoded("night.png", gray: 20)]
        let summary = try await PipelineRunner(graph: try Self.graph(store: index.store, captures: captures),
                                               ledger: index.store).run()
        #expect(summary.indexed == 2)
        #expect(try index.store.count("brightness") == 2)
        #expect(try index.store.appliedFamilyMigrations() == ["2026-12-01-brightness-table"])

        var lines: [String] = []
        try index.store.exportJSONLines { lines.append($0) }
        #expect(lines.count == 2)
        #expect(lines[0].contains(#""brightness":230"#) && lines[0].contains(#""path":"light.png""#))
        #expect(lines[1].contains(#""brightness":20"#) && lines[1].contains(#""path":"night.png""#))
        #expect(try index.store.search("bright").map(\.path) == ["light.png"])
    }

    @Test func givenNoFamilyForATypeAnEdgeBrings_whenThePipelineLoads_thenTheErrorNamesTheEdgeAndWhatPersistReads() throws {
        let store = try IndexStore.inMemory()
        #expect {
            _ = try Self.graph(store: store, captures: [])
        } throws: { error in
            String(describing: error).contains("\"brightness\"") && String(describing: error).contains("Double")
        }
    }

    @Test func givenAnIndexWithAFamilysTables_whenOpenedWithoutThatFamily_thenItOpensAndARewriteLeavesNoStaleRow() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("index.sqlite")
        do {
            let store = try IndexStore(path: path)
            try store.attach([Brightness.storage])
            _ = try await PipelineRunner(graph: try Self.graph(store: store, captures: [Self.decoded("a.png", gray: 9)]),
                                         ledger: store).run()
            #expect(try store.count("brightness") == 1)
            store.close()
        }
        let plain = try IndexStore(path: path)
        try plain.write([Records.record("a.png", signature: "changed")])
        #expect(try plain.count("brightness") == 0)
        try plain.rebuild()
        #expect(try plain.captureCount == 0)
    }
}
