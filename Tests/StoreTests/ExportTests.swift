import Captures
import Foundation
import Runner
import Testing
@testable import Store

@Suite("Export as JSON lines")
struct ExportTests {
    static let keys: Set<String> = ["id", "source", "path", "date", "dateSource", "location", "kind", "format",
                                    "width", "height", "text", "codes", "labels", "fingerprint", "sharpness",
                                    "outOfFocus", "moment", "momentRepresentative", "sensitive", "links", "leads",
                                    "things"]

    func parse(_ line: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test("Given a known record, then its line holds every field under its stable name", arguments: IndexLocation.allCases)
    func knownRecord(_ location: IndexLocation) throws {
        let index = try TestIndex(location)
        try index.store.write([Records.record(
            "2024/trip/IMG_0001.jpg", text: ["Menu", "Café du Port"],
            codes: [Records.code("QRCode", Array("https://x.test/a".utf8), text: "https://x.test/a"),
                    Records.code("DataMatrix", [0x00, 0xFF, 0x10], text: nil)],
            labels: [CaptureLabel(name: "outdoor", confidence: 0.5), CaptureLabel(name: "beach", confidence: 0.9)],
            fingerprint: 0x0000_00AB_CDEF_0001, focus: FocusMeasure(sharpness: 12.5, outOfFocus: true),
            location: GeoPoint(latitude: 43.2965, longitude: 5.3698),
            date: Date(timeIntervalSince1970: 1_717_236_000.25))])

        let lines = try index.store.export()
        #expect(lines.count == 1)
        #expect(!lines[0].contains("\n"))
        let object = try parse(lines[0])
        #expect(Set(object.keys) == Self.keys)
        #expect(object["id"] as? String == "photos:2024/trip/IMG_0001.jpg")
        #expect(object["source"] as? String == "photos")
        #expect(object["path"] as? String == "2024/trip/IMG_0001.jpg")
        #expect(object["date"] as? String == "2024-06-01T10:00:00.250Z")
        #expect(object["dateSource"] as? String == "exif")
        let place = try #require(object["location"] as? [String: Any])
        #expect(place["lat"] as? Double == 43.2965)
        #expect(place["lon"] as? Double == 5.3698)
        #expect(place["city"] is NSNull)
        #expect(object["kind"] as? String == "photo")
        #expect(object["format"] as? String == "jpeg")
        #expect(object["width"] as? Int == 4032)
        #expect(object["height"] as? Int == 3024)
        #expect(object["text"] as? String == "Menu\nCafé du Port")
        let codes = try #require(object["codes"] as? [[String: String]])
        #expect(codes == [["format": "QRCode", "payload": "https://x.test/a", "encoding": "text"],
                          ["format": "DataMatrix", "payload": "AP8Q", "encoding": "base64"]])
        #expect(object["labels"] as? [String] == ["beach", "outdoor"])
        #expect(object["fingerprint"] as? String == "000000abcdef0001")
        #expect(object["sharpness"] as? Double == 12.5)
        #expect(object["outOfFocus"] as? Bool == true)
        for key in ["moment", "sensitive"] { #expect(object[key] is NSNull, "\(key)") }
        #expect(object["momentRepresentative"] as? Bool == true)
        for key in ["links", "leads", "things"] { #expect((object[key] as? [Any])?.isEmpty == true, "\(key)") }
    }

    @Test("Given a record no later stage touched, then its derived fields are null or empty")
    func bareRecord() throws {
        let store = try IndexStore.inMemory()
        try store.write([Records.record("plain.png")])
        let object = try parse(try #require(try store.export().first))
        #expect(Set(object.keys) == Self.keys)
        for key in ["location", "text", "fingerprint", "sharpness", "outOfFocus", "moment", "sensitive"] {
            #expect(object[key] is NSNull, "\(key)")
        }
        for key in ["codes", "labels", "links", "leads", "things"] {
            #expect((object[key] as? [Any])?.isEmpty == true, "\(key)")
        }
    }

    @Test("Given captures written in any order, then lines come sorted by path, without failed captures")
    func sortedByPath() async throws {
        let store = try IndexStore.inMemory()
        try store.write([Records.record("c.jpg"), Records.record("a.jpg"), Records.record("b/z.jpg")])
        try await store.recordFailure(CaptureFailure(capture: CaptureID("photos:0.jpg"), stageID: "decode",
                                                     reason: "corrupt"), source: "photos", signature: "s")
        let paths = try store.export().map { try parse($0)["path"] as? String }
        #expect(paths == ["a.jpg", "b/z.jpg", "c.jpg"])
    }

    @Test("Export lines are byte-identical across two exports (stable key order)")
    func stableOutput() throws {
        let store = try IndexStore.inMemory()
        try store.write(Records.many(3))
        let first = try store.export()
        #expect(first == (try store.export()))
        #expect(first[0].hasPrefix(#"{"codes":[],"date":"#))
    }
}
