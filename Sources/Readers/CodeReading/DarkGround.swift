import LineRecognition

/// Whether an image has any dark ground a light code could stand on: `CodeReader` scans the inverted image (light
/// codes on dark ground, dark-theme screens) only when it does. A light code is framed by dark ground (its
/// quiet zone: in the inverted image, zxing-cpp needs it light around finder and guard patterns), and about half
/// of its modules are dark too, so the area it covers is darker than mid-gray on average and, at 2 px a module or
/// more, wide enough to hold whole blocks of `block` x `block` pixels; any dark area of 31 x 31 px holds one. This
/// is a cheap test, not a proof: `DarkGroundTests` reads light QR codes and a light Code 128 on small dark cards
/// of a light screen, and the peer sets' code recall is unchanged. A light page with dark text has no dark block
/// unless its ink is dense (bold headlines), and then the inverted pass runs as before.
enum DarkGround {
    /// Side of the blocks, in pixels (the last row and column of blocks may be smaller).
    static let block = 16
    /// A block whose mean is below this counts as dark ground.
    static let level = 128

    /// True when some block's mean is below `level`.
    static func present(in image: GrayImage) -> Bool {
        let width = image.width, height = image.height
        guard width > 0, height > 0 else { return false }
        let across = (width + block - 1) / block
        var sums = [Int](repeating: 0, count: across)
        return image.pixels.withUnsafeBufferPointer { pixels in
            sums.withUnsafeMutableBufferPointer { sums in
                var top = 0
                while top < height {
                    let rows = min(block, height - top)
                    for index in 0..<across { sums[index] = 0 }
                    for y in top..<(top + rows) {
                        let row = pixels.baseAddress! + y * width
                        for index in 0..<across {
                            let start = index * block, end = min(width, start + block)
                            var sum = 0
                            for x in start..<end { sum += Int(row[x]) }
                            sums[index] += sum
                        }
                    }
                    for index in 0..<across {
                        let columns = min(block, width - index * block)
                        if sums[index] < level * rows * columns { return true }
                    }
                    top += rows
                }
                return false
            }
        }
    }
}
