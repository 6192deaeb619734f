import Captures
import Foundation
import Runner
import Similarity
import Testing
import TestSupport
@testable import Store

@Suite("Moments joined slice by slice, without loading the moments they join")
struct MomentMergeTests {
    /// The moments a fresh grouper builds from `records`, as the store should hold them.
    static func expected(_ records: [CaptureRecord]) -> [String: StoredMoment] {
        let fresh = MomentGrouper(captures: records.compactMap(MomentCapture.init))
        var expected: [String: StoredMoment] = [:]
        for moment in fresh.moments {
            for member in moment.members {
                expected[member.rawValue] = StoredMoment(moment: moment.isGroup ? moment.id.rawValue : nil,
                                                         representative: !moment.isGroup || member == moment.representative)
            }
        }
        for record in records where record.fingerprint == nil {
            expected[record.file.id.rawValue] = StoredMoment(moment: nil, representative: true)
        }
        return expected
    }

    @Test("Given only new captures, in slices out of date order, then the stored moments equal a fresh grouping after every slice",
          arguments: [1, 7, 40])
    func newCapturesMatchFreshGrouping(sliceSize: Int) throws {
        let index = try TestIndex(.memory)
        var random = SplitMix64(seed: 20261201 + UInt64(sliceSize))
        let bases = [MomentStoreTests.beach, MomentStoreTests.street]
        var written: [CaptureRecord] = []
        var serial = 0
        for round in 0..<max(3, 160 / sliceSize) {
            let slice = (0..<sliceSize).map { _ -> CaptureRecord in
                serial += 1
                let base = bases[Int(random.next() % 2)]
                let record = MomentStoreTests.shot("new-\(serial).jpg", at: Double(random.next() % 120),
                                                   MomentStoreTests.near(base, flipping: Int(random.next() % 12)),
                                                   sharpness: Double(random.next() % 6),
                                                   source: random.next() % 5 == 0 ? "phone" : "photos")
                return random.next() % 9 == 0 ? Records.record("plain-\(serial).png", date: record.metadata.date) : record
            }
            try index.store.write(slice)
            written += slice
            #expect(try index.store.moments() == Self.expected(written), "round \(round)")
            #expect(try index.store.integrityProblems() == [], "round \(round)")
        }
        let sizes = MomentGrouper(captures: written.compactMap(MomentCapture.init)).moments.map(\.members.count)
        #expect(sizes.max() ?? 0 >= 5, "the sequence should build moments worth checking")
    }

    @Test("Given hundreds of identical shots at one time written in slices, then they are one moment named by the first, shown by the sharpest")
    func identicalShots() throws {
        let index = try TestIndex(.file)
        let shots = (0..<400).map { number in
            MomentStoreTests.shot(String(format: "burst-%03d.jpg", number), at: 0, MomentStoreTests.beach,
                                  sharpness: number == 123 ? 99 : 1)
        }
        for start in stride(from: 0, to: shots.count, by: 50) {
            try index.store.write(Array(shots[start..<(start + 50)].reversed()))
        }
        let moments = try index.store.moments()
        #expect(Set(moments.values.map(\.moment)) == ["photos:burst-000.jpg"])
        #expect(moments.filter(\.value.representative).map(\.key) == ["photos:burst-123.jpg"])
        #expect(try index.store.integrityProblems() == [])
    }
}
