import Foundation

/// The models' status as the installer saves it in `<root>/status.json` (written to a temporary file and renamed,
/// so a reader sees the old or the new one, never half), read back as a reader should see it: a download or
/// verification whose installer is gone (its lock free) was interrupted, unless its version made it into place.
public struct ModelsStatusFile: Sendable {
    public let root: String

    public init(root: String) { self.root = root }

    var path: String { root + "/status.json" }

    /// The folder of an installed `model` `version`.
    public func installFolder(model: String, version: String) -> String { root + "/\(model)/\(version)" }

    /// The status saved, corrected for an installer that died; `.notInstalled` when nothing was ever saved.
    public func load() -> ModelsStatus {
        guard let data = FileManager.default.contents(atPath: path),
              var status = try? JSONDecoder().decode(ModelsStatus.self, from: data)
        else { return .notInstalled }
        switch status.state {
        case .downloading, .verifying:
            guard !InstallLock.isHeld(root: root) else { return status }
            if let model = status.model, let version = status.version,
               FileManager.default.fileExists(atPath: installFolder(model: model, version: version)) {
                return ModelsStatus(state: .installed, model: model, version: version,
                                    path: installFolder(model: model, version: version))
            }
            status = ModelsStatus(state: .failed, model: status.model, version: status.version, bytes: status.bytes,
                                  total: status.total,
                                  reason: "interrupted (the installing process is gone); `pool-pipeline models install` resumes it")
        case .installed:
            if let path = status.path, !FileManager.default.fileExists(atPath: path) { return .notInstalled }
        case .notInstalled, .failed:
            break
        }
        return status
    }

    /// Saves `status` atomically.
    public func save(_ status: ModelsStatus) throws(ModelInstallError) {
        do {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            try encoder.encode(status).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .io(path: path, reason: "cannot save the models status: \(error.localizedDescription)")
        }
    }

    /// The installed model's folder, if the status says one is installed and it is there.
    public func installedFolder() -> String? {
        let status = load()
        guard status.state == .installed, let path = status.path else { return nil }
        return path
    }
}
