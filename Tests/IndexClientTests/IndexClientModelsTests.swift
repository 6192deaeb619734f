import Foundation
import IndexClient
import ModelInstall
import PoolPipeline
import Runner
import TestSupport
import Testing

/// A models service on 127.0.0.1 publishing the CLIP tests' tiny model (packed as version 3), behind app key `k`.
struct TinyModelService {
    let server: LocalHTTPServer
    /// The manifest's largest file.
    let largest: String
    /// The bytes of all the files.
    let total: Int64

    init(in folder: ClientFolder) throws {
        let fixture = URL(fileURLWithPath: ClientFolder.samples).deletingLastPathComponent()
            .appendingPathComponent("Tests/CLIPTests/Fixtures/tiny-clip")
        let published = folder.path + "/published"
        try FileManager.default.copyItem(atPath: fixture.path, toPath: published)
        let manifest = try ModelPack.pack(folder: published, model: "tiny-clip", version: "3")
        var served = ["/manifest.json": [UInt8](try Data(contentsOf: URL(fileURLWithPath: published + "/manifest.json")))]
        for file in manifest.files {
            served["/" + file.name] = [UInt8](try Data(contentsOf: URL(fileURLWithPath: published + "/" + file.name)))
        }
        server = try LocalHTTPServer(files: served, requiredKey: "k")
        largest = try #require(manifest.files.max { $0.size < $1.size }).name
        total = manifest.files.reduce(0) { $0 + $1.size }
    }

    func delivery(for folder: ClientFolder, pipeline: String, key: String = "k") -> ModelDelivery {
        ModelDelivery(configuration: ModelsConfiguration(manifestURL: server.url("/manifest.json"), appKey: key,
                                                         root: ModelsConfiguration.root(forIndex: folder.index)),
                      indexPath: folder.index, pipeline: pipeline)
    }
}

@Suite("Index client: the models and visual vectors in the status and its stream")
struct IndexClientModelsTests {
    @Test("status() and statusUpdates() show the download (bytes, percent), a cut download failed with its reason, the install with its version, and visuallyIndexedAssets climbing to the captures")
    func modelsInStatusStream() async throws {
        let folder = try ClientFolder()
        let pipeline = try folder.pipeline(copies: 3)
        let index = try PoolIndex(path: folder.index, models: folder.path + "/no-models")
        try await index.run(pipeline: pipeline)
        let before = try index.status()
        #expect(before.phase == .idle)
        #expect(before.models == .notInstalled)
        #expect(before.captures == 3 && before.visuallyIndexedAssets == 0)

        let service = try TinyModelService(in: folder)
        defer { service.server.stop() }
        service.server.holdNextBodyOf("/" + service.largest, after: 1)
        let delivery = service.delivery(for: folder, pipeline: pipeline)
        let installing = Task { await delivery.install() }
        #expect(await service.server.holding())

        var updates = index.statusUpdates(interval: .milliseconds(20)).makeAsyncIterator()
        let downloading = try #require(try await updates.next())
        #expect(downloading.models.state == .downloading)
        #expect(downloading.models.model == "tiny-clip" && downloading.models.version == "3")
        #expect(downloading.models.total == service.total)
        #expect(downloading.models.bytes != nil && downloading.models.percent != nil)
        #expect(downloading.phase == .idle && downloading.visuallyIndexedAssets == 0)

        service.server.releaseHeld()        // the held connection closes with the body short: this install fails
        #expect(await installing.value == nil)
        let cut = try index.status().models
        #expect(cut.state == .failed && cut.version == "3")
        #expect(cut.reason?.contains(service.largest) == true)
        let installed = await delivery.install()        // resumes with a range
        #expect(installed == ModelsConfiguration.root(forIndex: folder.index) + "/tiny-clip/3")
        let summary = try #require(try await delivery.backfill())
        delivery.finish()
        #expect(summary.filled == 3)

        // The stream reaches the installed model with every capture visually indexed (it polls the files the
        // installer and the backfill wrote; it ends only when the consumer stops).
        var seen: [PoolIndexStatus] = [downloading]
        while let status = try await updates.next() {
            seen.append(status)
            if status.models.state == .installed, status.visuallyIndexedAssets == status.captures { break }
        }
        let last = try #require(seen.last)
        #expect(last.models.version == "3" && last.models.path == installed)
        #expect(last.visuallyIndexedAssets == 3 && last.captures == 3)
        #expect(seen.map(\.visuallyIndexedAssets) == seen.map(\.visuallyIndexedAssets).sorted())
        #expect(try index.status() == last)
    }

    @Test("a wrong app key shows in status() as failed with the reason; the indexer's status is untouched")
    func wrongKeyInStatus() async throws {
        let folder = try ClientFolder()
        let pipeline = try folder.pipeline(copies: 1)
        let index = try PoolIndex(path: folder.index, models: folder.path + "/no-models")
        try await index.run(pipeline: pipeline)
        let indexed = try index.status().index

        let service = try TinyModelService(in: folder)
        defer { service.server.stop() }
        #expect(await service.delivery(for: folder, pipeline: pipeline, key: "wrong").install() == nil)
        let status = try index.status()
        #expect(status.models.state == .failed)
        #expect(status.models.reason?.contains("refused the app key (HTTP 401)") == true)
        #expect(status.index == indexed)
        #expect(status.captures == 1 && status.visuallyIndexedAssets == 0)
    }

    @Test("a run that repeats installs the models after listing and fills in the vectors while it is still running",
          .timeLimit(.minutes(2)))     // a safety net against a hang, not a timing assertion
    func vectorsDuringRepeatingRun() async throws {
        let folder = try ClientFolder()
        let pipeline = try folder.pipeline(copies: 2)
        let index = try PoolIndex(path: folder.index, models: folder.path + "/no-models")
        let service = try TinyModelService(in: folder)
        defer { service.server.stop() }
        let configuration = ModelsConfiguration(manifestURL: service.server.url("/manifest.json"), appKey: "k",
                                                root: ModelsConfiguration.root(forIndex: folder.index))
        let running = Task {
            try await index.run(pipeline: pipeline, mode: IndexingMode(retry: RetryPolicy()), models: configuration)
        }
        // The run waits for its next pass (15 minutes on): what the stream shows before the stop is the watch's.
        var reached: PoolIndexStatus?
        for try await status in index.statusUpdates(interval: .milliseconds(20)) {
            if status.models.state == .installed, status.captures == 2, status.visuallyIndexedAssets == 2 {
                reached = status
                break
            }
            if status.models.state == .failed {
                Issue.record("the install failed: \(status.models.summary)")
                break
            }
        }
        index.stop()
        let summary = try await running.value
        #expect(reached?.models.version == "3")
        #expect(summary?.indexed == 2)
        #expect(try index.status().visuallyIndexedAssets == 2)
    }
}
