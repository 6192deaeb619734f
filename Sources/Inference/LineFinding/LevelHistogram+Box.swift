import LineRecognition

extension LevelHistogram {
    /// The grey levels of `box`'s pixels in `page`.
    init(_ box: FoundLine, in page: GrayImage) {
        self.init()
        page.pixels.withUnsafeBufferPointer { pixels in
            for y in box.top..<box.bottom {
                let row = y * page.width
                for x in box.left..<box.right { add(Int(pixels[row + x])) }
            }
        }
    }
}
