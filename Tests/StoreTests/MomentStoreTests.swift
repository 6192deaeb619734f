import TestSupport
import Captures
import Similarity
import Foundation
import Runner
import Testing
@testable import Store

@Suite("Moments in the index: grouped with each slice, regrouped when captures go")
struct MomentStoreTests {
    /// Two unrelated pictures (32 bits apart) and near-identical versions of them (a few bits flipped).
    static let beach: UInt64 = 0x0F0F_3C3C_A5A5_0FF0
    static let street: UInt64 = 0xF0F0_C3C3_5A5A_F00F
    static func near(_ bits: UInt64, flipping count: Int) -> UInt64 {
        (0..<count).reduce(bits) { $0 ^ (1 << UInt64($1 * 7)) }
    }

    static func shot(_ name: String, at seconds: Double, _ fingerprint: UInt64, sharpness: Double,
                     source: String = "photos") -> CaptureRecord {
        Records.record(name, source: source, fingerprint: fingerprint,
                       focus: FocusMeasure(sharpness: sharpness, outOfFocus: false),
                       date: Records.baseDate.addingTimeInterval(seconds))
    }

    @Test("Given a burst, then it is one moment named by its first shot, shown by its sharpest",
          arguments: IndexLocation.allCases)
    func burstGrouped(_ location: IndexLocation) throws {
        let index = try TestIndex(location)
        try index.store.write([
            Self.shot("a.jpg", at: 0, Self.beach, sharpness: 40),
            Self.shot("b.jpg", at: 3, Self.near(Self.beach, flipping: 2), sharpness: 90),
            Self.shot("c.jpg", at: 6, Self.near(Self.beach, flipping: 4), sharpness: 60),
        ])
        let moments = try index.store.moments()
        #expect(moments["photos:a.jpg"] == .init(moment: "photos:a.jpg", representative: false))
        #expect(moments["photos:b.jpg"] == .init(moment: "photos:a.jpg", representative: true))
        #expect(moments["photos:c.jpg"] == .init(moment: "photos:a.jpg", representative: false))

        let exported = try index.store.export().map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(exported.map { $0["moment"] as? String } == Array(repeating: "photos:a.jpg", count: 3))
        #expect(exported.map { $0["momentRepresentative"] as? Bool } == [false, true, false])
    }

    @Test("Given the traps (same picture 60 s apart, different pictures 2 s apart, two sources), then they stay apart")
    func trapsStayApart() throws {
        let index = try TestIndex(.memory)
        try index.store.write([
            Self.shot("early.jpg", at: 0, Self.beach, sharpness: 50),
            Self.shot("late.jpg", at: 60, Self.near(Self.beach, flipping: 1), sharpness: 50),
            Self.shot("other.jpg", at: 62, Self.street, sharpness: 50),
            Self.shot("twin.jpg", at: 0, Self.beach, sharpness: 50, source: "phone"),
        ])
        let moments = try index.store.moments()
        #expect(moments.count == 4)
        for (id, moment) in moments {
            #expect(moment == .init(moment: nil, representative: true), "\(id)")
        }
    }

    @Test("Given an incremental run adding a shot, then it joins the existing moment, which keeps its id",
          arguments: IndexLocation.allCases)
    func incrementalJoin(_ location: IndexLocation) throws {
        let index = try TestIndex(location)
        try index.store.write([
            Self.shot("a.jpg", at: 0, Self.beach, sharpness: 40),
            Self.shot("b.jpg", at: 5, Self.near(Self.beach, flipping: 2), sharpness: 50),
            Self.shot("x.jpg", at: 20, Self.near(Self.beach, flipping: 2), sharpness: 10),
        ])
        #expect(try index.store.moments()["photos:x.jpg"] == .init(moment: nil, representative: true))

        // A sharper shot at 12 s links to b (7 s) and x (8 s): it joins the moment and bridges x into it.
        try index.store.write([Self.shot("new.jpg", at: 12, Self.near(Self.beach, flipping: 1), sharpness: 99)])
        let moments = try index.store.moments()
        for name in ["a.jpg", "b.jpg", "new.jpg", "x.jpg"] {
            #expect(moments["photos:\(name)"]?.moment == "photos:a.jpg", "\(name)")
            #expect(moments["photos:\(name)"]?.representative == (name == "new.jpg"), "\(name)")
        }
    }

    @Test("Given the representative is deleted, then the next sharpest is promoted; the last one left is alone",
          arguments: IndexLocation.allCases)
    func deletingRepresentativePromotes(_ location: IndexLocation) throws {
        let index = try TestIndex(location)
        try index.store.write([
            Self.shot("a.jpg", at: 0, Self.beach, sharpness: 40),
            Self.shot("b.jpg", at: 3, Self.near(Self.beach, flipping: 2), sharpness: 90),
            Self.shot("c.jpg", at: 6, Self.near(Self.beach, flipping: 1), sharpness: 60),
        ])
        try index.store.forgetCaptures([CaptureID("photos:b.jpg")], source: "photos")
        var moments = try index.store.moments()
        #expect(moments["photos:a.jpg"] == .init(moment: "photos:a.jpg", representative: false))
        #expect(moments["photos:c.jpg"] == .init(moment: "photos:a.jpg", representative: true))

        try index.store.recordFailure(CaptureFailure(capture: CaptureID("photos:a.jpg"), stageID: "decode",
                                                     reason: "truncated"), source: "photos", signature: "s", path: nil)
        moments = try index.store.moments()
        #expect(moments == ["photos:c.jpg": .init(moment: nil, representative: true)])
    }

