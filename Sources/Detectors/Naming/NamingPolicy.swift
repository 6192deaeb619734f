/// Which endpoint names a capture: a pure state machine (the locking is `ThingNamer`'s).
///
/// ```
/// local configured and not known unreachable ──▶ local (never cloud, even when it is slow or failing)
/// else cloud configured ─▶ namesWithCloudAssist? ─▶ consent covers its host? ─▶ budget left? ─▶ cloud (1 unit spent)
/// anything else ──▶ none (the capture stays without a name)
/// ```
/// `local` must be on this device (`NamingEndpoint.isOnDevice`; another is ignored). `cloud` is cloud assist
/// whatever its host: configured as such, it needs the flag, the consent and the budget.
/// An endpoint that failed `failureLimit` times in a row (timeouts, refusals, server errors) is not asked again in
/// this run, so a dead or stalled server costs at most that many timeouts.
public struct NamingPolicy: Sendable {
    public var local: NamingEndpoint?
    public var cloud: NamingEndpoint?
    public var namesWithCloudAssist: Bool
    public var consent: CloudConsent?
    /// Captures cloud assist may still name (one unit each): what is left of the recorded consent's budget.
    public private(set) var budget: Int
    public var failureLimit: Int
    /// Set once the local endpoint refused a connection (nothing listens there).
    public private(set) var localUnreachable = false
    private var failures: [String: Int] = [:]

    public init(local: NamingEndpoint?, cloud: NamingEndpoint?, namesWithCloudAssist: Bool, consent: CloudConsent?,
                budget: Int, failureLimit: Int = 2) {
        self.local = local?.isOnDevice == true ? local : nil
        self.cloud = cloud
        self.namesWithCloudAssist = namesWithCloudAssist
        self.consent = consent
        self.budget = max(0, budget)
        self.failureLimit = max(1, failureLimit)
    }

    /// Where the next capture goes.
    public enum Route: Sendable, Equatable {
        case local(NamingEndpoint)
        case cloud(NamingEndpoint)
        /// No endpoint may be asked; the reason is what `pending` records.
        case none(reason: String)
    }

    /// The route for the next capture; choosing cloud spends one unit of the budget.
    public mutating func route() -> Route {
        if let local, !localUnreachable {
            return isOff(local) ? .none(reason: "local endpoint off after \(failureLimit) failures") : .local(local)
        }
        guard let cloud else {
            return .none(reason: local == nil ? "no endpoint configured" : "local endpoint unreachable")
        }
        guard namesWithCloudAssist else { return .none(reason: "cloud assist not enabled (namesWithCloudAssist)") }
        guard let consent, consent.covers(cloud) else { return .none(reason: "no consent recorded for cloud assist") }
        guard !isOff(cloud) else { return .none(reason: "cloud endpoint off after \(failureLimit) failures") }
        guard budget > 0 else { return .none(reason: "cloud assist budget spent") }
        budget -= 1
        return .cloud(cloud)
    }

    /// Whether `route()` would choose an endpoint now (nothing spent): false once every endpoint configured is off,
    /// unreachable or out of consent or budget, so a later pass stops asking.
    public var canRoute: Bool {
        if let local, !localUnreachable { return !isOff(local) }
        guard let cloud, namesWithCloudAssist, let consent, consent.covers(cloud) else { return false }
        return !isOff(cloud) && budget > 0
    }

    /// Ends the budget: the units recorded with the consent are spent (by another process meanwhile), or the
    /// consent was revoked. The cloud is not asked again by this policy.
    public mutating func endBudget() { budget = 0 }

    /// Notes how a request to `endpoint` went: `refused` when nothing listened (a local endpoint then counts as
    /// unreachable), `failed` for a timeout or error, `answered` resets its failure count.
    public mutating func record(_ outcome: Outcome, for endpoint: NamingEndpoint) {
        switch outcome {
        case .answered: failures[endpoint.url] = 0
        case .failed: failures[endpoint.url, default: 0] += 1
        case .refused:
            failures[endpoint.url, default: 0] += 1
            if endpoint == local { localUnreachable = true }
        }
    }

    /// How one request went.
    public enum Outcome: Sendable { case answered, failed, refused }

    private func isOff(_ endpoint: NamingEndpoint) -> Bool { failures[endpoint.url, default: 0] >= failureLimit }
}
