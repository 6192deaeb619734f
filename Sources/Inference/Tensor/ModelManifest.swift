import ContentDigest
import Foundation

/// The files of a model as published: name, where to download it, its size and SHA-256. Installed files are
/// checked against it before use (`verify(folder:)`), so a truncated or substituted download is refused.
public struct ModelManifest: Sendable, Equatable, Codable {
    /// One published file.
    public struct File: Sendable, Equatable, Codable {
        public var name: String
        public var url: String
        public var size: Int64
        /// 64 lowercase hex digits.
        public var sha256: String

        public init(name: String, url: String, size: Int64, sha256: String) {
            self.name = name
            self.url = url
            self.size = size
            self.sha256 = sha256.lowercased()
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(name: try container.decode(String.self, forKey: .name),
                      url: try container.decode(String.self, forKey: .url),
                      size: try container.decode(Int64.self, forKey: .size),
                      sha256: try container.decode(String.self, forKey: .sha256))
        }
    }

    /// The model's name (the installed folder's name).
    public var model: String
    /// The published version (a models service's manifest has one; a hand-made one may not).
    public var version: String?
    public var files: [File]

    public init(model: String, version: String? = nil, files: [File]) {
        self.model = model
        self.version = version
        self.files = files
    }

    /// Reads a manifest from JSON: `{"model": ..., "version": ..., "files": [{"name", "url", "size", "sha256"}]}`.
    public init(contentsOf path: String) throws(ModelFileError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(file: path, reason: "no such file or not readable")
        }
        try self.init(json: data, from: path)
    }

    /// Parses a manifest; `origin` (a path or URL) names it in errors, which say which field is wrong.
    public init(json data: Data, from origin: String) throws(ModelFileError) {
        do {
            self = try JSONDecoder().decode(ModelManifest.self, from: data)
        } catch {
            throw .badManifest(file: origin, reason: Self.explain(error))
        }
        for (index, file) in files.enumerated() {
            let field = "files[\(index)]"
            guard !file.name.isEmpty, !file.name.contains("/"), !file.name.hasPrefix(".") else {
                throw .badManifest(file: origin, reason: "\(field).name \"\(file.name)\" is not a plain file name")
            }
            guard file.sha256.count == 64, file.sha256.allSatisfy(\.isHexDigit) else {
                throw .badManifest(file: origin, reason: "\(field).sha256 is not 64 hex digits")
            }
            guard file.size >= 0 else { throw .badManifest(file: origin, reason: "\(field).size is negative") }
        }
        guard !model.isEmpty, !model.contains("/"), !model.hasPrefix(".") else {
            throw .badManifest(file: origin, reason: "model \"\(model)\" is not a plain name")
        }
        if let version, version.isEmpty || version.contains("/") || version.hasPrefix(".") {
            throw .badManifest(file: origin, reason: "version \"\(version)\" is not a plain name")
        }
    }

    /// A decoding error as "field: problem".
    private static func explain(_ error: any Error) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            let text = codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return text.hasPrefix(".") ? String(text.dropFirst()) : (text.isEmpty ? "the document" : text)
        }
        switch error as? DecodingError {
        case .keyNotFound(let key, let context)?: return "\(path(context.codingPath + [key])) is missing"
        case .typeMismatch(let type, let context)?: return "\(path(context.codingPath)) is not \(type)"
        case .valueNotFound(let type, let context)?: return "\(path(context.codingPath)) is null, expected \(type)"
        case .dataCorrupted(let context)?:
            return context.codingPath.isEmpty ? "not JSON" : "\(path(context.codingPath)): \(context.debugDescription)"
        default: return "\(error)"
        }
    }

    /// Checks every file of the manifest in `folder`: present, of the published size, with the published
    /// SHA-256. Throws on the first file that is not.
    public func verify(folder: String) throws(ModelFileError) {
        for file in files {
            let path = folder.hasSuffix("/") ? folder + file.name : folder + "/" + file.name
            try Self.verify(path: path, size: file.size, sha256: file.sha256)
        }
    }

    /// Checks one file's size and SHA-256.
    public static func verify(path: String, size: Int64, sha256: String) throws(ModelFileError) {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let found = (attributes[.size] as? NSNumber)?.int64Value
        else {
            throw .missing(file: path)
        }
        guard found == size else { throw .wrongSize(file: path, expected: size, found: found) }
        let digest = try sha256Hex(ofFile: path)
        guard digest == sha256.lowercased() else {
            throw .wrongDigest(file: path, expected: sha256.lowercased(), found: digest)
        }
    }

    /// The SHA-256 of a file (libcrypto's EVP SHA-256, streamed in 1 MiB blocks).
    public static func sha256Hex(ofFile path: String) throws(ModelFileError) -> String {
        do {
            return try SHA256.hex(ofFile: path)
        } catch {
            switch error {
            case .unreadable(let file, let reason): throw .unreadable(file: file, reason: reason)
            }
        }
    }
}
