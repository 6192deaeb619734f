/// The test a candidate row of a photo must pass to be read (`SceneText`). Two gates: at least two letters (three
/// when they are under 7 px high), and ink clearly apart from its ground (`minimumContrast`). Then nine signs of
/// letters, of which a row may miss one: consistent letter heights and stroke widths, strokes neither hairlines
/// nor blobs, narrow regular gaps, letters on one baseline, boxes partly filled, few specks of the same ink around
/// them, one ink colour and an even ground. Scene texture that lines up fails several: leaves and gravel have
/// uneven strokes and specks everywhere, tiles and windows are solid or hollow blocks far apart, water ripples
/// have little contrast and ink of many shades. Tuned on `scripts/photo-text-corpus.py` seed 5 (docs/reading.md,
/// "Photos"): it keeps 56 of the 58 rows of letters of contrast 50 or more there, and 120 of 12,717 other rows,
/// whose reads `GarbageReads` then drops.
package struct TextLikeness: Sendable, Equatable {
    /// Least difference between the ink's and the ground's gray levels.
    package var minimumContrast = 35.0
    /// How many of the nine signs a row may miss.
    package var allowedMisses = 1

    package init() {}

    /// Whether `row` looks like a row of letters.
    package func accepts(_ row: RowEvidence) -> Bool {
        guard row.letters >= 2, row.contrast >= minimumContrast else { return false }
        if row.height < 7 && row.letters < 4 { return false }
        return misses(row) <= allowedMisses
    }

    /// The signs of letters `row` lacks.
    package func misses(_ row: RowEvidence) -> Int {
        let signs = [
            row.heightSpread <= 0.2,
            row.stroke >= 0.08 && row.stroke <= 0.55,
            row.strokeSpread <= 0.3,
            row.gap <= 0.8,
            row.aligned >= 0.5,
            row.fill >= 0.2 && row.fill <= 0.8,
            row.specks <= 1.5,
            row.inkSpread <= 0.4,
            row.groundSpread <= 0.3,
        ]
        return signs.filter { !$0 }.count
    }
}
