import Foundation

extension ModelManifest {
    /// Installs a model from `source` (a folder holding the downloaded files) into `destination`: every file
    /// of the manifest is checked (size and SHA-256) first, then copied into a temporary sibling folder that
    /// replaces `destination` in one rename. A file that fails the check leaves `destination` as it was.
    /// (Downloading is the caller's part: fetch each `url` into `source`.)
    public func install(from source: String, into destination: String) throws(ModelFileError) {
        try verify(folder: source)
        let manager = FileManager.default
        let target = URL(fileURLWithPath: destination).standardizedFileURL
        let staging = target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).partial-\(UUID().uuidString)")
        do {
            try manager.createDirectory(at: staging, withIntermediateDirectories: true)
            for file in files {
                try manager.copyItem(at: URL(fileURLWithPath: source).appendingPathComponent(file.name),
                                     to: staging.appendingPathComponent(file.name))
            }
        } catch {
            try? manager.removeItem(at: staging)
            throw .unreadable(file: staging.path, reason: "cannot stage the model: \(error.localizedDescription)")
        }
        // The copy is checked again: what is installed is what was verified.
        do {
            try verify(folder: staging.path)
        } catch {
            try? manager.removeItem(at: staging)
            throw error
        }
        // Swap: the old install steps aside, the staged one takes its name, then the old one goes.
        let previous = staging.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).previous-\(UUID().uuidString)")
        let hadPrevious = manager.fileExists(atPath: target.path)
        do {
            if hadPrevious { try manager.moveItem(at: target, to: previous) }
            try manager.moveItem(at: staging, to: target)
        } catch {
            if hadPrevious, !manager.fileExists(atPath: target.path) { try? manager.moveItem(at: previous, to: target) }
            try? manager.removeItem(at: staging)
            throw .unreadable(file: target.path, reason: "cannot move the verified model into place: \(error.localizedDescription)")
        }
        if hadPrevious { try? manager.removeItem(at: previous) }
    }
}
