import Captures
import Foundation
import Runner

/// The image files under a folder, as capture files, for commands that work on a folder outside a pipeline.
enum ImageFolder {
    static let extensions: Set<String> = ["jpg", "jpeg", "png", "heic", "heif", "webp", "tif", "tiff", "gif"]

    static func files(in folder: String) throws -> [CaptureFile] {
        let root = URL(fileURLWithPath: folder).standardizedFileURL
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.fileSizeKey, .contentModificationDateKey],
                                                          options: [.skipsHiddenFiles]) else {
            throw UsageError("cannot read \(folder)")
        }
        var files: [CaptureFile] = []
        for case let url as URL in walker where extensions.contains(url.pathExtension.lowercased()) {
            let values = try url.resourceValues(forKeys: [.fileSizeKey, .contentModificationDateKey])
            let relative = String(url.standardizedFileURL.path.dropFirst(root.path.count + 1))
            let modified = values.contentModificationDate ?? Date(timeIntervalSince1970: 0)
            let size = Int64(values.fileSize ?? 0)
            files.append(CaptureFile(id: CaptureID(relative), source: "bench", path: url.path, relativePath: relative,
                                     byteCount: size, modified: modified,
                                     signature: "\(size)-\(modified.timeIntervalSince1970)"))
        }
        return files.sorted { $0.relativePath < $1.relativePath }
    }
}
