import ContentDigest
import Foundation
import ModelEngine

/// Writes `<folder>/manifest.json` for the files of a folder, for people who host their own models service: a
/// static file server serving the folder is enough (the files' URLs are relative to the manifest).
public enum ModelPack {
    /// Lists every regular, non-hidden file of `folder` (except `manifest.json`) with its size and SHA-256, and
    /// writes the manifest. Returns it.
    @discardableResult
    public static func pack(folder: String, model: String? = nil, version: String = "1") throws(ModelInstallError)
        -> ModelManifest {
        let manager = FileManager.default
        let names: [String]
        do {
            names = try manager.contentsOfDirectory(atPath: folder).sorted()
        } catch {
            throw .io(path: folder, reason: "cannot list the folder: \(error.localizedDescription)")
        }
        var files: [ModelManifest.File] = []
        for name in names where !name.hasPrefix(".") && name != "manifest.json" {
            let path = folder + "/" + name
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            let size = ((try? manager.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.int64Value ?? 0
            do {
                files.append(.init(name: name, url: name, size: size, sha256: try SHA256.hex(ofFile: path)))
            } catch {
                throw .io(path: path, reason: "\(error)")
            }
        }
        let name = model ?? URL(fileURLWithPath: folder).standardizedFileURL.lastPathComponent
        let manifest = ModelManifest(model: name, version: version, files: files)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        do {
            try encoder.encode(manifest).write(to: URL(fileURLWithPath: folder + "/manifest.json"), options: .atomic)
        } catch {
            throw .io(path: folder + "/manifest.json", reason: "cannot write the manifest: \(error.localizedDescription)")
        }
        return manifest
    }
}
