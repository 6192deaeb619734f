/// Faint ink: the thin strokes of light or small letters that fall short of the ink threshold (half way between
/// the line's darkest and lightest levels). In light italic menu text a letter's hairlines ("c", "e", the lead-in
/// of "h") are lighter than that, so the ink profile shows a column gap inside the word, as wide as a word gap,
/// and the segmenter cut the word in two (`chee ke` for "check", `servic e`). Counted as ink down to the line's
/// own Otsu level, those strokes close the gap again; a real gap between words stays open.
///
/// Only on a plain ground: over a photo or a gradient the Otsu level falls inside the ground's own spread, and
/// the ground would count as faint ink everywhere.
extension InkProfile {
    /// A ground is plain when at least this share of the rectangle's pixels lie near its most frequent level ...
    static let plainGroundShare = 0.6
    /// ... within this many grey levels of it.
    static let plainGroundTolerance = 12

    /// The level that tells faint ink from ground in the way `middle` tells ink (`(value < level) == inkIsDark`):
    /// the line's Otsu level, kept off the plain ground's own levels (within `plainGroundTolerance` of the most
    /// frequent one) and never stricter than `middle`; nil when the ground is not plain (no faint ink is read).
    static func faintInkLevel(_ histogram: LevelHistogram, middle: Int, inkIsDark: Bool) -> Int? {
        guard histogram.shareNearMode(tolerance: plainGroundTolerance) >= plainGroundShare,
              let otsu = histogram.otsuLevel, let ground = histogram.mode
        else { return nil }
        // Otsu's lower class holds the levels up to `otsu`: dark faint ink is below `otsu + 1`, light faint ink
        // at `otsu + 1` or above. Over a mid-grey ground with haloed letters Otsu's level lies beyond the ground
        // (between it and the light letters), and the whole ground would be faint ink.
        return inkIsDark ? max(middle, min(otsu + 1, ground - plainGroundTolerance))
            : min(middle, max(otsu + 1, ground + plainGroundTolerance + 1))
    }

    /// The widest run of columns inside `gap` (one of `gaps`) without faint ink: the gap's own width where no
    /// faint ink was read (a ground that is not plain).
    func faintFreeWidth(of gap: (left: Int, width: Int)) -> Int {
        guard let faintColumns else { return gap.width }
        var widest = 0, run = 0
        for x in gap.left..<(gap.left + gap.width) {
            run = faintColumns[x - left] == 0 ? run + 1 : 0
            widest = max(widest, run)
        }
        return widest
    }
}
