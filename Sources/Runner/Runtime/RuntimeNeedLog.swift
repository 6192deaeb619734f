import Synchronization

/// Collects the `RuntimeNeed`s stage factories declare while one pipeline loads (shared by every
/// `StageSetup` of that load).
final class RuntimeNeedLog: Sendable {
    private let requests = Mutex<[RuntimeSettings.Request]>([])

    func record(_ need: RuntimeNeed, stageID: String) {
        requests.withLock { $0.append(RuntimeSettings.Request(stageID: stageID, need: need)) }
    }

    var recorded: [RuntimeSettings.Request] { requests.withLock { $0 } }
}
