import Foundation

/// Services that stage factories share: the folder relative paths start from, and values keyed by type
/// (the index store, the model folder, consent settings), provided by whoever loads the pipeline.
public struct StageEnvironment: Sendable {
    /// The folder that relative paths in the pipeline file are resolved against (the file's own folder).
    public var baseDirectory: String
    private var services: [ObjectIdentifier: any Sendable] = [:]

    public init(baseDirectory: String) {
        self.baseDirectory = baseDirectory
    }

    /// The service of this type, if one was provided.
    public subscript<Service: Sendable>(_ type: Service.Type) -> Service? {
        services[ObjectIdentifier(type)] as? Service
    }

    /// Makes `service` available to factories under its static type.
    public mutating func provide<Service: Sendable>(_ service: Service) {
        services[ObjectIdentifier(Service.self)] = service
    }

    /// Resolves a path from a pipeline file: `~` is the home folder, a relative path starts at `baseDirectory`;
    /// `.` and `..` are folded away, so messages show the path a user would type.
    public func resolve(path: String) -> String {
        let absolute: String
        if path.hasPrefix("~/") || path == "~" {
            absolute = (ProcessEnvironment.value("HOME") ?? "/") + path.dropFirst()
        } else if path.hasPrefix("/") {
            absolute = path
        } else {
            absolute = baseDirectory.hasSuffix("/") ? baseDirectory + path : baseDirectory + "/" + path
        }
        return URL(fileURLWithPath: absolute).standardizedFileURL.path
    }
}
