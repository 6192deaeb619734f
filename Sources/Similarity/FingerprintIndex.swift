import Captures

/// Finds near-duplicates among many fingerprints: every entry within a Hamming distance of a query, exactly the
/// entries a scan of all of them would find, but by probing multi-index hash tables (`MultiIndexTables`) instead
/// of comparing with each one. Build it once from the library's fingerprints and query it as often as needed.
public struct FingerprintIndex<ID: Sendable>: Sendable {
    /// One entry found by a search.
    public struct Match: Sendable {
        public var id: ID
        public var fingerprint: VisualFingerprint
        /// Hamming distance from the query.
        public var distance: Int

        @usableFromInline
        init(id: ID, fingerprint: VisualFingerprint, distance: Int) {
            (self.id, self.fingerprint, self.distance) = (id, fingerprint, distance)
        }
    }

    @usableFromInline let ids: [ID]
    @usableFromInline let tables: MultiIndexTables

    public init(_ entries: [(id: ID, fingerprint: VisualFingerprint)]) {
        ids = entries.map(\.id)
        tables = MultiIndexTables(fingerprints: entries.map(\.fingerprint.bits))
    }

    public var count: Int { ids.count }

    /// Every entry within `maxDistance` of `query`, nearest first (ties in the order the entries were given).
    @inlinable
    public func search(_ query: VisualFingerprint, within maxDistance: Int = FingerprintMatch.threshold) -> [Match] {
        var found: [(position: Int, distance: Int)] = []
        tables.search(query.bits, radius: maxDistance, into: &found)
        return matches(&found)
    }

    /// The same answer as `search`, found by comparing the query with every entry: the baseline `search` is
    /// measured and tested against.
    @inlinable
    public func scan(_ query: VisualFingerprint, within maxDistance: Int = FingerprintMatch.threshold) -> [Match] {
        var found: [(position: Int, distance: Int)] = []
        tables.scan(query.bits, radius: maxDistance, into: &found)
        return matches(&found)
    }

    @inlinable
    func matches(_ found: inout [(position: Int, distance: Int)]) -> [Match] {
        found.sort { ($0.distance, $0.position) < ($1.distance, $1.position) }
        return found.map {
            Match(id: ids[$0.position], fingerprint: VisualFingerprint(bits: tables.fingerprints[$0.position]),
                  distance: $0.distance)
        }
    }
}

extension FingerprintIndex.Match: Equatable where ID: Equatable {}
