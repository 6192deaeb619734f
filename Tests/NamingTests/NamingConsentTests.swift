import Foundation
import NamingStages
import PrivacyStages
import RulesStages
import Store
import Testing
import TestSupport
import ThingNaming

@Suite("Cloud assist: the consent and its budget are kept beside the index and the budget spent outlasts a run")
struct NamingConsentTests {
    static func cloudOptions(_ server: LocalHTTPServer) -> String {
        #"{"cloudEndpoint": "\#(server.url(FakeChat.path))", "namesWithCloudAssist": true}"#
    }

    @Test func theBudgetSpentIsKeptAcrossRuns() async throws {
        let fixture = try CloudFixture()
        defer { fixture.close() }
        let (store, cloud, settings) = (fixture.store, fixture.cloud, fixture.settings)
        try settings.recordCloudConsent(host: "127.0.0.1", budget: 1)

        // One unit: one of the two nameable captures goes to the cloud, the other waits.
        _ = try await NamingLaterPassTests.run(store, naming: Self.cloudOptions(cloud))
        #expect(cloud.requests.count == 1)
        #expect(try settings.cloudConsent(for: "127.0.0.1")?.spent == 1)
        #expect(try NamingStage.pending(in: store).map(\.reason) == ["cloud assist budget spent"])

        // A new run (a new stage, a new policy): the budget is still spent, nothing goes out.
        _ = try await NamingLaterPassTests.run(store, naming: Self.cloudOptions(cloud))
        #expect(cloud.requests.count == 1)
        #expect(try NamingStage.pending(in: store).count == 1)

        // More budget recorded: the next run's later pass names the waiting capture.
        try settings.recordCloudConsent(host: "127.0.0.1", budget: 3)
        _ = try await NamingLaterPassTests.run(store, naming: Self.cloudOptions(cloud))
        #expect(cloud.requests.count == 2)
        #expect(try NamingStage.pending(in: store).isEmpty)
        #expect(try settings.cloudConsent(for: "127.0.0.1").map { ($0.spent, $0.left) } ?? (0, 0) == (1, 2))
        for secret in NamingStageTests.secrets {
            #expect(!FakeChat.anyBody(of: cloud, contains: secret), "a request carried \"\(secret)\"")
        }
    }

    @Test func withoutAConsentOrAfterItIsRevokedTheCloudIsNeverAsked() async throws {
        let fixture = try CloudFixture()
        defer { fixture.close() }
        let (store, cloud, settings) = (fixture.store, fixture.cloud, fixture.settings)
        try settings.recordCloudConsent(host: "api.example.com", budget: 10)     // another host
        _ = try await NamingLaterPassTests.run(store, naming: Self.cloudOptions(cloud))
        #expect(cloud.requests.isEmpty)
        #expect(try NamingStage.pending(in: store).allSatisfy { $0.reason == "no consent recorded for cloud assist" })

        try settings.recordCloudConsent(host: "127.0.0.1", budget: 10)
        try settings.revokeCloudConsent(host: "127.0.0.1")
        _ = try await NamingLaterPassTests.run(store, naming: Self.cloudOptions(cloud))
        #expect(cloud.requests.isEmpty)
        #expect(try settings.cloudConsents().map(\.host) == ["api.example.com"])
        #expect(throws: SettingsError.unknownConsent(host: "127.0.0.1")) {
            try settings.revokeCloudConsent(host: "127.0.0.1")
        }
    }

    @Test func aConsentRevokedDuringARunStopsTheCloudAtTheNextCapture() async throws {
        let folder = NamingStageTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let settings = IndexSettingsFile(indexPath: folder + "/index.sqlite")
        try settings.recordCloudConsent(host: "127.0.0.1", budget: 10)
        let cloud = try LocalHTTPServer(files: [FakeChat.path: FakeChat.naming([("recipe", "Lemon drizzle cake")])])
        defer { cloud.stop() }
        let endpoint = NamingEndpoint(url: cloud.url(FakeChat.path), model: "m")
        let namer = ThingNamer(
            policy: NamingPolicy(local: nil, cloud: endpoint, namesWithCloudAssist: true,
                                 consent: CloudConsent(host: "127.0.0.1", recordedAt: "2026-12-01T15:00:00Z"), budget: 10),
            spendUnit: { host in (try? settings.spendCloudUnit(host: host)) ?? false })
        #expect(NamingOutcomeCheck.named(await namer.name(NamingPolicyTests.input)))
        try settings.revokeCloudConsent(host: "127.0.0.1")
        #expect(await namer.name(NamingPolicyTests.input) == .pending(reason: "cloud assist budget spent or consent revoked"))
        #expect(cloud.requests.count == 1)
    }

    @Test func settingsWrittenBeforeConsentsExistedStillLoad() throws {
        let folder = NamingStageTests.folder()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let settings = IndexSettingsFile(indexPath: folder + "/index.sqlite")
        try settings.save(IndexSettingsFile.Contents(grantsInUse: true))
        #expect(try !String(contentsOfFile: settings.path, encoding: .utf8).contains("cloudAssist"))
        #expect(try settings.cloudConsents().isEmpty)
        #expect(try settings.spendCloudUnit(host: "127.0.0.1") == false)
    }
}

/// An index with the gate, rules and naming attached, its settings file, and a fake cloud endpoint that names a cake.
private struct CloudFixture {
    let folder = NamingStageTests.folder()
    let store: IndexStore
    let cloud: LocalHTTPServer
    let settings: IndexSettingsFile

    init() throws {
        let index = folder + "/index.sqlite"
        store = try IndexStore(path: index)
        try store.attach([PrivacyGateStage.storage, RulesStage.storage, NamingStage.storage])
        cloud = try LocalHTTPServer(files: [FakeChat.path: FakeChat.naming([("recipe", "Lemon drizzle cake")])])
        settings = IndexSettingsFile(indexPath: index)
    }

    func close() {
        cloud.stop()
        store.close()
        try? FileManager.default.removeItem(atPath: folder)
    }
}
