import Foundation
import Testing
import ContentDigest
import ModelEngine

@Suite("SHA-256 and model manifests")
struct SHA256Tests {
    @Test("digests equal the FIPS 180-4 example vectors", arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
    ])
    func knownVectors(message: String, digest: String) {
        #expect(SHA256.hex(of: Array(message.utf8)) == digest)
    }

    @Test("a million 'a's fed in uneven pieces give the published digest")
    func millionAs() {
        let hasher = SHA256()
        var remaining = 1_000_000
        var piece = 1
        while remaining > 0 {
            let count = min(piece, remaining)
            hasher.update([UInt8](repeating: 0x61, count: count))
            remaining -= count
            piece = piece * 3 % 1000 + 1
        }
        #expect(hasher.finalizeHex() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("a manifest accepts the published file and refuses a changed, truncated or missing one")
    func manifestVerification() throws {
        let content = [UInt8]((0..<3000).map { UInt8(truncatingIfNeeded: $0 * 7) })
        let path = try SafetensorsFixture.write(content, name: "model.safetensors")
        let folder = (path as NSString).deletingLastPathComponent
        let digest = SHA256.hex(of: content)
        let manifest = ModelManifest(model: "m", files: [
            .init(name: "model.safetensors", url: "https://example.invalid/model.safetensors", size: 3000, sha256: digest),
        ])
        try manifest.verify(folder: folder)

        var changed = content
        changed[1234] ^= 1
        try Data(changed).write(to: URL(fileURLWithPath: path))
        #expect(throws: ModelFileError.wrongDigest(file: path, expected: digest, found: SHA256.hex(of: changed))) {
            try manifest.verify(folder: folder)
        }
        try Data(content.prefix(2999)).write(to: URL(fileURLWithPath: path))
        #expect(throws: ModelFileError.wrongSize(file: path, expected: 3000, found: 2999)) {
            try manifest.verify(folder: folder)
        }
        try FileManager.default.removeItem(atPath: path)
        #expect(throws: ModelFileError.missing(file: path)) { try manifest.verify(folder: folder) }
    }

    @Test("a manifest reads from JSON and a malformed one is refused naming the file")
    func manifestJSON() throws {
        let good = try SafetensorsFixture.write(Array(#"""
            {"model": "clip-vit-b32", "files": [{"name": "config.json", "url": "u", "size": 3, "sha256": "\#(String(repeating: "AB", count: 32))"}]}
            """#.utf8), name: "manifest.json")
        let manifest = try ModelManifest(contentsOf: good)
        #expect(manifest.files == [.init(name: "config.json", url: "u", size: 3, sha256: String(repeating: "ab", count: 32))])
        #expect(manifest.version == nil)
        let bad = try SafetensorsFixture.write(Array(#"{"model": 3}"#.utf8), name: "manifest.json")
        #expect {
            try ModelManifest(contentsOf: bad)
        } throws: { error in
            guard case .badManifest(let file, _)? = error as? ModelFileError else { return false }
            return file == bad
        }
    }
}
