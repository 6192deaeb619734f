import CLIPModel
import Captures
import DecodeStages
import Foundation
import Runner
import Store

/// Gives image vectors to captures indexed before the CLIP model was installed: for each capture without a vector,
/// decodes its file again, embeds it, and adds the vector, in slices of `batch`. Nothing else is read or written
/// (no text, codes or labels stage runs; the captures' rows and search text stay as they are), so it can run in
/// the background after `run`, or from `pool-pipeline models install`.
///
/// A capture whose source is not in the pipeline, whose file is gone or no longer decodes, is skipped and counted.
public struct VisualBackfill: Sendable {
    /// How a pass ended.
    public struct Summary: Sendable, Equatable {
        public var filled = 0
        public var skipped = 0
        public var reasons: [String] = []
    }

    public let store: IndexStore
    public let model: CLIPModelFolder
    /// The name vectors are tagged with (the manifest's model id, e.g. `clip-vit-b32`).
    public let modelName: String
    /// Source id → the folder its relative paths start at.
    public let roots: [String: String]
    public let batch: Int

    public init(store: IndexStore, model: CLIPModelFolder, modelName: String, roots: [String: String], batch: Int = 8) {
        self.store = store
        self.model = model
        self.modelName = modelName
        self.roots = roots
        self.batch = batch
    }

    /// One pass over the captures lacking a vector. `shouldStop` is checked between slices; `progress` gets the
    /// number of captures that have a vector and the number of captures, at the start and after each slice.
    public func run(shouldStop: @Sendable () -> Bool = { false },
                    progress: ((_ visuallyIndexed: Int, _ captures: Int) -> Void)? = nil) throws -> Summary {
        let embedder = try CLIPImageEmbedder(folder: model)
        let decoder = try VipsDecodeStage(size: 1600)
        var summary = Summary()
        let lacking = try store.capturesLackingVector()
        let captures = try store.captureCount
        var visuallyIndexed = try store.visuallyIndexedCount
        progress?(visuallyIndexed, captures)
        var start = 0
        while start < lacking.count, !shouldStop() {
            let slice = lacking[start..<min(start + batch, lacking.count)]
            start += slice.count
            var images: [(CaptureID, RGBImage)] = []
            for capture in slice {
                guard let root = roots[capture.source] else {
                    summary.skip("\(capture.path): source \"\(capture.source)\" is not in the pipeline")
                    continue
                }
                let path = root.hasSuffix("/") ? root + capture.path : root + "/" + capture.path
                let file = CaptureFile(id: capture.id, source: capture.source, path: path, relativePath: capture.path,
                                       byteCount: 0, modified: Date(timeIntervalSince1970: 0))
                do {
                    images.append((capture.id, try decoder.decode(file).image))
                } catch {
                    summary.skip("\(error)")
                }
            }
            guard !images.isEmpty else { continue }
            let vectors = try embedder.embed(images.map(\.1))
            try store.addVectors(zip(images, vectors).map { ($0.0, ImageVector(model: modelName, values: $1)) })
            summary.filled += images.count
            visuallyIndexed += images.count
            progress?(visuallyIndexed, captures)
        }
        return summary
    }

    /// The folders of a pipeline file's `folder` sources, by source id (relative paths start at the file's folder).
    public static func roots(ofPipeline path: String) throws -> [String: String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let spec = try PipelineSpec.parse(data, file: path)
        let environment = StageEnvironment(baseDirectory: URL(fileURLWithPath: path).deletingLastPathComponent().path)
        var roots: [String: String] = [:]
        for source in spec.sources where source.kind == "folder" {
            if case .string(let folder)? = source.options["path"] { roots[source.id] = environment.resolve(path: folder) }
        }
        return roots
    }
}

extension VisualBackfill.Summary {
    mutating func skip(_ reason: String) {
        skipped += 1
        if reasons.count < 20 { reasons.append(reason) }
    }
}
