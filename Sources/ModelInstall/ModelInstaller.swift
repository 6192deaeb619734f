import ContentDigest
import Foundation
import HTTPTransfer
import ModelEngine
import Synchronization

/// Installs the engine models a models service publishes, next to the index:
///
/// ```
/// GET manifest (app key header) ──▶ <root>/<model>/.staging-<version>/<file>   (resumed with ranges)
///   ──▶ verify every file's size and SHA-256 (a mismatch deletes the file and fails the install)
///   ──▶ rename(.staging-<version>, <version>)   (one atomic step: a model folder is whole or absent)
/// ```
///
/// Killed at any point, it leaves either partial files in the staging folder (the next install resumes them and
/// verifies everything again) or the finished folder. The status goes to `<root>/status.json` as it goes.
public struct ModelInstaller: Sendable {
    public let configuration: ModelsConfiguration
    public let statusFile: ModelsStatusFile
    /// Called with each status saved (a library's status stream; `ModelDelivery.events`).
    public let observer: (@Sendable (ModelsStatus) -> Void)?
    private let client = HTTPClient()

    public init(configuration: ModelsConfiguration, observer: (@Sendable (ModelsStatus) -> Void)? = nil) {
        self.configuration = configuration
        statusFile = ModelsStatusFile(root: configuration.root)
        self.observer = observer
    }

    /// Saves `status` and tells the observer.
    private func publish(_ status: ModelsStatus) throws(ModelInstallError) {
        try statusFile.save(status)
        observer?(status)
    }

    private var headers: [String: String] {
        configuration.appKey.map { [HTTPClient.appKeyHeader: $0] } ?? [:]
    }

    /// Fetches and parses the manifest.
    public func fetchManifest(cancellation: TransferCancellation? = nil) throws(ModelInstallError) -> ModelManifest {
        guard let url = configuration.manifestURL else { throw .noService }
        let response: HTTPResponse
        do {
            response = try client.get(HTTPRequest(url: url, headers: headers), cancellation: cancellation)
        } catch {
            throw .manifestUnavailable(error)
        }
        do {
            return try ModelManifest(json: Data(response.body), from: url)
        } catch {
            throw .badManifest(error)
        }
    }

    /// Installs the published model unless that version is installed already, and returns its folder. Every
    /// failure is saved in the status (`failed` with the reason) before it is thrown.
    @discardableResult
    public func install(cancellation: TransferCancellation? = nil) throws(ModelInstallError) -> String {
        try makeRoot()
        guard let lock = try InstallLock.acquire(root: configuration.root) else { throw .busy(root: configuration.root) }
        defer { withExtendedLifetime(lock) {} }
        do {
            let manifest = try fetchManifest(cancellation: cancellation)
            return try install(manifest, cancellation: cancellation)
        } catch {
            if case .busy = error { throw error }
            var failed = statusFile.load()
            failed = ModelsStatus(state: .failed, model: failed.model, version: failed.version, reason: error.description)
            try? publish(failed)
            throw error
        }
    }

    private func install(_ manifest: ModelManifest, cancellation: TransferCancellation?) throws(ModelInstallError) -> String {
        let version = manifest.version ?? "unversioned"
        let final = statusFile.installFolder(model: manifest.model, version: version)
        if FileManager.default.fileExists(atPath: final) {
            try publish(ModelsStatus(state: .installed, model: manifest.model, version: version, path: final))
            return final
        }
        let staging = configuration.root + "/\(manifest.model)/.staging-\(version)"
        try makeFolder(staging)
        let total = manifest.files.reduce(0) { $0 + $1.size }
        let reporter = ProgressReporter(publish: { [self] status in try? publish(status) }, model: manifest.model,
                                        version: version, total: total)
        var done: Int64 = 0
        for file in manifest.files {
            let path = staging + "/" + file.name
            let before = done
            do {
                _ = try client.download(HTTPRequest(url: configuration.resolve(file.url), headers: headers), to: path,
                                        expectedSize: file.size,
                                        progress: { reporter.report(bytes: before + $0.bytes) },
                                        cancellation: cancellation)
            } catch {
                throw .download(file: path, error)
            }
            done += file.size
        }
        for file in manifest.files {
            let path = staging + "/" + file.name
            try publish(ModelsStatus(state: .verifying, model: manifest.model, version: version, file: file.name))
            do {
                try ModelManifest.verify(path: path, size: file.size, sha256: file.sha256)
            } catch {
                try? FileManager.default.removeItem(atPath: path)
                throw .refused(error)
            }
        }
        try write(manifest, to: staging + "/manifest.json")
        guard rename(staging, final) == 0 else {
            throw .io(path: final, reason: "cannot move the verified model into place: \(String(cString: strerror(errno)))")
        }
        syncFolder(configuration.root + "/\(manifest.model)")
        try publish(ModelsStatus(state: .installed, model: manifest.model, version: version, path: final))
        removeOthers(of: manifest.model, keeping: version)
        return final
    }

