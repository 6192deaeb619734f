import CaptureDates
import Foundation
import Testing

@Suite("Metadata dates: XMP and timestamps")
struct MetadataDateTests {
    static let utc = TimeZone(secondsFromGMT: 0)!

    @Test("timestamps in the forms metadata uses", arguments: [
        ("2026-01-07T09:13:28+01:00", "2026-01-07 08:13:28.000"),
        ("2026-01-07T09:13:28Z", "2026-01-07 09:13:28.000"),
        ("2026-01-07T09:13:28.25-0530", "2026-01-07 14:43:28.250"),
        ("2026:01:07 09:13:28", "2026-01-07 09:13:28.000"),
        ("2026-01-07 09:13", "2026-01-07 09:13:00.000"),
        ("Wed, 07 Jan 2026 09:13:28 GMT", "2026-01-07 09:13:28.000"),
        ("Wed, 07 Jan 2026 09:13:28 +0100", "2026-01-07 08:13:28.000"),
    ])
    func timestamp(_ text: String, _ expected: String) throws {
        let date = try #require(TimestampText.date(text, zone: Self.utc))
        #expect(FileNameDateTableTests.text(date) == expected)
    }

    @Test("not timestamps", arguments: ["2026-01-07", "2026-02-30T10:00:00", "0000:00:00 00:00:00", "yesterday",
                                        "2026-01-07T09:13:28+25:00", ""])
    func notTimestamp(_ text: String) {
        #expect(TimestampText.date(text, zone: Self.utc) == nil)
    }

    static func packet(_ body: String) -> String {
        """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
        <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/"
          xmlns:exif="http://ns.adobe.com/exif/1.0/" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"
          \(body)</rdf:Description></rdf:RDF></x:xmpmeta>
        """
    }

    @Test("XMP properties in order: exif:DateTimeOriginal, xmp:CreateDate, photoshop:DateCreated")
    func xmpOrder() throws {
        let all = Self.packet("""
            xmp:CreateDate="2026-01-07T10:00:00Z" photoshop:DateCreated="2026-01-07T11:00:00Z">
            <exif:DateTimeOriginal>2026-01-07T09:13:28Z</exif:DateTimeOriginal>
            """)
        let first = try #require(XMPDates.captureDate(in: all, zone: Self.utc))
        #expect(first.property == "exif:DateTimeOriginal")
        #expect(FileNameDateTableTests.text(first.date) == "2026-01-07 09:13:28.000")

        let create = try #require(XMPDates.captureDate(in: Self.packet(
            #"xmp:ModifyDate="2027-01-01T00:00:00Z" xmp:CreateDate="2026-01-07T10:00:00+02:00">"#), zone: Self.utc))
        #expect(create.property == "xmp:CreateDate")
        #expect(FileNameDateTableTests.text(create.date) == "2026-01-07 08:00:00.000")

        let photoshop = try #require(XMPDates.captureDate(in: Self.packet(
            "><photoshop:DateCreated>2026-01-07T11:00:00</photoshop:DateCreated>"), zone: Self.utc))
        #expect(photoshop.property == "photoshop:DateCreated")
    }

    @Test("XMP without a capture time, or with a day only, gives nothing")
    func xmpNothing() {
        #expect(XMPDates.captureDate(in: Self.packet(#"xmp:ModifyDate="2026-01-07T10:00:00Z">"#), zone: Self.utc)
            == nil)
        #expect(XMPDates.captureDate(in: Self.packet(#"photoshop:DateCreated="2026-01-07">"#), zone: Self.utc)
            == nil)
        #expect(XMPDates.captureDate(in: "not xml at all", zone: Self.utc) == nil)
    }
}
