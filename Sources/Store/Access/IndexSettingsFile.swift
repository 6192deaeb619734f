import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The grants and options of an index, in a small JSON file beside it (`index.sqlite` → `index.settings.json`), so
/// `delete-index` and `rebuild-index` keep them. Written whole to a temporary file and renamed over the old one, so
/// a reader sees the old settings or the new, never half of them.
public struct IndexSettingsFile: Sendable {
    public let path: String

    /// The settings file of the index at `indexPath` (none for `:memory:`, whose settings live only in memory).
    public init(indexPath: String) {
        let url = URL(fileURLWithPath: indexPath)
        let base = url.deletingPathExtension().lastPathComponent
        path = url.deletingLastPathComponent().appendingPathComponent(base + ".settings.json").path
    }

    /// What the file holds.
    public struct Contents: Sendable, Equatable, Codable {
        public var grants: [AccessGrant] = []
        public var options = IndexOptions()
        /// Whether a grant was ever added: from then on indexing waits for one that covers a source.
        public var grantsInUse = false
        /// Consents to cloud assist for naming, with their budgets (`CloudAssistConsent`); absent from files
        /// written before they existed.
        public var cloudAssist: [CloudAssistConsent]?

        public init(grants: [AccessGrant] = [], options: IndexOptions = IndexOptions(), grantsInUse: Bool = false) {
            self.grants = grants
            self.options = options
            self.grantsInUse = grantsInUse
        }
    }

    /// The settings, or the defaults when there is no file yet. A file that does not parse is an error naming it.
    public func load() throws -> Contents {
        guard FileManager.default.fileExists(atPath: path) else { return Contents() }
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            return try decoder.decode(Contents.self, from: data)
        } catch {
            throw SettingsError.unreadable(path: path, reason: "\(error)")
        }
    }

    /// Replaces the settings.
    public func save(_ contents: Contents) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        do {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try encoder.encode(contents).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw SettingsError.unwritable(path: path, reason: error.localizedDescription)
        }
    }

    /// Loads, changes and saves the settings, holding an exclusive `flock` on the index's folder meanwhile, so two
    /// changes (a command and a run, or two workers spending cloud-assist units) never lose one another.
    @discardableResult
    public func update<T>(_ change: (inout Contents) throws -> T) throws -> T {
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let descriptor = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if descriptor >= 0 {
            while flock(descriptor, LOCK_EX) != 0, errno == EINTR {}
        }
        defer { if descriptor >= 0 { close(descriptor) } }     // closing lets go of the lock
        var contents = try load()
        let result = try change(&contents)
        try save(contents)
        return result
    }
}

/// Why the settings beside an index could not be read, written or changed.
public enum SettingsError: Error, Equatable, CustomStringConvertible {
    /// The settings file exists but is not valid settings JSON.
    case unreadable(path: String, reason: String)
    /// The settings file could not be written.
    case unwritable(path: String, reason: String)
    /// No grant has this id.
    case unknownGrant(id: String)
    /// A grant must cover at least one source.
    case noSources
    /// A cloud-assist consent names a host.
    case noHost
    /// No cloud-assist consent is recorded for this host.
    case unknownConsent(host: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read the index settings \(path): \(reason)"
        case .unwritable(let path, let reason): "cannot write the index settings \(path): \(reason)"
        case .unknownGrant(let id): "no grant has the id \"\(id)\" (see `pool-pipeline grants list`)"
        case .noSources: "a grant covers at least one source (--source NAME, or --source '*' for all)"
        case .noHost: "a consent names the host of the cloud endpoint (api.example.com)"
        case .unknownConsent(let host):
            "no consent to cloud assist is recorded for \"\(host)\" (see `pool-pipeline naming consent list`)"
        }
    }
}
