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
    public var files: [File]

    public init(model: String, files: [File]) {
        self.model = model
        self.files = files
    }

    /// Reads a manifest from JSON: `{"model": ..., "files": [{"name", "url", "size", "sha256"}]}`.
    public init(contentsOf path: String) throws(ModelFileError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(file: path, reason: "no such file or not readable")
        }
        do {
            self = try JSONDecoder().decode(ModelManifest.self, from: data)
        } catch {
            throw .badManifest(file: path, reason: "\(error)")
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

    /// The SHA-256 of a file, read in 1 MiB blocks.
    public static func sha256Hex(ofFile path: String) throws(ModelFileError) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .unreadable(file: path, reason: "cannot open")
        }
        defer { try? handle.close() }
        var hasher = SHA256()
        while true {
            let block: Data
            do {
                block = try handle.read(upToCount: 1 << 20) ?? Data()
            } catch {
                throw .unreadable(file: path, reason: "\(error)")
            }
            if block.isEmpty { break }
            block.withUnsafeBytes { hasher.update($0) }
        }
        return hasher.finalizeHex()
    }
}
