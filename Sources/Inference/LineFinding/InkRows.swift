/// The rows of letters of both inks of one ink map: each ink's components grouped into rows (`RowGrouping`), and
/// the rows made of the counters of the other ink's letters dropped (`Counters`). The line finder, the scene-text
/// path and the second look at outlined letters all start from these.
struct InkRows {
    /// The dark ink's components and the rows left of them.
    let darkBlobs: [InkBlob]
    let dark: [FoundLine]
    /// The light ink's components and the rows left of them.
    let lightBlobs: [InkBlob]
    let light: [FoundLine]

    /// The rows of `map`'s two inks, grouped within `limits`.
    init(_ map: InkMap, limits: RowGrouping.Limits) {
        darkBlobs = map.components(of: .dark)
        lightBlobs = map.components(of: .light)
        let firstDark = RowGrouping.lines(darkBlobs, lightOnDark: false, limits: limits)
        let firstLight = RowGrouping.lines(lightBlobs, lightOnDark: true, limits: limits)
        dark = Counters.removed(from: firstDark, blobs: darkBlobs, hosts: lightBlobs, hostLines: firstLight,
                                minimumLetterHeight: limits.minimumLetterHeight)
        light = Counters.removed(from: firstLight, blobs: lightBlobs, hosts: darkBlobs, hostLines: firstDark,
                                 minimumLetterHeight: limits.minimumLetterHeight)
    }
}
