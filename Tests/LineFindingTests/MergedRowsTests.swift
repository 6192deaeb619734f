@testable import LineFinding
import Testing

/// Rows of text linked into one chain through the texture between them (issue 10, article family over photos):
/// letter-sized blobs of a photo's texture overlap one row's letters and each other down to the next row, and the
/// rows became one box two or more rows tall, or a row a box three times its height, which the network read as
/// noise (parity seeds 2026, 9393 and 9494: `article-01`, `article-03`, `article-02`). Now such a chain is split
/// into the rows its letters' centres pile up in, and the blobs outside them are dropped; each row is then judged by
/// its own letters, and blobs reaching more than half a letter beyond them are dropped too
/// (`RowGrouping.splitMergedRows`, `RowGrouping.trimmedToRow`).
@Suite("merged rows")
struct MergedRowsTests {
    /// A row of `count` letters `height` px high from `top`, 8 px wide, 3 px apart, from x = 20.
    static func row(top: Int, count: Int = 12, height: Int = 13) -> [InkBlob] {
        (0..<count).map { index in
            InkBlob(minX: 20 + 11 * index, minY: top, maxX: 28 + 11 * index, maxY: top + height, pixels: 8 * height / 2)
        }
    }

    /// A blob of texture, 15 px wide and `height` high, half filled.
    static func texture(x: Int, top: Int, height: Int = 25) -> InkBlob {
        InkBlob(minX: x, minY: top, maxX: x + 15, maxY: top + height, pixels: 15 * height / 2)
    }

    static func lines(_ blobs: [InkBlob]) -> [FoundLine] {
        RowGrouping.lines(blobs, lightOnDark: false, limits: RowGrouping.Limits())
    }

    /// Two rows of 12 letters, at y 100 and 136, linked by two texture blobs right of them, overlapping each other.
    static let linkedRows = row(top: 100) + row(top: 136) + [texture(x: 150, top: 106), texture(x: 168, top: 118)]

    /// Checks that `found` is the two rows of `linkedRows`, each its letters' box.
    static func expectTheTwoRows(_ found: [FoundLine], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(found.count == 2, "\(found)", sourceLocation: sourceLocation)
        for top in [100, 136] {
            #expect(found.contains { $0.top == top && $0.bottom == top + 13 && $0.letters == 12 }, "\(found)",
                    sourceLocation: sourceLocation)
        }
    }

    @Test("given two rows linked by texture blobs between them, when grouped, then each row is a line of its own")
    func rowsLinkedThroughTextureSplit() {
        // Row one at y 100-113, row two at 136-149; a blob overlapping row one and one overlapping row two, the
        // two overlapping each other, right of the rows. Before: one chain 49 px tall on no common baseline, so
        // no line at all.
        Self.expectTheTwoRows(Self.lines(Self.linkedRows))
    }

    @Test("given linked rows where one row's band holds a texture blob twice its height, when grouped, then that row's line is its letters' box")
    func rowBandTrimmedByItsOwnLetters() {
        // As `rowsLinkedThroughTextureSplit`, with a blob 26 px high just left of row one whose centre lies in the
        // row's band: linked again with the row, it made a box 26 px high for letters of 13. The row is judged by
        // its own letters (13 px) and the blob, 8 px below them, is dropped (the merged chain's median could be
        // a taller one: `OutlinedTextTests`' 18 px row came back as a 40 px box).
        Self.expectTheTwoRows(Self.lines(Self.linkedRows + [Self.texture(x: 2, top: 95, height: 26)]))
    }

    @Test("given a row that took in texture blobs above it, when grouped, then its line is the row's box")
    func rowTrimmedOfTexture() {
        // Two blobs stacked above the row's end, the lower overlapping its letters: before, the line ran from the
        // upper blob's top, 43 px for a row of 13.
        let blobs = Self.row(top: 100) + [Self.texture(x: 150, top: 82), Self.texture(x: 160, top: 70)]
        let found = Self.lines(blobs)
        #expect(found == [FoundLine(left: 20, top: 100, right: 149, bottom: 113, letters: 12, letterHeight: 13)],
                "\(found)")
    }

    @Test("given a row of small letters with tall ones, when grouped, then it stays one line with all of them")
    func mixedHeightsKept() {
        // Ascenders and descenders (19 px) and two capitals of 30 px among 13 px letters: 36 px in all, under
        // three times the median letter.
        var blobs = Self.row(top: 100)
        blobs[2] = InkBlob(minX: blobs[2].minX, minY: 94, maxX: blobs[2].maxX, maxY: 113, pixels: 60)
        blobs[5] = InkBlob(minX: blobs[5].minX, minY: 100, maxX: blobs[5].maxX, maxY: 119, pixels: 60)
        blobs[8] = InkBlob(minX: blobs[8].minX, minY: 83, maxX: blobs[8].maxX, maxY: 113, pixels: 100)
        blobs[9] = InkBlob(minX: blobs[9].minX, minY: 83, maxX: blobs[9].maxX, maxY: 113, pixels: 100)
        let found = Self.lines(blobs)
        #expect(found == [FoundLine(left: 20, top: 83, right: 149, bottom: 119, letters: 12, letterHeight: 13)],
                "\(found)")
    }

    @Test("given a chain whose pieces stand in two bands closer than a row apart, when grouped, then it is not cut into rows")
    func bandsCloserThanARowKept() {
        // Parity seed 6262 `article-03`: on an italic serif paragraph over a gradient, the light ground between
        // letters made chains whose pieces piled up in bands 6-8 px apart (letters of 7); cut into "rows", they
        // became lines of noise that took the place of three of the paragraph's rows. Here 12 pieces of 7 px at
        // y 100 and 12 at y 108, linked through two of 10 px and one of 22: 22 px in all, over three times 7.
        let upper = (0..<12).map { InkBlob(minX: 20 + 22 * $0, minY: 100, maxX: 28 + 22 * $0, maxY: 107, pixels: 28) }
        let lower = (0..<12).map { InkBlob(minX: 31 + 22 * $0, minY: 108, maxX: 39 + 22 * $0, maxY: 115, pixels: 28) }
        let bridges = [InkBlob(minX: 272, minY: 101, maxX: 278, maxY: 111, pixels: 30),
                       InkBlob(minX: 280, minY: 105, maxX: 286, maxY: 115, pixels: 30),
                       InkBlob(minX: 288, minY: 95, maxX: 294, maxY: 117, pixels: 66)]
        let chains = RowGrouping.link((upper + lower + bridges).sorted { $0.minX < $1.minX }.map { ($0, false) },
                                      RowGrouping.Limits())
        #expect(chains.count == 1, "the pieces must make one chain for the test to hold: \(chains.count)")
        let found = Self.lines(upper + lower + bridges)
        #expect(!found.contains { $0.bottom - $0.top <= 10 }, "cut into rows: \(found)")
    }
}
