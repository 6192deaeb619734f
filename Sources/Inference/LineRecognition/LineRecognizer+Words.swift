extension LineRecognizer {
    /// Reads each line of `page` piece by piece, as Tesseract reads the words its layout analysis finds: the
    /// line is split at its wide gaps and trimmed to its ink (`LineSegmenter`), every piece is read on its own
    /// (all the pieces of a page batched together), and the pieces are joined with one space. Inside a piece the
    /// network's own spaces stand, except in a fixed-pitch line where the ink has no empty cell for them
    /// (`FixedPitch`), and a space is added where the ink has a word gap the network read across
    /// (`MeasuredSpaces`). The confidence is the width-weighted mean of the pieces'.
    package func recognizeWords(_ lines: [LineRect], in page: GrayImage, inverted: Bool = false,
                        scratch: LineScratch) -> [(text: String, confidence: Double)]
    {
        var pieces: [LineRect] = []
        var owners: [Int] = []
        var spaces: [MeasuredSpaces] = []
        var cells: [FixedPitch?] = []
        for (index, line) in lines.enumerated() where line.width > 0 && line.height > 0 {
            // One ink profile of the line for both the pieces and the measured spaces.
            let profile = InkProfile(rect: line, page: page)
            let measured = MeasuredSpaces(profile: profile)
            // A line of capitals and digits is read with a descender's room below its baseline (`DescenderRoom`).
            let room = profile.descenderRoom(padding: LineSegmenter.padding, page: page)
            let height = min(page.height - line.top, line.height + room)
            let pitch = FixedPitch(profile: profile)
            for piece in LineSegmenter.pieces(of: line, profile: profile) where piece.right > piece.left {
                pieces.append(LineRect(left: piece.left, top: line.top, width: piece.right - piece.left,
                                       height: height))
                owners.append(index)
                spaces.append(measured)
                cells.append(pitch)
            }
        }
        let reads = recognizeCharacters(pieces, in: page, inverted: inverted, scratch: scratch)
        var texts = [[String]](repeating: [], count: lines.count)
        var weighted = [Double](repeating: 0, count: lines.count)
        var widths = [Double](repeating: 0, count: lines.count)
        for index in pieces.indices {
            let piece = pieces[index], read = reads[index], owner = owners[index]
            let columns = piece.left..<(piece.left + piece.width)
            var characters = read.characters
            if let cells = cells[index] {
                characters = cells.keepingSpacesWithRoom(characters, steps: read.steps, columns: columns)
            }
            characters = spaces[index].added(to: characters, steps: read.steps, columns: columns)
            characters = spaces[index].addedBesideLoneDigits(to: characters, steps: read.steps, columns: columns)
            characters = spaces[index].confirming(read.beamSpaces, in: characters, steps: read.steps,
                                                  columns: columns)
            let text = CharacterTable.text(of: characters)
            guard !text.isEmpty else { continue }
            texts[owner].append(text)
            weighted[owner] += read.confidence * Double(piece.width)
            widths[owner] += Double(piece.width)
        }
        return lines.indices.map { index in
            (texts[index].joined(separator: " "), widths[index] > 0 ? weighted[index] / widths[index] : 0)
        }
    }
}
