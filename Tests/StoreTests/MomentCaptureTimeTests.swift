import Captures
import Foundation
import Runner
import Testing
@testable import Store

/// The index's moments follow the grouping rules of issue 11: only captures' own times join.
@Suite("Moments in the index: capture times")
struct MomentCaptureTimeTests {
    static func shot(_ name: String, at seconds: Double, source: CaptureMetadata.DateSource,
                     kind: CaptureMetadata.Kind = .photo, bits: UInt64 = 0x6C6C_F0F0_3C3C_0FF0) -> CaptureRecord {
        var record = Records.record(name, fingerprint: bits, focus: FocusMeasure(sharpness: 50, outOfFocus: false),
                                    date: Records.baseDate.addingTimeInterval(seconds))
        record.metadata.dateSource = source
        record.metadata.kind = kind
        return record
    }

    func moments(_ store: IndexStore) throws -> [String: String?] {
        var result: [String: String?] = [:]
        try store.exportCaptures { result[$0.path] = $0.moment }
        return result
    }

    @Test("copied screenshots sharing one file time stay apart; a burst with EXIF times is one moment",
          arguments: IndexLocation.allCases)
    func copiesAndBurst(_ location: IndexLocation) throws {
        let index = try TestIndex(location)
        let copies = (0..<4).map {
            Self.shot("copied/Screen-\($0).png", at: 0, source: .file, kind: .screenshot,
                      bits: 0x6C6C_F0F0_3C3C_0FF0 ^ (UInt64($0) << 9))
        }
        let burst = (0..<3).map { Self.shot("burst/IMG_\($0).jpg", at: 100 + Double($0) * 0.5, source: .exif) }
        try index.store.write(copies)
        try index.store.write(burst)
        let found = try moments(index.store)
        for copy in copies { #expect(found[copy.file.relativePath] == .some(nil)) }
        for shot in burst { #expect(found[shot.file.relativePath] == .some("photos:burst/IMG_0.jpg")) }
    }

    @Test("screenshots of one layout minutes apart, dated by their names, are not a moment")
    func templateMinutesApart() throws {
        let store = try IndexStore.inMemory()
        for minute in 0..<3 {
            try store.write([Self.shot("Screenshot_\(minute).png", at: Double(minute) * 120, source: .fileName,
                                       kind: .screenshot)])
        }
        #expect(try moments(store).values.allSatisfy { $0 == nil })
    }
}
