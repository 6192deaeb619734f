import ContentDigest
import Foundation
import ModelEngine
import ModelInstall
import TestSupport

/// A models service for tests: a local HTTP server publishing a tiny model the test makes (random bytes named
/// like a CLIP folder's files) with its manifest at `/models/manifest.json`, behind an app key.
struct ModelService {
    static let key = "test-app-key"

    let server: LocalHTTPServer
    let files: [String: [UInt8]]
    let manifest: ModelManifest
    let root: String

    init(seed: UInt64 = 1, version: String = "2026.1", files: [String: [UInt8]]? = nil) throws {
        var random = SplitMix64(seed: seed)
        let files = files ?? [
            "config.json": Array(#"{"tiny": true}"#.utf8),
            "model.safetensors": (0..<150_000).map { _ in UInt8(truncatingIfNeeded: random.next()) },
            "vocab.json": Array(#"{"a": 0}"#.utf8),
        ]
        self.files = files
        manifest = ModelManifest(model: "tiny-clip", version: version, files: files.keys.sorted().map { name in
            .init(name: name, url: name, size: Int64(files[name]!.count), sha256: SHA256.hex(of: files[name]!))
        })
        var served = Dictionary(uniqueKeysWithValues: files.map { ("/models/" + $0.key, $0.value) })
        served["/models/manifest.json"] = Array(try JSONEncoder().encode(manifest))
        server = try LocalHTTPServer(files: served, requiredKey: Self.key)
        root = FileManager.default.temporaryDirectory.appendingPathComponent("models-\(UUID().uuidString)").path + "/models"
    }

    var configuration: ModelsConfiguration {
        ModelsConfiguration(manifestURL: server.url("/models/manifest.json"), appKey: Self.key, root: root)
    }

    var installer: ModelInstaller { ModelInstaller(configuration: configuration) }

    var finalFolder: String { root + "/tiny-clip/" + manifest.version! }
    var stagingFolder: String { root + "/tiny-clip/.staging-" + manifest.version! }

    func contents(_ path: String) -> [UInt8]? { FileManager.default.contents(atPath: path).map { [UInt8]($0) } }
}
