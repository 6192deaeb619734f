import ContentDigest
import Foundation
import HTTPTransfer
import ModelEngine
import ModelInstall
import Testing
import TestSupport

@Suite("Installing models from a models service")
struct ModelInstallerTests {
    @Test("install downloads every file with the app key, verifies it and moves the model into place")
    func installs() throws {
        let service = try ModelService()
        defer { service.server.stop() }
        #expect(service.installer.statusFile.load() == .notInstalled)
        let folder = try service.installer.install()
        #expect(folder == service.finalFolder)
        for (name, bytes) in service.files { #expect(service.contents(folder + "/" + name) == bytes) }
        #expect(try ModelManifest(contentsOf: folder + "/manifest.json") == service.manifest)
        #expect(!FileManager.default.fileExists(atPath: service.stagingFolder))
        #expect(service.installer.statusFile.load() == ModelsStatus(state: .installed, model: "tiny-clip",
                                                                    version: "2026.1", path: folder))
        #expect(service.server.requests.allSatisfy { $0.appKey == ModelService.key })
        // Installed already: only the manifest is fetched again.
        let count = service.server.requests.count
        _ = try service.installer.install()
        #expect(service.server.requests.count == count + 1)
    }

    @Test("a newer version published replaces the installed one, which is removed once the new one is in place")
    func replacesOlderVersion() throws {
        let old = try ModelService(seed: 1, version: "2026.1")
        defer { old.server.stop() }
        let oldFolder = try old.installer.install()
        let new = try ModelService(seed: 2, version: "2026.2")
        defer { new.server.stop() }
        let installer = ModelInstaller(configuration: ModelsConfiguration(
            manifestURL: new.server.url("/models/manifest.json"), appKey: ModelService.key, root: old.root))
        let folder = try installer.install()
        #expect(folder == old.root + "/tiny-clip/2026.2")
        for (name, bytes) in new.files { #expect(new.contents(folder + "/" + name) == bytes) }
        #expect(!FileManager.default.fileExists(atPath: oldFolder))
        #expect(installer.statusFile.load() == ModelsStatus(state: .installed, model: "tiny-clip", version: "2026.2",
                                                            path: folder))
    }

    @Test("a download cut halfway fails the install, and the next install resumes it with a range")
    func resumes() throws {
        let service = try ModelService()
        defer { service.server.stop() }
        service.server.cutNextBodyOf("/models/model.safetensors", after: 60_000)
        #expect(throws: ModelInstallError.self) { try service.installer.install() }
        let failed = service.installer.statusFile.load()
        #expect(failed.state == .failed && failed.reason?.contains("model.safetensors: download failed") == true)
        let partial = service.contents(service.stagingFolder + "/model.safetensors")?.count ?? 0
        #expect(partial == 60_000)
        _ = try service.installer.install()
        #expect(service.installer.statusFile.load().state == .installed)
        #expect(service.server.requests.filter { $0.path == "/models/model.safetensors" }.map(\.range)
                == [nil, "bytes=60000-"])
        #expect(service.contents(service.finalFolder + "/model.safetensors") == service.files["model.safetensors"])
    }

    @Test("a tampered file is refused, deleted, reported in the status and never installed")
    func refusesTampered() throws {
        let service = try ModelService()
        defer { service.server.stop() }
        var tampered = service.files["model.safetensors"]!
        tampered[777] ^= 0x40
        service.server.setFile("/models/model.safetensors", tampered)
        #expect {
            try service.installer.install()
        } throws: { error in
            guard case .refused(.wrongDigest(let file, _, _))? = error as? ModelInstallError else { return false }
            return file == service.stagingFolder + "/model.safetensors"
        }
        #expect(!FileManager.default.fileExists(atPath: service.stagingFolder + "/model.safetensors"))
        #expect(!FileManager.default.fileExists(atPath: service.finalFolder))
        let status = service.installer.statusFile.load()
        #expect(status.state == .failed)
        #expect(status.reason?.contains("model.safetensors: SHA-256") == true && status.reason?.contains("deleted") == true)
        // Fixed on the server: the next install fetches only that file again.
        service.server.setFile("/models/model.safetensors", service.files["model.safetensors"]!)
        let before = service.server.requests.count
        _ = try service.installer.install()
        #expect(service.server.requests.dropFirst(before).map(\.path) == ["/models/manifest.json", "/models/model.safetensors"])
    }

    @Test("a wrong app key is refused with a clear error in the status, and nothing is installed")
    func wrongKey() throws {
        let service = try ModelService()
        defer { service.server.stop() }
        var configuration = service.configuration
        configuration.appKey = "wrong"
        let installer = ModelInstaller(configuration: configuration)
        #expect(throws: ModelInstallError.manifestUnavailable(.status(url: service.server.url("/models/manifest.json"),
                                                                      code: 401, body: "wrong or missing app key"))) {
            try installer.install()
        }
        let status = installer.statusFile.load()
        #expect(status.state == .failed && status.reason?.contains("refused the app key (HTTP 401)") == true)
        #expect(!FileManager.default.fileExists(atPath: service.root + "/tiny-clip"))
    }

    @Test("a manifest that does not parse is an error naming the field", arguments: [
        (#"{"model": "m", "version": "1"}"#, "files is missing"),
        (#"{"model": "m", "files": [{"name": "a", "url": "a", "size": "big", "sha256": "00"}]}"#, "files[0].size is not"),
        (#"{"model": "m", "files": [{"name": "../a", "url": "a", "size": 1, "sha256": "00"}]}"#, "is not a plain file name"),
        ("not json", "not JSON"),
    ])
    func badManifest(json: String, reason: String) throws {
        let service = try ModelService()
        defer { service.server.stop() }
        service.server.setFile("/models/manifest.json", Array(json.utf8))
        #expect {
            try service.installer.install()
        } throws: { error in
            guard case .badManifest(.badManifest(let file, let found))? = error as? ModelInstallError else { return false }
            return file == service.server.url("/models/manifest.json") && found.contains(reason)
        }
        #expect(service.installer.statusFile.load().reason?.contains(reason) == true)
    }

    @Test("verify refuses an installed file changed since, deletes it, and install fetches only it again")
    func verify() throws {
        let service = try ModelService()
        defer { service.server.stop() }
        let folder = try service.installer.install()
        try service.installer.verifyInstalled()
        try Data("changed".utf8).write(to: URL(fileURLWithPath: folder + "/vocab.json"))
        #expect(throws: ModelInstallError.self) { try service.installer.verifyInstalled() }
        #expect(!FileManager.default.fileExists(atPath: folder))
        #expect(service.installer.statusFile.load().state == .failed)
        let before = service.server.requests.count
        _ = try service.installer.install()
        #expect(service.server.requests.dropFirst(before).map(\.path) == ["/models/manifest.json", "/models/vocab.json"])
        try service.installer.remove()
        #expect(service.installer.statusFile.load() == .notInstalled)
        #expect(!FileManager.default.fileExists(atPath: service.root + "/tiny-clip"))
    }

    @Test("pack writes a manifest a file:// service installs from")
    func pack() throws {
        let service = try ModelService()
        defer { service.server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pack-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, bytes) in service.files { try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + name)) }
        let manifest = try ModelPack.pack(folder: folder, model: "tiny-clip", version: "2026.1")
        #expect(manifest == service.manifest)
        let installer = ModelInstaller(configuration: ModelsConfiguration(
            manifestURL: "file://" + folder + "/manifest.json", appKey: nil, root: service.root))
        let installed = try installer.install()
        for (name, bytes) in service.files { #expect(service.contents(installed + "/" + name) == bytes) }
    }

    @Test("a status left downloading by a process that died reads as interrupted, or installed if it got there")
    func interruptedStatus() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("status-\(UUID().uuidString)").path
        let file = ModelsStatusFile(root: root)
        try file.save(ModelsStatus(state: .downloading, model: "m", version: "1", bytes: 5, total: 10))
        let status = file.load()
        #expect(status.state == .failed && status.reason?.contains("interrupted") == true && status.bytes == 5)
        try FileManager.default.createDirectory(atPath: file.installFolder(model: "m", version: "1"),
                                                withIntermediateDirectories: true)
        #expect(file.load().state == .installed)
    }
}

@Suite("SHA-256 through libcrypto")
struct ContentDigestTests {
    @Test("a file's digest streamed in blocks equals the known digest and the in-memory one")
    func fileDigest() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("digest-\(UUID().uuidString)").path
        let million = [UInt8](repeating: 0x61, count: 1_000_000)
        try Data(million + million + million).write(to: URL(fileURLWithPath: path))    // three blocks' worth
        let digest = try SHA256.hex(ofFile: path)
        #expect(digest == SHA256.hex(of: million + million + million))
        try Data(million).write(to: URL(fileURLWithPath: path))
        #expect(try SHA256.hex(ofFile: path) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        #expect(throws: DigestError.self) { try SHA256.hex(ofFile: path + ".missing") }
    }
}
