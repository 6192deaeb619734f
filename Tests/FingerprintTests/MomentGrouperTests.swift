import Captures
import FingerprintStages
import Foundation
import Runner
import Testing

@Suite("Moments")
struct MomentGrouperTests {
    static let start = Date(timeIntervalSince1970: 1_700_000_000)
    /// A scene's fingerprint, and near-identical shots of it a few bits away.
    static let beach: UInt64 = 0x5A5A_F00F_3C3C_0FF0
    static let street: UInt64 = 0x0123_4567_89AB_CDEE

    static func shot(_ id: String, at seconds: Double, _ scene: UInt64, flip: Int = 0, sharpness: Double = 100,
                     source: String = "phone") -> MomentCapture {
        let bits = (0..<flip).reduce(scene) { $0 ^ (1 << UInt64(2 * $1 + 1)) }
        return MomentCapture(id: CaptureID(id), source: source, date: start.addingTimeInterval(seconds),
                             fingerprint: VisualFingerprint(bits: bits), sharpness: sharpness)
    }

    func members(_ grouper: MomentGrouper) -> Set<[String]> {
        Set(grouper.moments.map { $0.members.map(\.rawValue) })
    }

    @Test("given a burst of near-identical shots seconds apart, then they form one moment shown by the sharpest")
    func burst() {
        let grouper = MomentGrouper(captures: [
            Self.shot("a", at: 0, Self.beach, sharpness: 80),
            Self.shot("b", at: 1.5, Self.beach, flip: 3, sharpness: 300),
            Self.shot("c", at: 3, Self.beach, flip: 5, sharpness: 120),
            Self.shot("d", at: 13, Self.beach, flip: 2, sharpness: 50),
        ])
        #expect(grouper.moments.count == 1)
        let moment = grouper.moment(containing: CaptureID("d"))
        #expect(moment?.members.map(\.rawValue) == ["a", "b", "c", "d"])
        #expect(moment?.representative == CaptureID("b"))
        #expect(moment?.id == CaptureID("a"))
    }

    @Test("given near-identical shots 60 s apart, then they stay two moments")
    func sameSceneMinuteApart() {
        let grouper = MomentGrouper(captures: [Self.shot("a", at: 0, Self.beach), Self.shot("b", at: 60, Self.beach)])
        #expect(members(grouper) == [["a"], ["b"]])
    }

    @Test("given different pictures 2 s apart, then they stay two moments")
    func differentScenesSecondsApart() {
        let grouper = MomentGrouper(captures: [Self.shot("a", at: 0, Self.beach), Self.shot("b", at: 2, Self.street)])
        #expect(members(grouper) == [["a"], ["b"]])
    }

    @Test("the limits are inclusive: 10 s and the match threshold link, just past them does not")
    func limits() {
        let threshold = FingerprintMatch.threshold
        let grouper = MomentGrouper(captures: [
            Self.shot("a", at: 0, Self.beach), Self.shot("b", at: 10, Self.beach, flip: threshold),
            Self.shot("c", at: 100, Self.beach), Self.shot("d", at: 110.5, Self.beach),
            Self.shot("e", at: 200, Self.beach), Self.shot("f", at: 201, Self.beach, flip: threshold + 1),
        ])
        #expect(members(grouper) == [["a", "b"], ["c"], ["d"], ["e"], ["f"]])
    }

    @Test("shots from different sources never share a moment")
    func sources() {
        let grouper = MomentGrouper(captures: [
            Self.shot("a", at: 0, Self.beach, source: "phone"), Self.shot("b", at: 1, Self.beach, source: "camera"),
        ])
        #expect(members(grouper) == [["a"], ["b"]])
    }

