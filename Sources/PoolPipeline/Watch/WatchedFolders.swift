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