    /// Checks the installed model's files against the manifest saved with it. A file that fails is deleted and
    /// the install goes back to staging (so `install` fetches only what is missing); the status says why.
    public func verifyInstalled() throws(ModelInstallError) {
        try makeRoot()
        guard let lock = try InstallLock.acquire(root: configuration.root) else { throw .busy(root: configuration.root) }
        defer { withExtendedLifetime(lock) {} }
        let status = statusFile.load()
        guard status.state == .installed, let folder = status.path, let model = status.model,
              let version = status.version else { throw .notInstalled(root: configuration.root) }
        let manifest: ModelManifest
        do {
            manifest = try ModelManifest(contentsOf: folder + "/manifest.json")
        } catch {
            throw .badManifest(error)
        }
        for file in manifest.files {
            try publish(ModelsStatus(state: .verifying, model: model, version: version, file: file.name))
            let path = folder + "/" + file.name
            do {
                try ModelManifest.verify(path: path, size: file.size, sha256: file.sha256)
            } catch {
                let staging = configuration.root + "/\(model)/.staging-\(version)"
                try? FileManager.default.removeItem(atPath: staging)
                _ = rename(folder, staging)
                try? FileManager.default.removeItem(atPath: staging + "/" + file.name)
                let failure = ModelInstallError.refused(error)
                try? publish(ModelsStatus(state: .failed, model: model, version: version,
                                                  reason: failure.description))
                throw failure
            }
        }
        try publish(ModelsStatus(state: .installed, model: model, version: version, path: folder))
    }

    /// Removes every installed model and partial download, and says not installed.
    public func remove() throws(ModelInstallError) {
        try makeRoot()
        guard let lock = try InstallLock.acquire(root: configuration.root) else { throw .busy(root: configuration.root) }
        defer { withExtendedLifetime(lock) {} }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: configuration.root)) ?? []
        for entry in entries where !entry.hasPrefix(".") && entry != "status.json" {
            do {
                try FileManager.default.removeItem(atPath: configuration.root + "/" + entry)
            } catch {
                throw .io(path: configuration.root + "/" + entry, reason: "cannot remove: \(error.localizedDescription)")
            }
        }
        try publish(.notInstalled)
    }

    private func makeRoot() throws(ModelInstallError) { try makeFolder(configuration.root) }

    private func makeFolder(_ path: String) throws(ModelInstallError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .io(path: path, reason: "cannot create the folder: \(error.localizedDescription)")
        }
    }

    private func write(_ manifest: ModelManifest, to path: String) throws(ModelInstallError) {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            try encoder.encode(manifest).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .io(path: path, reason: "cannot save the manifest: \(error.localizedDescription)")
        }
    }

    private func syncFolder(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// Older versions and their partial downloads, once the new one is in place.
    private func removeOthers(of model: String, keeping version: String) {
        let folder = configuration.root + "/" + model
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where entry != version {
            try? FileManager.default.removeItem(atPath: folder + "/" + entry)
        }
    }
}

/// Saves the download's progress in the status, at most ten times a second (and the first report at once).
private final class ProgressReporter: Sendable {
    private let publish: @Sendable (ModelsStatus) -> Void
    private let model: String
    private let version: String
    private let total: Int64
    private let last = Mutex<ContinuousClock.Instant?>(nil)

    init(publish: @escaping @Sendable (ModelsStatus) -> Void, model: String, version: String, total: Int64) {
        self.publish = publish
        self.model = model
        self.version = version
        self.total = total
        publish(ModelsStatus(state: .downloading, model: model, version: version, bytes: 0, total: total))
    }

    func report(bytes: Int64) {
        let now = ContinuousClock.now
        let due = last.withLock { last in
            guard last.map({ now - $0 >= .milliseconds(100) }) ?? true else { return false }
            last = now
            return true
        }
        guard due else { return }
        publish(ModelsStatus(state: .downloading, model: model, version: version, bytes: bytes, total: total))
    }
}
