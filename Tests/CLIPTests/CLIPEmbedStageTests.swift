import CLIPStages
import Captures
import Foundation
import ModelEngine
@testable import Runner
import TestSupport
import Testing
@testable import CLIPModel

@Suite("clip.embed stage")
struct CLIPEmbedStageTests {
    static func capture(_ image: RGBImage) -> DecodedCapture {
        DecodedCapture(
            file: CaptureFile(id: CaptureID("c1"), source: "test", path: "/photos/c1.jpg", relativePath: "c1.jpg",
                              byteCount: 1, modified: Date(timeIntervalSince1970: 0)),
            image: image,
            metadata: CaptureMetadata(date: Date(timeIntervalSince1970: 0), dateSource: .file, location: nil,
                                      pixelWidth: image.width, pixelHeight: image.height, kind: .photo, format: "png"))
    }

    /// Builds the stage the way a pipeline file would, through the registry.
    static func makeStage(options: [String: JSONValue], base: String = "/") throws -> AnyStage {
        var registry = StageRegistry()
        registry.registerCLIPStages()
        let setup = StageSetup(stageID: "vectors", kind: "clip.embed",
                               options: StageOptions(file: "pipeline.json", stageID: "vectors", values: options),
                               concurrency: 2, environment: StageEnvironment(baseDirectory: base))
        return try registry.stageFactories["clip.embed"]!(setup)
    }

    @Test("with the model installed, a capture gets the reference's vector, tagged with the model")
    func embedsCapture() async throws {
        let reference = try Fixture.reference()
        let stage = try CLIPEmbedStage(folder: CLIPModelFolder(path: Fixture.modelPath))
        #expect(stage.status.isInstalled)
        let vector = try await StageHarness(stage).process(Self.capture(Fixture.image(reference.images[0])))
        #expect(vector.model == "tiny-clip")
        #expect(Fixture.maxDifference(vector.values, reference.image_embeddings[0]) < 1e-4)
    }

    @Test("with no model installed, captures go through with a pending vector and the status says why")
    func pendingWithoutModel() async throws {
        let empty = try Fixture.temporaryFolder()
        let stage = try CLIPEmbedStage(folder: CLIPModelFolder(path: empty))
        let image = RGBImage(width: 4, height: 4, pixels: [UInt8](repeating: 9, count: 48))
        let vectors = try await StageHarness(stage).run([Self.capture(image), Self.capture(image)])
        #expect(vectors.count == 2 && vectors.allSatisfy { $0.isPending })
        #expect(stage.status == .notInstalled(path: empty, missing: CLIPModelFolder.requiredFiles))
        #expect("\(stage.status)".hasPrefix("vectors pending: no CLIP weights installed at \(empty)"))
    }

    @Test("the registered kind reads option model relative to the pipeline file's folder")
    func registeredKind() async throws {
        let fixtures = URL(fileURLWithPath: Fixture.modelPath).deletingLastPathComponent().path
        var registry = StageRegistry()
        registry.registerCLIPStages()
        let loader = PipelineLoader(registry: registry, environment: StageEnvironment(baseDirectory: fixtures))
        let stage = try loader.stage(kind: "clip.embed", id: "vectors", options: ["model": .string("tiny-clip")],
                                     concurrency: 2)
        let reference = try Fixture.reference()
        let output = try await stage.process(Self.capture(Fixture.image(reference.images[1])), capture: CaptureID("c1"))
        let vector = try #require(output as? ImageVector)
        #expect(Fixture.maxDifference(vector.values, reference.image_embeddings[1]) < 1e-4)
        // One BLAS caller per core, settled by the loader: one thread per call.
        #expect(stage.runtime[.blasThreads] == 1)
        #expect(BLAS.threads == 1)
    }

    @Test("a broken model folder stops the pipeline loading, naming the option, the file and the tensor")
    func brokenModel() throws {
        let copy = try Fixture.modelCopy()
        let configFile = copy + "/config.json"
        let text = try String(contentsOfFile: configFile, encoding: .utf8)
            .replacingOccurrences(of: "\"patch_size\": 8", with: "\"patch_size\": 16")
        try text.write(toFile: configFile, atomically: true, encoding: .utf8)
        #expect {
            try Self.makeStage(options: ["model": .string(copy)])
        } throws: { error in
            guard let error = error as? PipelineError else { return false }
            let message = "\(error)"
            return error.field == "options.model" && message.contains(copy + "/model.safetensors")
                && message.contains("vision_model.embeddings.patch_embedding.weight")
        }
    }

    @Test("an unknown option is an error of the pipeline file, not ignored")
    func optionType() {
        #expect(throws: PipelineError.self) {
            try Self.makeStage(options: ["model": .number(3)])
        }
    }
}

@Suite("clip.embed verifies the installed files against a manifest")
struct CLIPManifestTests {
    static func manifest(for folder: String, corrupt: Bool) throws -> String {
        var files: [ModelManifest.File] = []
        for name in CLIPModelFolder.requiredFiles {
            let path = folder + "/" + name
            let size = try (FileManager.default.attributesOfItem(atPath: path)[.size] as! NSNumber).int64Value
            var digest = try ModelManifest.sha256Hex(ofFile: path)
            if corrupt && name == CLIPModelFolder.weightsName { digest = String(repeating: "0", count: 64) }
            files.append(.init(name: name, url: "https://example.invalid/\(name)", size: size, sha256: digest))
        }
        let path = try Fixture.temporaryFolder() + "/manifest.json"
        try JSONEncoder().encode(ModelManifest(model: "tiny-clip", files: files)).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("matching files load; a file whose SHA-256 differs is refused, naming it")
    func verifies() throws {
        let good = try Self.manifest(for: Fixture.modelPath, corrupt: false)
        _ = try CLIPEmbedStageTests.makeStage(options: ["model": .string(Fixture.modelPath), "manifest": .string(good)])
        let bad = try Self.manifest(for: Fixture.modelPath, corrupt: true)
        #expect {
            try CLIPEmbedStageTests.makeStage(options: ["model": .string(Fixture.modelPath), "manifest": .string(bad)])
        } throws: { error in
            guard let error = error as? PipelineError else { return false }
            return error.field == "options.manifest" && "\(error)".contains("model.safetensors: SHA-256")
        }
    }
}

@Suite("CLIP batch queue")
struct CLIPBatchQueueTests {
    @Test("concurrent callers each get their own image's vector, equal to embedding it alone")
    func concurrentCallers() async throws {
        let reference = try Fixture.reference()
        let embedder = try CLIPImageEmbedder(folder: CLIPModelFolder(path: Fixture.modelPath))
        let queue = CLIPBatchQueue(encoder: embedder.encoder, maxBatch: 3, lanes: 2)
        let pixels = try reference.images.map { try embedder.preprocessor.pixels(Fixture.image($0)) }
        let requests = (0..<10).map { $0 % pixels.count }
        let vectors = await withTaskGroup(of: (Int, [Float]).self) { group in
            for (slot, image) in requests.enumerated() {
                group.addTask { (slot, await queue.embed(pixels[image])) }
            }
            var result = [[Float]](repeating: [], count: requests.count)
            for await (slot, vector) in group { result[slot] = vector }
            return result
        }
        for (slot, image) in requests.enumerated() {
            #expect(Fixture.maxDifference(vectors[slot], reference.image_embeddings[image]) < 1e-4, "request \(slot)")
        }
    }
}
