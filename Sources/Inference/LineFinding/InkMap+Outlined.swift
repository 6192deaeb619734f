/// Letters drawn with an outline (white text with a dark halo over a photo, the way phones and video overlays draw
/// it): each stroke of one ink is wrapped in a thin band of the other, and the ground beyond is anything. Over a
/// textured photo both inks run into the texture (the light fill into the bright patches, the dark halo into the
/// shadows), so neither ink's components are letters. The pixels of one ink that have the other ink close on both
/// sides (left and right, or above and below) are the strokes and their halo together; texture rarely has that.
extension InkMap {
    /// A copy keeping only the ink pixels with a pixel of the other ink at most `reach` pixels away on both sides,
    /// along the row or along the column.
    func outlined(reach: Int) -> InkMap {
        let width = width, height = height
        var kept = [UInt8](repeating: 0, count: width * height)
        // Distance to the nearest pixel of each ink, looking left/up (first pass) and right/down (second pass),
        // capped at reach + 1.
        let cap = UInt8(min(254, reach + 1))
        classes.withUnsafeBufferPointer { classes in
            kept.withUnsafeMutableBufferPointer { kept in
                // Along rows.
                var fromLeft = [UInt8](repeating: cap, count: 2 * width)
                for y in 0..<height {
                    let row = y * width
                    var lastDark = cap, lastLight = cap
                    for x in 0..<width {
                        let kind = classes[row + x]
                        fromLeft[2 * x] = lastDark
                        fromLeft[2 * x + 1] = lastLight
                        lastDark = kind == Ink.dark.rawValue ? 1 : min(cap, lastDark &+ 1)
                        lastLight = kind == Ink.light.rawValue ? 1 : min(cap, lastLight &+ 1)
                    }
                    var nextDark = cap, nextLight = cap
                    for x in stride(from: width - 1, through: 0, by: -1) {
                        let kind = classes[row + x]
                        if kind == Ink.dark.rawValue {
                            if fromLeft[2 * x + 1] < cap && nextLight < cap { kept[row + x] = kind }
                        } else if kind == Ink.light.rawValue {
                            if fromLeft[2 * x] < cap && nextDark < cap { kept[row + x] = kind }
                        }
                        nextDark = kind == Ink.dark.rawValue ? 1 : min(cap, nextDark &+ 1)
                        nextLight = kind == Ink.light.rawValue ? 1 : min(cap, nextLight &+ 1)
                    }
                }
                // Along columns, a row at a time: the distances of every column carried down, then up.
                var downDark = [UInt8](repeating: cap, count: width), downLight = downDark
                var above = [UInt8](repeating: 0, count: width * height)
                for y in 0..<height {
                    let row = y * width
                    for x in 0..<width {
                        let kind = classes[row + x]
                        above[row + x] = kind == Ink.dark.rawValue ? downLight[x] : downDark[x]
                        downDark[x] = kind == Ink.dark.rawValue ? 1 : min(cap, downDark[x] &+ 1)
                        downLight[x] = kind == Ink.light.rawValue ? 1 : min(cap, downLight[x] &+ 1)
                    }
                }
                var upDark = [UInt8](repeating: cap, count: width), upLight = upDark
                for y in stride(from: height - 1, through: 0, by: -1) {
                    let row = y * width
                    for x in 0..<width {
                        let kind = classes[row + x]
                        if kind != 0 && kept[row + x] == 0 && above[row + x] < cap {
                            let below = kind == Ink.dark.rawValue ? upLight[x] : upDark[x]
                            if below < cap { kept[row + x] = kind }
                        }
                        upDark[x] = kind == Ink.dark.rawValue ? 1 : min(cap, upDark[x] &+ 1)
                        upLight[x] = kind == Ink.light.rawValue ? 1 : min(cap, upLight[x] &+ 1)
                    }
                }
            }
        }
        return InkMap(width: width, height: height, classes: kept)
    }
}

extension InkMap {
    init(width: Int, height: Int, classes: [UInt8]) {
        self.width = width
        self.height = height
        self.classes = classes
    }
}
