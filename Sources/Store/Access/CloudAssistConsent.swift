import Foundation

/// The user's consent to cloud assist for naming: the one host whose endpoint may receive captures' derived text
/// (never pixels, never anything of a held capture), with a budget of captures it may name, one unit each, and
/// what was spent of it across runs. Recorded with `pool-pipeline naming consent add HOST --budget N`, ended with
/// `naming consent revoke HOST`; kept beside the index (`IndexSettingsFile`), so rebuilds and deletes keep it.
public struct CloudAssistConsent: Sendable, Equatable, Codable {
    /// The endpoint's host, lower case, without IPv6 brackets.
    public var host: String
    public var recordedAt: Date
    /// Captures cloud assist may name for this consent, in all.
    public var budget: Int
    /// Units spent so far, by every run.
    public var spent: Int

    public init(host: String, budget: Int, spent: Int = 0, recordedAt: Date = Date()) {
        self.host = Self.normalized(host)
        self.budget = max(0, budget)
        self.spent = max(0, spent)
        self.recordedAt = Date(timeIntervalSince1970: recordedAt.timeIntervalSince1970.rounded(.down))  // as saved
    }

    /// Units left.
    public var left: Int { max(0, budget - spent) }

    /// A host as consents name it: lower case, brackets and a trailing dot removed.
    public static func normalized(_ host: String) -> String {
        var host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if host.hasSuffix(".") { host.removeLast() }
        return host
    }
}

extension IndexSettingsFile {
    /// The cloud-assist consents, oldest first.
    public func cloudConsents() throws -> [CloudAssistConsent] { try load().cloudAssist ?? [] }

    /// The consent for `host`, if one is recorded.
    public func cloudConsent(for host: String) throws -> CloudAssistConsent? {
        let host = CloudAssistConsent.normalized(host)
        return try cloudConsents().first { $0.host == host }
    }

    /// Records consent for `host` with `budget` units; a consent already recorded for it is replaced (its spent
    /// units start again at 0: the new budget is what may be spent from now on).
    @discardableResult
    public func recordCloudConsent(host: String, budget: Int, now: Date = Date()) throws -> CloudAssistConsent {
        let consent = CloudAssistConsent(host: host, budget: budget, recordedAt: now)
        guard !consent.host.isEmpty else { throw SettingsError.noHost }
        try update { contents in
            var list = contents.cloudAssist ?? []
            list.removeAll { $0.host == consent.host }
            list.append(consent)
            contents.cloudAssist = list
        }
        return consent
    }

    /// Ends the consent for `host`: no capture's text goes there from now on (a run under way stops at its next
    /// capture). Throws `SettingsError.unknownConsent` when none is recorded.
    public func revokeCloudConsent(host: String) throws {
        let host = CloudAssistConsent.normalized(host)
        try update { contents in
            guard let list = contents.cloudAssist, list.contains(where: { $0.host == host }) else {
                throw SettingsError.unknownConsent(host: host)
            }
            contents.cloudAssist = list.filter { $0.host != host }
        }
    }

    /// Spends one unit of the consent for `host`, under the settings' lock, so runs, commands and workers never
    /// spend the same unit twice: false (nothing spent) when no consent is recorded for it or its budget is spent.
    public func spendCloudUnit(host: String) throws -> Bool {
        let host = CloudAssistConsent.normalized(host)
        return try update { contents in
            guard var list = contents.cloudAssist, let index = list.firstIndex(where: { $0.host == host }),
                  list[index].left > 0 else { return false }
            list[index].spent += 1
            contents.cloudAssist = list
            return true
        }
    }
}