    @Test("given a stored moment, when a new shot of it arrives, then it joins and may become the representative")
    func incrementalJoin() {
        var grouper = MomentGrouper(captures: [Self.shot("a", at: 0, Self.beach, sharpness: 100),
                                               Self.shot("b", at: 4, Self.beach, flip: 1, sharpness: 90),
                                               Self.shot("x", at: 5, Self.street)])
        let changes = grouper.add([Self.shot("c", at: 9, Self.beach, flip: 2, sharpness: 400)])
        #expect(changes.updated == [Moment(id: CaptureID("a"), members: ["a", "b", "c"].map(CaptureID.init),
                                           representative: CaptureID("c"))])
        #expect(changes.dissolved.isEmpty)
        #expect(grouper.moment(containing: CaptureID("x"))?.members == [CaptureID("x")])
    }

    @Test("a new shot between two moments merges them; the later moment's id is dissolved")
    func incrementalMerge() {
        var grouper = MomentGrouper(captures: [Self.shot("a", at: 0, Self.beach), Self.shot("b", at: 16, Self.beach)])
        #expect(grouper.moments.count == 2)
        let changes = grouper.add([Self.shot("m", at: 8, Self.beach, flip: 1)])
        #expect(changes.updated.map(\.members) == [["a", "m", "b"].map(CaptureID.init)])
        #expect(changes.dissolved == [CaptureID("b")])
    }

    @Test("given a moment, when its representative is deleted, then the next sharpest is promoted")
    func deleteRepresentative() {
        var grouper = MomentGrouper(captures: [Self.shot("a", at: 0, Self.beach, sharpness: 10),
                                               Self.shot("b", at: 2, Self.beach, sharpness: 500),
                                               Self.shot("c", at: 4, Self.beach, sharpness: 60)])
        #expect(grouper.moment(containing: CaptureID("a"))?.representative == CaptureID("b"))
        let changes = grouper.remove([CaptureID("b")])
        #expect(changes.updated == [Moment(id: CaptureID("a"), members: [CaptureID("a"), CaptureID("c")],
                                           representative: CaptureID("c"))])
        #expect(grouper.moment(containing: CaptureID("b")) == nil)
    }

    @Test("deleting the shot that bridged a moment splits it; deleting its first shot renames it")
    func deleteBridgeAndFirst() {
        var grouper = MomentGrouper(captures: [Self.shot("a", at: 0, Self.beach), Self.shot("b", at: 8, Self.beach),
                                               Self.shot("c", at: 16, Self.beach)])
        let split = grouper.remove([CaptureID("b")])
        #expect(Set(split.updated.map(\.members)) == [[CaptureID("a")], [CaptureID("c")]])
        #expect(split.dissolved.isEmpty)
        var second = MomentGrouper(captures: [Self.shot("a", at: 0, Self.beach), Self.shot("b", at: 5, Self.beach)])
        let renamed = second.remove([CaptureID("a")])
        #expect(renamed.updated.map(\.id) == [CaptureID("b")])
        #expect(renamed.dissolved == [CaptureID("a")])
    }

    @Test("after any mix of adds and removes the grouping equals a fresh grouping of the captures present")
    func incrementalEqualsBatch() {
        var random = TestRandom(seed: 17)
        let scenes = (0..<4).map { _ in random.next() }
        let pool = (0..<120).map { index in
            Self.shot("s\(index)", at: Double(random.next() % 400) / 2, scenes[Int(random.next() % 4)],
                      flip: Int(random.next() % 14), sharpness: Double(random.next() % 1000),
                      source: random.next() % 5 == 0 ? "camera" : "phone")
        }
        var grouper = MomentGrouper()
        var present: [CaptureID: MomentCapture] = [:]
        for step in 0..<60 {
            let batch = (0..<(1 + random.next() % 4)).map { _ in pool[Int(random.next() % 120)] }
            if step % 3 == 2 {
                _ = grouper.remove(batch.map(\.id))
                for capture in batch { present[capture.id] = nil }
            } else {
                let unique = Dictionary(batch.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
                _ = grouper.add(Array(unique.values))
                present.merge(unique) { _, new in new }
            }
            let fresh = MomentGrouper(captures: Array(present.values))
            #expect(grouper.moments == fresh.moments, "step \(step)")
        }
        #expect(grouper.moments.contains { $0.isGroup })
    }
}