    @Test("Given a moment left with two representatives, then the integrity check reports it")
    func integrityCheckSeesBrokenMoments() throws {
        let index = try TestIndex(.memory)
        try index.store.write([
            Self.shot("a.jpg", at: 0, Self.beach, sharpness: 40),
            Self.shot("b.jpg", at: 3, Self.near(Self.beach, flipping: 2), sharpness: 90),
        ])
        #expect(try index.store.integrityProblems() == [])
        try index.store.write { db in try db.execute("UPDATE captures SET moment_representative = 1") }
        #expect(try index.store.integrityProblems() == ["moment photos:a.jpg: 2 shots, 2 representatives"])
    }

    @Test("Given a shot replaced by a different picture, then it leaves its moment")
    func replacedShotLeaves() throws {
        let index = try TestIndex(.memory)
        try index.store.write([
            Self.shot("a.jpg", at: 0, Self.beach, sharpness: 40),
            Self.shot("b.jpg", at: 3, Self.near(Self.beach, flipping: 2), sharpness: 90),
        ])
        try index.store.write([Self.shot("b.jpg", at: 3, Self.street, sharpness: 90)])
        let moments = try index.store.moments()
        #expect(moments["photos:a.jpg"] == .init(moment: nil, representative: true))
        #expect(moments["photos:b.jpg"] == .init(moment: nil, representative: true))
    }

    @Test("Given an index written before moments existed, then opening it groups what it holds")
    func migrationGroupsExistingCaptures() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("index.sqlite")
        let queue = try DatabaseQueue(path: path)
        try DatabaseMigrator([IndexSchema.migrator.migrations[0]]).migrate(queue)
        try queue.write { db in
            for record in [Self.shot("a.jpg", at: 0, Self.beach, sharpness: 10),
                           Self.shot("b.jpg", at: 4, Self.beach, sharpness: 20),
                           Self.shot("c.jpg", at: 4, Self.street, sharpness: 20)] {
                // Written as an index of that time held them: the columns of the initial schema only.
                try db.execute("""
                    INSERT INTO captures (id, source, path, signature, date, date_source, width, height, kind, format,
                                          fingerprint, sharpness, indexed_at)
                    VALUES (?, ?, ?, ?, ?, 'exif', 10, 10, 'photo', 'jpeg', ?, ?, 0)
                    """, [.text(record.file.id.rawValue), .text(record.file.source), .text(record.file.relativePath),
                          .text(record.file.signature), .real(record.metadata.date.timeIntervalSince1970),
                          .integer(Int64(bitPattern: record.fingerprint!.bits)), .real(record.focus!.sharpness)])
            }
        }
        queue.close()

        let moments = try IndexStore(path: path).moments()
        #expect(moments["photos:a.jpg"] == .init(moment: "photos:a.jpg", representative: false))
        #expect(moments["photos:b.jpg"] == .init(moment: "photos:a.jpg", representative: true))
        #expect(moments["photos:c.jpg"] == .init(moment: nil, representative: true))
    }

    @Test("Given random slices, replacements and deletions, then the stored moments always equal a fresh grouping")
    func matchesFreshGrouping() throws {
        let index = try TestIndex(.memory)
        var random = SplitMix64(seed: 20261130)
        let bases = [Self.beach, Self.street, Self.beach ^ 0xFFFF_0000_0000_FFFF]
        var present: [String: CaptureRecord] = [:]
        var largestMoment = 0
        for round in 0..<40 {
            if round % 4 == 3, !present.isEmpty {
                let names = present.keys.sorted().filter { _ in random.next() % 3 == 0 }
                try index.store.forgetCaptures(names.map { CaptureID("photos:\($0)") }, source: "photos")
                for name in names { present[name] = nil }
            } else {
                let slice = (0..<Int(random.next() % 4 + 1)).map { _ in
                    let name = "shot-\(random.next() % 30).jpg"
                    let base = bases[Int(random.next() % UInt64(bases.count))]
                    let fingerprint = Self.near(base, flipping: Int(random.next() % 7))
                    return Self.shot(name, at: Double(random.next() % 80), fingerprint,
                                     sharpness: Double(random.next() % 5))
                }
                try index.store.write(slice)
                for record in slice { present[record.file.relativePath] = record }
            }
            let fresh = MomentGrouper(captures: present.values.compactMap(MomentCapture.init))
            var expected: [String: StoredMoment] = [:]
            for moment in fresh.moments {
                for member in moment.members {
                    expected[member.rawValue] = StoredMoment(
                        moment: moment.isGroup ? moment.id.rawValue : nil,
                        representative: !moment.isGroup || member == moment.representative)
                }
            }
            #expect(try index.store.moments() == expected, "round \(round)")
            #expect(try index.store.integrityProblems() == [], "round \(round)")
            largestMoment = max(largestMoment, fresh.moments.map(\.members.count).max() ?? 0)
        }
        #expect(largestMoment >= 3, "the sequence should build moments worth checking")
    }
}

/// A capture's stored moment and representative flag.
struct StoredMoment: Equatable {
    var moment: String?
    var representative: Bool
}

extension IndexStore {
    /// Every capture's stored moment, by id (tests only).
    func moments() throws -> [String: StoredMoment] {
        try read { db in
            var result: [String: StoredMoment] = [:]
            try db.forEachRow("SELECT id, moment, moment_representative FROM captures") { row in
                result[row.string(0) ?? ""] = StoredMoment(moment: row.string(1), representative: row.bool(2) ?? false)
            }
            return result
        }
    }
}
