/// Connected components (8-connected) of the "ink" in a gray image: pixels darker than the mean of their
/// neighbourhood by more than a contrast margin.
enum InkComponents {
    /// The bounding box and pixel count of one component; max coordinates are exclusive.
    struct Box: Equatable {
        var minX: Int, minY: Int, maxX: Int, maxY: Int
        var pixels: Int

        var width: Int { maxX - minX }
        var height: Int { maxY - minY }
        var transposed: Box { Box(minX: minY, minY: minX, maxX: maxY, maxY: maxX, pixels: pixels) }
    }

    static func find(in image: GrayImage, radius: Int, contrast: Int) -> [Box] {
        let width = image.width, height = image.height
        guard width > 0, height > 0 else { return [] }
        let ink = IntegralImage(image).darkerThanLocalMean(image, by: contrast, radius: radius)
        var labels = [Int32](repeating: 0, count: width * height)
        var parent: [Int32] = [0]

        func root(_ label: Int32) -> Int32 {
            var current = label
            while parent[Int(current)] != current { current = parent[Int(current)] }
            var walk = label
            while parent[Int(walk)] != current {
                let next = parent[Int(walk)]
                parent[Int(walk)] = current
                walk = next
            }
            return current
        }
        func union(_ a: Int32, _ b: Int32) -> Int32 {
            let ra = root(a), rb = root(b)
            if ra == rb { return ra }
            let (low, high) = ra < rb ? (ra, rb) : (rb, ra)
            parent[Int(high)] = low
            return low
        }

        image.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<height {
                for x in 0..<width {
                    let index = y * width + x
                    guard ink[index] else { continue }
                    var label: Int32 = 0
                    func join(_ neighbour: Int32) {
                        guard neighbour != 0 else { return }
                        label = label == 0 ? root(neighbour) : union(label, neighbour)
                    }
                    if x > 0 { join(labels[index - 1]) }
                    if y > 0 {
                        if x > 0 { join(labels[index - width - 1]) }
                        join(labels[index - width])
                        if x + 1 < width { join(labels[index - width + 1]) }
                    }
                    if label == 0 {
                        label = Int32(parent.count)
                        parent.append(label)
                    }
                    labels[index] = label
                }
            }
        }

        for label in parent.indices { parent[label] = root(Int32(label)) }
        var boxes = [Box](repeating: Box(minX: .max, minY: .max, maxX: 0, maxY: 0, pixels: 0), count: parent.count)
        for y in 0..<height {
            for x in 0..<width {
                let label = labels[y * width + x]
                guard label != 0 else { continue }
                let key = Int(parent[Int(label)])
                boxes[key].minX = min(boxes[key].minX, x); boxes[key].maxX = max(boxes[key].maxX, x + 1)
                boxes[key].minY = min(boxes[key].minY, y); boxes[key].maxY = max(boxes[key].maxY, y + 1)
                boxes[key].pixels += 1
            }
        }
        return boxes.filter { $0.pixels > 0 }
    }
}
