import DecodeStages
import FileWatch
import Foundation
import Runner

/// The folders a pipeline file's `folder` sources read, as absolute paths (relative ones resolved against the
/// pipeline file's folder, as the loader does): what `run --watch` watches.
public enum WatchedFolders {
    public static func roots(pipeline file: String) throws -> [String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        let spec = try PipelineSpec.parse(data, file: file)
        let environment = StageEnvironment(baseDirectory: URL(fileURLWithPath: file).deletingLastPathComponent().path)
        return spec.sources.compactMap { node -> String? in
            guard node.kind == "folder", case .string(let path)? = node.options["path"], !path.isEmpty else {
                return nil
            }
            return environment.resolve(path: path)
        }
    }
}

extension WatchedFolders {
    /// Watches the folders of `pipeline`'s folder sources that exist now, for files the folder source reads,
    /// reporting changes to `watcher`. Without inotify (a watch limit reached, ...) or for a folder missing now,
    /// the periodic pass is what finds changes: `warn` says so, and the result is then nil or watches fewer folders.
    public static func watch<C: Clock>(pipeline: String, for watcher: IndexWatcher<C>,
                                       warn: @escaping @Sendable (String) -> Void) throws -> FolderWatch?
    where C.Duration == Duration {
        let extensions = FolderSource.supportedExtensions()
        var folders: [String] = []
        for root in try roots(pipeline: pipeline) {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue {
                folders.append(root)
            } else {
                warn("\(root) is not a folder now; only the periodic pass will look at it")
            }
        }
        do {
            return try FolderWatch(
                roots: folders,
                include: { name in extensions.contains((name as NSString).pathExtension.lowercased()) },
                warn: warn,
                report: { watcher.record($0) })
        } catch {
            warn("\(error); new files are found by the periodic pass only")
            return nil
        }
    }
}
