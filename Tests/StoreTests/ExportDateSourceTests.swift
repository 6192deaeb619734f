import Captures
import Foundation
import Runner
import Testing
@testable import Store

@Suite("Export: dates with their source")
struct ExportDateSourceTests {
    @Test("each capture's date is exported with where it came from", arguments: CaptureMetadata.DateSource.allCases)
    func dateSource(_ source: CaptureMetadata.DateSource) throws {
        let store = try IndexStore.inMemory()
        var record = Records.record("Screenshot_20260107-091328.png")
        record.metadata.date = Date(timeIntervalSince1970: 1_767_777_208)     // 2026-01-07T09:13:28Z
        record.metadata.dateSource = source
        try store.write([record])
        let line = try #require(try store.export().first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["date"] as? String == "2026-01-07T09:13:28.000Z")
        #expect(object["dateSource"] as? String == source.rawValue)
    }
}
