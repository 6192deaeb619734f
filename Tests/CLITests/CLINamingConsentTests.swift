import Foundation
import Testing

@Suite("naming consent: the consent to cloud assist and its budget, kept beside the index")
struct CLINamingConsentTests {
    @Test func consentIsAddedListedAndRevokedAndSurvivesDeleteIndex() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let index = ["--index", workspace.index]
        let added = try CLIProcess.run(["naming", "consent", "add", "https://API.Example.com/v1/chat/completions",
                                        "--budget", "25"] + index)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.lines.first == "consent recorded for api.example.com: budget 25")
        let listed = try CLIProcess.run(["naming", "consent", "list"] + index)
        #expect(listed.stdout.hasPrefix("api.example.com  budget 25  spent 0  left 25  recorded "), "\(listed.stdout)")
        let json = try CLIProcess.run(["naming", "consent", "list", "--json"] + index)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["host"] as? String == "api.example.com" && object["budget"] as? Int == 25
                && object["spent"] as? Int == 0)
        let settings = URL(fileURLWithPath: workspace.index).deletingLastPathComponent()
            .appendingPathComponent("index.settings.json").path
        #expect(try String(contentsOfFile: settings, encoding: .utf8).contains("\"cloudAssist\""))

        #expect(try CLIProcess.run(["delete-index"] + index).status == 0)
        #expect(try CLIProcess.run(["naming", "consent", "list"] + index).stdout.contains("api.example.com"))

        let revoked = try CLIProcess.run(["naming", "consent", "revoke", "api.example.com"] + index)
        #expect(revoked.status == 0 && revoked.lines.first == "revoked the consent for api.example.com")
        #expect(try CLIProcess.run(["naming", "consent", "list"] + index).stdout.isEmpty)
        let again = try CLIProcess.run(["naming", "consent", "revoke", "api.example.com"] + index)
        #expect(again.status == 64)
        #expect(again.stderr.contains("no consent to cloud assist is recorded for \"api.example.com\""))
    }

    @Test func badUsageIsExit64() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let index = ["--index", workspace.index]
        #expect(try CLIProcess.run(["naming", "consent", "add", "api.example.com"] + index).status == 64)  // no budget
        #expect(try CLIProcess.run(["naming", "consent", "add", "api.example.com", "--budget", "-1"] + index).status == 64)
        #expect(try CLIProcess.run(["naming", "consent", "add", "a b", "--budget", "1"] + index).status == 64)
        #expect(try CLIProcess.run(["naming", "things"] + index).status == 64)
        let help = try CLIProcess.run(["naming", "--help"])
        #expect(help.status == 0 && help.stdout.contains("pool-pipeline naming consent add") == true)
    }
}
