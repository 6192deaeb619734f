/// The counters of letters (the holes of "o", "e", "a", "B"): each reads as a small component of the other ink,
/// and counters side by side make a stray line of that ink (on a dark page, dark "letters" inside the light text).
/// A component is a counter when its box lies strictly inside the box of a component of the other ink that stands
/// in a line of that ink with more letters than any line of its own ink that holds it, and that component holds at
/// most two (a letter has no more counters; one around more is the ground between letters); a line whose box holds
/// counters for at least half its letters is made of them.
enum Counters {
    /// The most counters one letter holds ("B", "8", "%", "&": two).
    static let mostCounters = 2

    /// `lines` (grouped from `blobs`, one ink) without those made of the counters of the other ink's letters
    /// (`hosts`, grouped into `hostLines`). Counters lower than `minimumLetterHeight` are not counted.
    static func removed(from lines: [FoundLine], blobs: [InkBlob], hosts: [InkBlob], hostLines: [FoundLine],
                        minimumLetterHeight: Int) -> [FoundLine] {
        guard !hostLines.isEmpty, !lines.isEmpty else { return lines }
        // Hosts: the other ink's components inside one of its lines, with that line's letter count, filed in
        // bands of rows by every band they cover.
        let band = 32
        var bands: [Int: [(host: Int, letters: Int)]] = [:]
        for (index, host) in hosts.enumerated() where host.height >= minimumLetterHeight && host.width >= 3 {
            let letters = hostLines.filter { $0.holds(host) }.map(\.letters).max() ?? 0
            guard letters > 0 else { continue }
            for key in (host.minY / band)...((host.maxY - 1) / band) {
                bands[key, default: []].append((index, letters))
            }
        }
        // Each blob's enclosing hosts, and how many blobs each host encloses: a letter has at most two counters
        // ("B", "8", "%"); a component around more is the ground between letters (the light halo around a dark
        // value in a column of values), not a letter, and what it holds are letters, not counters.
        var enclosing: [Int: [(host: Int, letters: Int)]] = [:]
        var held: [Int: Int] = [:]
        for (index, blob) in blobs.enumerated() where blob.height >= minimumLetterHeight {
            guard let candidates = bands[blob.minY / band] else { continue }
            let around = candidates.filter { hosts[$0.host].encloses(blob) }
            guard !around.isEmpty else { continue }
            enclosing[index] = around
            for host in around { held[host.host, default: 0] += 1 }
        }
        let counters = enclosing.keys.sorted().compactMap { index -> InkBlob? in
            let blob = blobs[index]
            let hostLetters = enclosing[index]!.filter { held[$0.host]! <= Self.mostCounters }.map(\.letters)
                .max() ?? 0
            guard hostLetters > 0 else { return nil }
            let ownLetters = lines.filter { $0.holds(blob) }.map(\.letters).max() ?? 0
            return ownLetters < hostLetters ? blob : nil
        }
        guard !counters.isEmpty else { return lines }
        return lines.filter { line in counters.filter { line.holds($0) }.count * 2 < line.letters }
    }
}

extension InkBlob {
    /// Whether `other`'s box lies inside this one's with a margin on every side (as a counter inside its letter).
    func encloses(_ other: InkBlob) -> Bool {
        other.minX > minX && other.maxX < maxX && other.minY > minY && other.maxY < maxY
    }
}

extension FoundLine {
    /// Whether `blob`'s box lies inside the line's box.
    func holds(_ blob: InkBlob) -> Bool {
        blob.minX >= left && blob.maxX <= right && blob.minY >= top && blob.maxY <= bottom
    }
}
