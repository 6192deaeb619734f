import Foundation
import Testing
import TestSupport
import ThingNaming

@Suite("Naming: local first; cloud assist only with the flag, a consent and budget")
struct NamingPolicyTests {
    static let input = NamingInput(text: "Lemon drizzle cake\nIngredients\n2 tbsp sugar\nBake 40 minutes")
    static let answer = FakeChat.naming([("recipe", "Lemon drizzle cake")])

    static func servers() throws -> (local: LocalHTTPServer, cloud: LocalHTTPServer) {
        let local = try LocalHTTPServer(files: [FakeChat.path: answer])
        let cloud = try LocalHTTPServer(files: [FakeChat.path: answer])
        return (local, cloud)
    }

    static func consent(_ server: LocalHTTPServer) -> CloudConsent {
        CloudConsent(host: NamingEndpoint(url: server.url(FakeChat.path), model: "m").host!, recordedAt: "2026-12-01T15:00:00Z")
    }

    @Test func aReachableLocalEndpointIsAlwaysUsedAndTheCloudNever() async throws {
        let (local, cloud) = try Self.servers()
        defer { local.stop(); cloud.stop() }
        let namer = ThingNamer(policy: NamingPolicy(
            local: NamingEndpoint(url: local.url(FakeChat.path), model: "m"),
            cloud: NamingEndpoint(url: cloud.url(FakeChat.path), model: "m"),
            namesWithCloudAssist: true, consent: Self.consent(cloud), budget: 10))
        for _ in 0..<3 {
            #expect(await namer.name(Self.input) == .named([NamedThing(kind: "recipe", name: "Lemon drizzle cake")],
                                                           by: "127.0.0.1"))
        }
        #expect(local.requests.count == 3)
        #expect(cloud.requests.isEmpty)
        #expect(namer.budgetLeft == 10)
    }

    @Test func withoutTheFlagOrAConsentTheCloudIsNeverAsked() async throws {
        let cloud = try LocalHTTPServer(files: [FakeChat.path: Self.answer])
        defer { cloud.stop() }
        let endpoint = NamingEndpoint(url: cloud.url(FakeChat.path), model: "m")
        let noFlag = ThingNamer(policy: NamingPolicy(local: nil, cloud: endpoint, namesWithCloudAssist: false,
                                                     consent: Self.consent(cloud), budget: 10))
        #expect(await noFlag.name(Self.input) == .pending(reason: "cloud assist not enabled (namesWithCloudAssist)"))
        let noConsent = ThingNamer(policy: NamingPolicy(local: nil, cloud: endpoint, namesWithCloudAssist: true,
                                                        consent: nil, budget: 10))
        #expect(await noConsent.name(Self.input) == .pending(reason: "no consent recorded for cloud assist"))
        let otherHost = ThingNamer(policy: NamingPolicy(
            local: nil, cloud: endpoint, namesWithCloudAssist: true,
            consent: CloudConsent(host: "api.example.com", recordedAt: "2026-12-01T15:00:00Z"), budget: 10))
        #expect(await otherHost.name(Self.input) == .pending(reason: "no consent recorded for cloud assist"))
        #expect(cloud.requests.isEmpty)
    }

    @Test func anUnreachableLocalEndpointFallsToTheCloudOneUnitPerCapture() async throws {
        let cloud = try LocalHTTPServer()
        let refusing = try FakeChat.RefusingPort()
        defer { cloud.stop() }
        // The first answer is not valid: the retry for the same capture spends no second unit.
        cloud.queueAnswers(FakeChat.path, [FakeChat.answer("It is a cake."), Self.answer, Self.answer])
        let namer = ThingNamer(policy: NamingPolicy(
            local: NamingEndpoint(url: refusing.url, model: "m"),
            cloud: NamingEndpoint(url: cloud.url(FakeChat.path), model: "m"),
            namesWithCloudAssist: true, consent: Self.consent(cloud), budget: 2))
        let named = NamingOutcomeCheck.named
        #expect(named(await namer.name(Self.input)))
        #expect(cloud.requests.count == 2)
        #expect(FakeChat.anyBody(of: cloud, contains: "not valid"))     // the retry says what was wrong
        #expect(named(await namer.name(Self.input)))
        #expect(await namer.name(Self.input) == .pending(reason: "cloud assist budget spent"))
        #expect(cloud.requests.count == 3)
        #expect(namer.budgetLeft == 0)
    }

    @Test func twoInvalidAnswersLeaveTheCaptureWaiting() async throws {
        let local = try LocalHTTPServer(files: [FakeChat.path: FakeChat.answer(#"{"things":[{"kind":"car","name":"x"}]}"#)])
        defer { local.stop() }
        let namer = ThingNamer(policy: NamingPolicy(local: NamingEndpoint(url: local.url(FakeChat.path), model: "m"),
                                                    cloud: nil, namesWithCloudAssist: false, consent: nil, budget: 0))
        guard case .pending(let reason) = await namer.name(Self.input) else { Issue.record("named"); return }
        #expect(reason.contains("things[0].kind"))
        #expect(local.requests.count == 2)
    }

    @Test func anUngroundedAnswerIsUnknown() async throws {
        let local = try LocalHTTPServer(files: [FakeChat.path: FakeChat.naming([("recipe", "Grandma's Famous Pie")])])
        defer { local.stop() }
        let namer = ThingNamer(policy: NamingPolicy(local: NamingEndpoint(url: local.url(FakeChat.path), model: "m"),
                                                    cloud: nil, namesWithCloudAssist: false, consent: nil, budget: 0))
        let outcome = await namer.name(Self.input)
        #expect(outcome == .named([NamedThing(kind: "recipe", name: "unknown")], by: "127.0.0.1"), "\(outcome)")
    }

    @Test func aRemoteLocalEndpointIsIgnored() {
        var policy = NamingPolicy(local: NamingEndpoint(url: "https://api.example.com/v1/chat/completions", model: "m"),
                                  cloud: nil, namesWithCloudAssist: true, consent: nil, budget: 5)
        #expect(policy.local == nil)
        #expect(policy.route() == .none(reason: "no endpoint configured"))
    }

    @Test func consentIsRecordedAndReadBack() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("consent-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let endpoint = NamingEndpoint(url: "https://API.example.com/v1/chat/completions", model: "m")
        #expect(CloudConsent.read(from: path) == nil)
        try CloudConsent.record(for: endpoint, at: path)
        let consent = try #require(CloudConsent.read(from: path))
        #expect(consent.host == "api.example.com" && consent.covers(endpoint))
    }
}

enum NamingOutcomeCheck {
    static func named(_ outcome: ThingNamer.Outcome) -> Bool {
        if case .named(let things, _) = outcome { return !things.isEmpty }
        return false
    }
}
