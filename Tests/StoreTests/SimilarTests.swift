import Captures
import Foundation
import Runner
import Testing
@testable import Store

@Suite("Similar captures across the index, by fingerprint distance")
struct SimilarTests {
    static let picture: UInt64 = 0x0F0F_3C3C_A5A5_0FF0

    /// A library where `copy-2`, `copy-4` and `copy-12` are 2, 4 and 12 bits from `original`, `far` is 32 bits
    /// away, and `blank` has no fingerprint. Dates are days apart so no moments form.
    static func library() throws -> IndexStore {
        let store = try IndexStore.inMemory()
        let flips: [(String, UInt64?)] = [
            ("original.jpg", picture), ("copy-2.jpg", picture ^ 0b11), ("copy-4.jpg", picture ^ 0xF0),
            ("copy-12.jpg", picture ^ 0xFFF000), ("far.jpg", ~picture & 0xFFFF_FFFF_0000_0000 | picture & 0xFFFF_FFFF),
            ("blank.png", nil),
        ]
        try store.write(flips.enumerated().map { offset, entry in
            Records.record("trip/\(entry.0)", fingerprint: entry.1,
                           date: Records.baseDate.addingTimeInterval(Double(offset) * 86_400))
        })
        try store.write([Records.record("trip/original.jpg", source: "phone", fingerprint: picture ^ 0b1100)])
        return store
    }

    @Test("Given a capture by id, then its near-duplicates come nearest first with their distance, itself left out")
    func nearestFirst() throws {
        let result = try Self.library().similarCaptures(to: "photos:trip/original.jpg")
        #expect(result.query.id == "photos:trip/original.jpg")
        #expect(result.matches.map(\.id) == ["photos:trip/copy-2.jpg", "phone:trip/original.jpg",
                                             "photos:trip/copy-4.jpg"])
        #expect(result.matches.map(\.distance) == [2, 2, 4])
    }

    @Test("Given a larger distance and a limit, then farther copies are found and the list is cut")
    func distanceAndLimit() throws {
        let store = try Self.library()
        let wide = try store.similarCaptures(to: "photos:trip/original.jpg", maxDistance: 12)
        #expect(wide.matches.map(\.distance) == [2, 2, 4, 12])
        let cut = try store.similarCaptures(to: "photos:trip/original.jpg", maxDistance: 12, limit: 2)
        #expect(cut.matches.map(\.id) == ["photos:trip/copy-2.jpg", "phone:trip/original.jpg"])
    }

    @Test("Given a path as export shows it or the path of the file, then it names the capture")
    func byPath() throws {
        let store = try Self.library()
        #expect(try store.similarCaptures(to: "trip/copy-4.jpg").query.id == "photos:trip/copy-4.jpg")
        #expect(try store.similarCaptures(to: "/home/me/Pictures/trip/copy-4.jpg").query.id
                    == "photos:trip/copy-4.jpg")
    }

    @Test("Given an unknown capture, a path two sources share, or a capture without fingerprint, then it says so")
    func refusals() throws {
        let store = try Self.library()
        #expect(throws: StoreError.unknownCapture(reference: "trip/missing.jpg")) {
            try store.similarCaptures(to: "trip/missing.jpg")
        }
        #expect(throws: StoreError.ambiguousCapture(reference: "trip/original.jpg",
                                                    ids: ["phone:trip/original.jpg", "photos:trip/original.jpg"])) {
            try store.similarCaptures(to: "trip/original.jpg")
        }
        #expect(throws: StoreError.noFingerprint(id: "photos:trip/blank.png")) {
            try store.similarCaptures(to: "photos:trip/blank.png")
        }
    }
}
