import Foundation
import Testing
@testable import DecodeStages

@Suite("EXIF values")
struct ExifValueTests {
    @Test("GPS rationals become decimal degrees; south and west are negative; bad values are refused")
    func degrees() {
        #expect(ExifValue.degrees("48/1 51/1 2400/100 (48, 51, 24, Rational, 3 components, 24 bytes)",
                                  reference: "N (N, ASCII, 2 components, 2 bytes)", limit: 90) == 48.0 + 51.0 / 60 + 24.0 / 3600)
        #expect(ExifValue.degrees("2/1 21/1 0/1", reference: "W", limit: 180) == -(2.0 + 21.0 / 60))
        #expect(ExifValue.degrees("0/0 0/0 0/0", reference: "N", limit: 90) == nil)
        #expect(ExifValue.degrees("95/1 0/1 0/1", reference: "N", limit: 90) == nil)
    }

    @Test("a date without an offset is read in the fallback zone; a blank date is refused")
    func dates() throws {
        let zone = try #require(TimeZone(identifier: "America/New_York"))
        let date = ExifValue.date(original: "2021:12:31 23:59:58 (2021:12:31 23:59:58, ASCII, 20 components, 20 bytes)",
                                  offset: nil, fallbackZone: zone)
        #expect(date == ISO8601DateFormatter().date(from: "2022-01-01T04:59:58Z"))
        #expect(ExifValue.date(original: "0000:00:00 00:00:00", offset: nil) == nil)
        #expect(ExifValue.date(original: "    :  :     :  :  ", offset: nil) == nil)
        #expect(ExifValue.date(original: "2021:06:01 12:00:00", offset: "-05:30")
                == ISO8601DateFormatter().date(from: "2021-06-01T17:30:00Z"))
    }

    @Test("the screenshot rule: name first, then camera EXIF, then PNG")
    func kinds() {
        #expect(CaptureKindRule.kind(fileName: "Screen Shot 2020.png", format: "png", hasCameraEXIF: true, userComment: nil) == .screenshot)
        #expect(CaptureKindRule.kind(fileName: "IMG_1.png", format: "png", hasCameraEXIF: true, userComment: nil) == .photo)
        #expect(CaptureKindRule.kind(fileName: "IMG_1.png", format: "png", hasCameraEXIF: false, userComment: nil) == .screenshot)
        #expect(CaptureKindRule.kind(fileName: "IMG_1.heic", format: "heif", hasCameraEXIF: false, userComment: "Screenshot") == .screenshot)
        #expect(CaptureKindRule.kind(fileName: "IMG_1.jpg", format: "jpeg", hasCameraEXIF: false, userComment: nil) == .photo)
    }
}
