import Foundation
import ModelInstall
import PoolPipeline
import Store
import Testing
import TestSupport

@Suite("Model delivery: install after the first pass, then vectors filled in, reported on the status stream")
struct ModelDeliveryTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("events go from downloading to installed, then visuallyIndexedAssets climbs to the captures; text untouched")
    func deliversAndBackfills() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("delivery-\(UUID().uuidString)")
        let library = folder.appendingPathComponent("library")
        try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
        let samples = Self.root.appendingPathComponent("samples/Screenshots")
        for name in try FileManager.default.contentsOfDirectory(atPath: samples.path) {
            try FileManager.default.copyItem(at: samples.appendingPathComponent(name), to: library.appendingPathComponent(name))
        }
        let pipeline = folder.appendingPathComponent("pipeline.json").path
        try Data("""
            {"sources": [{"id": "library", "kind": "folder", "options": {"path": "library"}}],
             "stages": [{"id": "decode", "kind": "vips.decode", "options": {"size": 256}},
                        {"id": "persist", "kind": "sqlite.persist"}],
             "edges": [{"from": "library", "to": "decode"}, {"from": "decode", "to": "persist"}]}
            """.utf8).write(to: URL(fileURLWithPath: pipeline))
        let index = folder.appendingPathComponent("index/index.sqlite").path
        try FileManager.default.createDirectory(atPath: (index as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        _ = try await Indexer(pipeline: pipeline, indexPath: index, powerMonitor: nil).run()

        // The models service: the CLIP tests' tiny model, packed.
        let model = folder.appendingPathComponent("published")
        try FileManager.default.copyItem(at: Self.root.appendingPathComponent("Tests/CLIPTests/Fixtures/tiny-clip"), to: model)
        let manifest = try ModelPack.pack(folder: model.path, model: "tiny-clip", version: "3")
        var served = ["/manifest.json": [UInt8](try Data(contentsOf: model.appendingPathComponent("manifest.json")))]
        for file in manifest.files { served["/" + file.name] = [UInt8](try Data(contentsOf: model.appendingPathComponent(file.name))) }
        let server = try LocalHTTPServer(files: served, requiredKey: "k")
        defer { server.stop() }

        let store = try IndexStore(path: index)
        let captures = try store.captureCount
        var before: [ExportedCapture] = []
        try store.exportCaptures { before.append($0) }
        #expect(captures > 0)
        #expect(try store.visuallyIndexedCount == 0)
        store.close()

        let delivery = ModelDelivery(configuration: ModelsConfiguration(manifestURL: server.url("/manifest.json"),
                                                                        appKey: "k", root: ModelsConfiguration.root(forIndex: index)),
                                     indexPath: index, pipeline: pipeline)
        let collected = Task {
            var events: [ModelDelivery.Event] = []
            for await event in delivery.events { events.append(event) }
            return events
        }
        let installed = await delivery.install()
        #expect(installed == ModelsConfiguration.root(forIndex: index) + "/tiny-clip/3")
        let summary = try #require(try await delivery.backfill())
        delivery.finish()
        let events = await collected.value
        #expect(summary.filled == captures && summary.skipped == 0)

        let states = events.compactMap { event -> ModelsStatus.State? in
            if case .models(let status) = event { return status.state }
            return nil
        }
        #expect(states.first == .downloading && states.contains(.verifying) && states.last == .installed)
        let counts = events.compactMap { event -> Int? in
            if case .visuallyIndexed(let count, of: let total) = event, total == captures { return count }
            return nil
        }
        #expect(counts.first == 0 && counts.last == captures && counts == counts.sorted())

        let after = try IndexStore(path: index)
        defer { after.close() }
        var exported: [ExportedCapture] = []
        try after.exportCaptures { exported.append($0) }
        #expect(exported == before)
        #expect(try after.visuallyIndexedCount == captures)
        #expect(try after.capturesLackingVector().isEmpty)
        #expect(try after.vectors(model: "tiny-clip").count == captures)
    }
}
