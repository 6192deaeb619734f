import CLIPModel
import Foundation
import HTTPTransfer
import ModelInstall
import Runner
import Store

/// The models' side of a run: once the first pass has listed the library, installs the published models in the
/// background (on a thread of its own, so a download never holds a worker of the pipeline), and once they are
/// installed, fills in the vectors of captures that have none (`VisualBackfill`). Never throws: a failure is in
/// the models status (`ModelsStatusFile`), and indexing goes on without the models.
public final class ModelDelivery: Sendable {
    /// What `events` reports.
    public enum Event: Sendable, Equatable {
        /// The models' status changed (downloading progress included, at most ten times a second).
        case models(ModelsStatus)
        /// Captures with an image vector, of all captures, as the backfill goes.
        case visuallyIndexed(Int, of: Int)
    }

    public let configuration: ModelsConfiguration
    public let indexPath: String
    public let pipeline: String
    /// The delivery's status stream: the models' status and the backfill's progress, until `finish()`.
    public let events: AsyncStream<Event>
    private let continuation: AsyncStream<Event>.Continuation
    private let cancellation = TransferCancellation()

    public init(configuration: ModelsConfiguration, indexPath: String, pipeline: String) {
        self.configuration = configuration
        self.indexPath = indexPath
        self.pipeline = pipeline
        (events, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1024))
    }

    /// Ends `events`.
    public func finish() { continuation.finish() }

    /// Whether a models service is configured.
    public var isConfigured: Bool { configuration.manifestURL != nil }

    /// Stops a download under way (it resumes next time).
    public func cancel() { cancellation.cancel() }

    /// Waits until `runner` has listed the library (or ended), then installs. Returns the installed folder, or nil.
    public func installAfterListing(_ runner: PipelineRunner) async -> String? {
        guard isConfigured else { return nil }
        for await status in runner.statusUpdates().dropFirst() {    // the first is the status before the run
            if status.detail.total != nil || status.phase == .idle { break }
        }
        return await install()
    }

    /// Installs on a thread of its own; nil (and the reason in the status) when it fails or nothing is configured.
    public func install() async -> String? {
        guard isConfigured else { return nil }
        let continuation = self.continuation
        let installer = ModelInstaller(configuration: configuration, observer: { continuation.yield(.models($0)) })
        let cancellation = self.cancellation
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: try? installer.install(cancellation: cancellation))
            }
        }
    }

    /// Points `clip.embed` stages without a `model` option at the installed model (through
    /// `CLIPModelFolder.folderVariable`, unless the user set it), so a run after the install embeds as it goes.
    public func useInstalledModel() {
        guard ProcessInfo.processInfo.environment[CLIPModelFolder.folderVariable] == nil,
              let folder = ModelsStatusFile(root: configuration.root).installedFolder() else { return }
        setenv(CLIPModelFolder.folderVariable, folder, 1)
    }

    /// Fills in missing vectors with the installed model, if one is; nil when none is installed.
    public func backfill() async throws -> VisualBackfill.Summary? {
        let statusFile = ModelsStatusFile(root: configuration.root)
        let status = statusFile.load()
        guard status.state == .installed, let folder = status.path else { return nil }
        let roots = try VisualBackfill.roots(ofPipeline: pipeline)
        let store = try IndexStore(path: indexPath)
        defer { store.close() }
        let backfill = VisualBackfill(store: store, model: CLIPModelFolder(path: folder),
                                      modelName: CLIPModelFolder(path: folder).modelName, roots: roots)
        let cancellation = self.cancellation
        let events = self.continuation
        return try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result {
                    try backfill.run(shouldStop: { cancellation.isCancelled },
                                     progress: { events.yield(.visuallyIndexed($0, of: $1)) })
                })
            }
        }
    }
}
