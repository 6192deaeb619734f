import Foundation

/// Where the models come from and go: the manifest's URL, the app key sent with every request to the service,
/// and the folder next to the index that holds installs (`<index dir>/models`).
public struct ModelsConfiguration: Sendable, Equatable {
    /// The manifest's URL (`https://`, `http://` or `file://`); a URL ending in `/` means `<url>manifest.json`.
    public var manifestURL: String?
    public var appKey: String?
    /// `<index dir>/models`.
    public var root: String

    public init(manifestURL: String?, appKey: String?, root: String) {
        self.manifestURL = manifestURL.map { $0.hasSuffix("/") ? $0 + "manifest.json" : $0 }
        self.appKey = appKey
        self.root = root
    }

    /// `POOL_MODELS_URL` and `POOL_MODELS_KEY`, installing next to the index at `indexPath`.
    public static func from(environment: [String: String] = ProcessInfo.processInfo.environment,
                            indexPath: String) -> ModelsConfiguration {
        ModelsConfiguration(manifestURL: environment["POOL_MODELS_URL"].flatMap { $0.isEmpty ? nil : $0 },
                            appKey: environment["POOL_MODELS_KEY"].flatMap { $0.isEmpty ? nil : $0 },
                            root: root(forIndex: indexPath))
    }

    /// `<index dir>/models`.
    public static func root(forIndex indexPath: String) -> String {
        let folder = URL(fileURLWithPath: indexPath).standardizedFileURL.deletingLastPathComponent().path
        return folder + "/models"
    }

    /// A file's URL: absolute as written, or relative to the manifest's folder (a static file server).
    public func resolve(_ url: String) -> String {
        guard !url.contains("://"), let manifestURL, let slash = manifestURL.lastIndex(of: "/") else { return url }
        return String(manifestURL[...slash]) + url
    }
}
