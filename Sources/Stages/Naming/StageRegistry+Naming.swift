import Foundation
import Runner
import Store
import ThingNaming

extension StageRegistry {
    /// Registers the naming family's kinds: `naming.chat`. Options:
    /// - `endpoint`: a chat URL on this device (llama.cpp `http://127.0.0.1:8080/v1/chat/completions`, Ollama
    ///   `http://localhost:11434/api/chat`); must be local; `model` (default `local`); `dialect` (`openai`/`ollama`,
    ///   else implied by the URL);
    /// - `cloudEndpoint`, `cloudModel`, `cloudDialect`, `apiKeyVariable` (the environment variable holding its
    ///   bearer token): cloud assist, used only with `namesWithCloudAssist` true and a consent recorded beside the
    ///   index for its host with budget left (`pool-pipeline naming consent add HOST --budget N`, kept in
    ///   `index.settings.json`; one unit per capture, spent across runs), and never while the local endpoint is
    ///   configured and reachable;
    /// - `timeout` (seconds, default 30) per request; `failureLimit` (default 2) failures in a row before an
    ///   endpoint is left alone for the rest of the run.
    ///
    /// With an index (an `IndexStore` in the environment) and a runner that does work after a run
    /// (`AfterRunWork`), the stage also asks again, after each completed run, for the captures earlier runs left
    /// waiting for a name (`NamingStage.nameWaiting`).
    public mutating func registerNamingStages() {
        register(NamingStage.kind) { setup in try Self.namingStage(setup) }
    }

    /// The `naming.chat` stage `setup` describes.
    static func namingStage(_ setup: StageSetup) throws -> NamingStage {
        let options = setup.options
        func invalid(_ field: String, _ reason: String) -> PipelineError {
            PipelineError(file: options.file, stage: options.stageID, field: "options.\(field)",
                          problem: .invalidOption(reason: reason))
        }
        func dialect(_ name: String) throws -> ChatDialect? {
            guard let text = try options.string(name) else { return nil }
            guard let dialect = ChatDialect(rawValue: text) else {
                throw invalid(name, "must be one of \(ChatDialect.allCases.map(\.rawValue)), found \(text)")
            }
            return dialect
        }
        var local: NamingEndpoint?
        if let url = try options.string("endpoint") {
            local = NamingEndpoint(url: url, model: try options.string("model", default: "local"),
                                   dialect: try dialect("dialect"))
            guard local?.isOnDevice == true else {
                throw invalid("endpoint", "\(url) is not on this device (localhost, 127.0.0.1, ::1); "
                              + "a remote endpoint goes in cloudEndpoint")
            }
        }
        var cloud: NamingEndpoint?
        if let url = try options.string("cloudEndpoint") {
            var headers: [String: String] = [:]
            if let variable = try options.string("apiKeyVariable") {
                guard let key = ProcessInfo.processInfo.environment[variable], !key.isEmpty else {
                    throw invalid("apiKeyVariable", "the environment variable \(variable) is not set")
                }
                headers["Authorization"] = "Bearer \(key)"
            }
            cloud = NamingEndpoint(url: url, model: try options.string("cloudModel", default: "default"),
                                   dialect: try dialect("cloudDialect"), headers: headers)
            guard cloud?.host != nil else { throw invalid("cloudEndpoint", "\(url) has no host") }
        }
        let store = setup.environment[IndexStore.self]
        let settings = store.flatMap { $0.path == ":memory:" ? nil : IndexSettingsFile(indexPath: $0.path) }
        var consent: CloudConsent?
        var budget = 0
        if let host = cloud?.host, let settings {
            do {
                if let recorded = try settings.cloudConsent(for: host) {
                    consent = CloudConsent(host: recorded.host, recordedAt: recorded.recordedAt.formatted(.iso8601))
                    budget = recorded.left
                }
            } catch {
                throw invalid("cloudEndpoint", "cannot read the consent to cloud assist: \(error)")
            }
        }
        let policy = NamingPolicy(
            local: local, cloud: cloud,
            namesWithCloudAssist: try options.bool("namesWithCloudAssist", default: false),
            consent: consent, budget: budget,
            failureLimit: try options.int("failureLimit", default: 2, in: 1...100))
        let seconds = try options.double("timeout", default: 30)
        guard seconds > 0, seconds <= 600 else { throw invalid("timeout", "must be over 0 and at most 600 seconds") }
        var spend: (@Sendable (String) -> Bool)?
        if let settings { spend = { host in (try? settings.spendCloudUnit(host: host)) ?? false } }
        let stage = NamingStage(namer: ThingNamer(policy: policy, timeout: .milliseconds(Int(seconds * 1000)),
                                                  spendUnit: spend))
        if let store, let afterRun = setup.environment[AfterRunWork.self] {
            let started = Date()      // captures indexed by this run were asked in it
            afterRun.add(options.stageID) { _ = try? await stage.nameWaiting(in: store, indexedBefore: started) }
        }
        return stage
    }
}
