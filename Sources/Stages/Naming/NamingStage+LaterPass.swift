import Foundation
import Runner
import SensitiveDetectors
import Store
import ThingNaming

extension NamingStage {
    /// How a later naming pass went.
    public struct LaterPass: Sendable, Equatable {
        /// Captures named (an `unknown` answer included: the model was asked and answered).
        public var named = 0
        /// Captures still waiting (the endpoint still unreachable, budget spent...), their reason updated.
        public var stillWaiting = 0
        /// Captures not asked: what is stored of them is no longer something naming may send.
        public var notAsked = 0
    }

    /// A later pass: asks again for the captures of `store` waiting for a name (`naming_pending`) that were indexed
    /// before `before` (so not a capture this run already asked for), from the derived text the index keeps of
    /// them (their text, code payloads and labels; never the image, which is not read again). A held capture is
    /// never asked for: it is skipped when the index holds it back (`capture_holds`) or the sensitive-data rules
    /// would hold what is stored of it. A capture named, or answered `unknown`, leaves `naming_pending`; one
    /// still waiting keeps its row with the new reason. The pass ends as soon as no endpoint may be asked (none
    /// configured, every one off or out of consent or budget): the rows left keep their reasons. `shouldStop` is
    /// checked between captures.
    @discardableResult
    public func nameWaiting(in store: IndexStore, indexedBefore before: Date,
                            shouldStop: @Sendable () -> Bool = { false }) async throws -> LaterPass {
        var pass = LaterPass()
        guard namer.canAsk else { return pass }
        for waiting in try Self.waiting(in: store, indexedBefore: before) {
            if shouldStop() || !namer.canAsk { break }
            guard let input = namingInput(text: waiting.text, codes: waiting.codes, labels: waiting.labels) else {
                pass.notAsked += 1
                continue
            }
            switch await namer.name(input) {
            case .named(let things, _):
                pass.named += 1
                _ = try store.write { db in
                    try store.writeLatePart(CaptureThings(things: things), family: Self.storage.name,
                                            capture: waiting.id, in: db)
                }
            case .pending(let reason):
                pass.stillWaiting += 1
                guard reason != waiting.reason else { continue }
                _ = try store.write { db in
                    try db.execute("UPDATE naming_pending SET reason = ? WHERE capture_id = ?",
                                   [.text(reason), .text(waiting.id)])
                }
            }
        }
        return pass
    }

    /// A capture waiting for a name, as the index keeps it.
    struct Waiting: Sendable {
        var id: String
        var reason: String
        var text: String
        var codes: [DetectorInput.Code]
        var labels: [String]
    }

    /// The captures waiting for a name, indexed before `before`, and not held back; in id order.
    static func waiting(in store: IndexStore, indexedBefore before: Date) throws -> [Waiting] {
        try store.read { db in
            let tables = Set(try db.query("SELECT name FROM sqlite_schema WHERE type = 'table'") { $0.string(0) ?? "" })
            guard tables.contains("naming_pending") else { return [] }
            let notHeld = tables.contains("capture_holds")
                ? "AND NOT EXISTS (SELECT 1 FROM capture_holds h WHERE h.capture_id = p.capture_id)" : ""
            let rows = try db.query("""
                SELECT p.capture_id, p.reason, coalesce(c.text, '') FROM naming_pending p
                JOIN captures c ON c.id = p.capture_id
                WHERE c.indexed_at < ? \(notHeld)
                ORDER BY p.capture_id
                """, [.real(before.timeIntervalSince1970)]) {
                Waiting(id: $0.string(0) ?? "", reason: $0.string(1) ?? "", text: $0.string(2) ?? "", codes: [], labels: [])
            }
            return try rows.map { row in
                var waiting = row
                waiting.codes = try db.query(
                    "SELECT format, text, payload FROM codes WHERE capture_id = ? ORDER BY ordinal", [.text(row.id)]) {
                    DetectorInput.Code(format: $0.string(0) ?? "", text: $0.string(1), bytes: $0.blob(2) ?? [])
                }
                waiting.labels = try db.query("SELECT name FROM labels WHERE capture_id = ? ORDER BY name",
                                              [.text(row.id)]) { $0.string(0) ?? "" }
                return waiting
            }
        }
    }
}
