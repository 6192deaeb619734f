/// The counters of letters (the holes of "o", "e", "a", "B"): each reads as a small component of the other ink,
/// and counters side by side make a stray line of that ink (on a dark page, dark "letters" inside the light text).
/// A component is a counter when its box lies strictly inside the box of a component of the other ink that stands
/// in a line of that ink with more letters than any line of its own ink that holds it; a line whose box holds
/// counters for at least half its letters is made of them.
enum Counters {
    /// `lines` (grouped from `blobs`, one ink) without those made of the counters of the other ink's letters
    /// (`hosts`, grouped into `hostLines`). Counters lower than `minimumLetterHeight` are not counted.
    static func removed(from lines: [FoundLine], blobs: [InkBlob], hosts: [InkBlob], hostLines: [FoundLine],
                        minimumLetterHeight: Int) -> [FoundLine] {
        guard !hostLines.isEmpty, !lines.isEmpty else { return lines }
        // Hosts: the other ink's components inside one of its lines, with that line's letter count, filed in
        // bands of rows by every band they cover.
        let band = 32
        var bands: [Int: [(InkBlob, Int)]] = [:]
        for host in hosts where host.height >= minimumLetterHeight && host.width >= 3 {
            let letters = hostLines.filter { $0.holds(host) }.map(\.letters).max() ?? 0
            guard letters > 0 else { continue }
            for key in (host.minY / band)...((host.maxY - 1) / band) { bands[key, default: []].append((host, letters)) }
        }
        let counters = blobs.filter { blob in
            guard blob.height >= minimumLetterHeight, let candidates = bands[blob.minY / band] else { return false }
            let hostLetters = candidates.filter { $0.0.encloses(blob) }.map(\.1).max() ?? 0
            guard hostLetters > 0 else { return false }
            let ownLetters = lines.filter { $0.holds(blob) }.map(\.letters).max() ?? 0
            return ownLetters < hostLetters
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
