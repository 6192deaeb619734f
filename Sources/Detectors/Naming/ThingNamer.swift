import Dispatch
import HTTPTransfer
import Synchronization

/// Names what captures show through a chat endpoint, as `NamingPolicy` routes them: builds the request from
/// derived text, checks the answer (one retry with the reason when it is not valid), grounds every name. Safe to
/// call from many tasks at once; each request runs on a thread of its own, never on the cooperative pool, and is
/// bounded by `timeout`, so a slow or dead endpoint delays a capture by at most that and never stops a run.
public final class ThingNamer: Sendable {
    private let policy: Mutex<NamingPolicy>
    private let client = HTTPClient()
    private let spendUnit: (@Sendable (_ host: String) -> Bool)?
    public let timeout: Duration

    /// `spendUnit`, when given, records each unit of cloud assist where the consent and its budget are kept (so the
    /// budget spent outlasts the run) and says whether it could: false when the consent was revoked or its budget
    /// spent meanwhile, and the capture then waits, unsent.
    public init(policy: NamingPolicy, timeout: Duration = .seconds(30),
                spendUnit: (@Sendable (_ host: String) -> Bool)? = nil) {
        self.policy = Mutex(policy)
        self.timeout = timeout
        self.spendUnit = spendUnit
    }

    /// What became of one capture.
    public enum Outcome: Sendable, Equatable {
        /// The grounded things (possibly none; a name not grounded is `unknown`).
        case named([NamedThing], by: String)
        /// No name now (no endpoint, consent or budget; a timeout; answers not valid); `reason` says which, for a
        /// later pass.
        case pending(reason: String)
    }

    /// Names `input`'s things. An input with no text and no payload is named by nothing, without a request.
    public func name(_ input: NamingInput) async -> Outcome {
        guard !input.isEmpty else { return .named([], by: "") }
        for _ in 0..<2 {    // a refused local endpoint falls through to the next route once
            let route = policy.withLock { $0.route() }
            let endpoint: NamingEndpoint
            switch route {
            case .none(let reason): return .pending(reason: reason)
            case .local(let chosen): endpoint = chosen
            case .cloud(let chosen):
                if let spendUnit, !spendUnit(chosen.host ?? "") {
                    policy.withLock { $0.endBudget() }
                    return .pending(reason: "cloud assist budget spent or consent revoked")
                }
                endpoint = chosen
            }
            switch await ask(endpoint, input) {
            case .success(let things):
                policy.withLock { $0.record(.answered, for: endpoint) }
                let grounding = Grounding(input)
                var grounded: [NamedThing] = []
                for thing in things.map(grounding.ground) where !grounded.contains(thing) { grounded.append(thing) }
                return .named(grounded, by: endpoint.host ?? endpoint.url)
            case .failure(.refused(let error)):
                policy.withLock { $0.record(.refused, for: endpoint) }
                if endpoint != policy.withLock({ $0.local }) { return .pending(reason: error.description) }
            case .failure(.failed(let reason)):
                policy.withLock { $0.record(.failed, for: endpoint) }
                return .pending(reason: reason)
            case .failure(.invalidTwice(let error)):
                policy.withLock { $0.record(.answered, for: endpoint) }
                return .pending(reason: "invalid answer after one retry: \(error)")
            }
        }
        return .pending(reason: "no endpoint answered")
    }

    /// Whether a capture given now would be sent to an endpoint (see `NamingPolicy.canRoute`).
    public var canAsk: Bool { policy.withLock { $0.canRoute } }

    /// Captures cloud assist may still name, as this namer knows it.
    public var budgetLeft: Int { policy.withLock { $0.budget } }

    private enum AskFailure: Error {
        case refused(HTTPError)
        case failed(String)
        case invalidTwice(NamingAnswerError)
    }

    private func ask(_ endpoint: NamingEndpoint, _ input: NamingInput) async -> Result<[NamedThing], AskFailure> {
        var correction: String?
        for _ in 0..<2 {
            let body = NamingRequest.body(input, model: endpoint.model, dialect: endpoint.dialect, correction: correction)
            let response: HTTPResponse
            do {
                response = try await post(endpoint, body)
            } catch {
                // curl 7: nothing listens there (connection refused).
                if case .transport(_, 7, _) = error { return .failure(.refused(error)) }
                return .failure(.failed(error.description))
            }
            switch NamingAnswer.things(fromResponse: response.body) {
            case .success(let things): return .success(things)
            case .failure(let error):
                if correction != nil { return .failure(.invalidTwice(error)) }
                correction = error.description
            }
        }
        return .failure(.failed("unreachable"))
    }

    private func post(_ endpoint: NamingEndpoint, _ body: [UInt8]) async throws(HTTPError) -> HTTPResponse {
        let request = HTTPRequest(url: endpoint.url, headers: endpoint.headers, connectTimeout: min(timeout, .seconds(5)),
                                  stallTimeout: timeout, totalTimeout: timeout)
        let client = client
        let result: Result<HTTPResponse, HTTPError> = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                do throws(HTTPError) {
                    continuation.resume(returning: .success(try client.postJSON(request, json: body, limit: 1 << 20)))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        return try result.get()
    }
}
