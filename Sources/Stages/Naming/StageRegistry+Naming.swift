import Foundation
import Runner
import ThingNaming

extension StageRegistry {
    /// Registers the naming family's kinds: `naming.chat`. Options:
    /// - `endpoint`: a chat URL on this device (llama.cpp `http://127.0.0.1:8080/v1/chat/completions`, Ollama
    ///   `http://localhost:11434/api/chat`); must be local; `model` (default `local`); `dialect` (`openai`/`ollama`,
    ///   else implied by the URL);
    /// - `cloudEndpoint`, `cloudModel`, `cloudDialect`, `apiKeyVariable` (the environment variable holding its
    ///   bearer token): cloud assist, used only with `namesWithCloudAssist` true, a consent recorded in the
    ///   `consent` file (see `CloudConsent`) for its host, and `cloudBudget` captures left (default 0), and never
    ///   while the local endpoint is configured and reachable;
    /// - `timeout` (seconds, default 30) per request; `failureLimit` (default 2) failures in a row before an
    ///   endpoint is left alone for the rest of the run.
    public mutating func registerNamingStages() {
        register(NamingStage.kind) { setup in
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
            let consentPath = try options.string("consent")
            let policy = NamingPolicy(
                local: local, cloud: cloud,
                namesWithCloudAssist: try options.bool("namesWithCloudAssist", default: false),
                consent: consentPath.flatMap { CloudConsent.read(from: setup.environment.resolve(path: $0)) },
                budget: try options.int("cloudBudget", default: 0, in: 0...1_000_000),
                failureLimit: try options.int("failureLimit", default: 2, in: 1...100))
            let seconds = try options.double("timeout", default: 30)
            guard seconds > 0, seconds <= 600 else { throw invalid("timeout", "must be over 0 and at most 600 seconds") }
            return NamingStage(namer: ThingNamer(policy: policy, timeout: .milliseconds(Int(seconds * 1000))))
        }
    }
}
