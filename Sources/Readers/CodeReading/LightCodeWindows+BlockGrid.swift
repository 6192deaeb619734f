import LineRecognition

extension LightCodeWindows {
    /// The image in `block` x `block` blocks: which show sharp two-level structure (code-like), which are dark.
    struct BlockGrid {
        let across: Int
        let down: Int
        /// Per block: sharp two-level structure with transitions both ways.
        private(set) var code: [Bool]
        /// Per block: flat dark ground (mean below `darkLevel`, range below `contrast`), as a quiet zone is.
        private(set) var dark: [Bool]
        /// Per block: mean below `darkLevel`, flat or not (`DarkGround`'s evidence).
        private(set) var darkish: [Bool]

        init(_ image: GrayImage) {
            let width = image.width, height = image.height
            across = (width + block - 1) / block
            down = (height + block - 1) / block
            let count = across * down
            var low = [UInt8](repeating: 255, count: count), high = [UInt8](repeating: 0, count: count)
            var sums = [Int](repeating: 0, count: count)
            var code = [Bool](repeating: false, count: count), dark = [Bool](repeating: false, count: count)
            var darkish = [Bool](repeating: false, count: count)
            let across = across, down = down
            image.pixels.withUnsafeBufferPointer { pixels in
                // Pass 1: each block's range and mean.
                for y in 0..<height {
                    let row = pixels.baseAddress! + y * width, base = (y / block) * across
                    for bx in 0..<across {
                        let start = bx * block, end = min(width, start + block)
                        var lo = low[base + bx], hi = high[base + bx], sum = 0
                        for x in start..<end {
                            let value = row[x]
                            lo = min(lo, value); hi = max(hi, value); sum += Int(value)
                        }
                        low[base + bx] = lo; high[base + bx] = hi; sums[base + bx] += sum
                    }
                }
                // Pass 2, for blocks of enough range: two-level share, light share, transitions.
                for by in 0..<down {
                    let top = by * block, bottom = min(height, top + block)
                    for bx in 0..<across {
                        let index = by * across + bx
                        let left = bx * block, right = min(width, left + block)
                        let pixelCount = (bottom - top) * (right - left)
                        let lo = Int(low[index]), hi = Int(high[index])
                        darkish[index] = sums[index] < LightCodeWindows.darkLevel * pixelCount
                        guard hi - lo >= contrast else {
                            dark[index] = darkish[index]
                            continue
                        }
                        let twice = lo + hi                     // light: 2 * value > lo + hi
                        let lowBand = lo + (hi - lo) * 3 / 10, highBand = hi - (hi - lo) * 3 / 10
                        var light = 0, outer = 0, changes = 0
                        for y in top..<bottom {
                            let row = pixels.baseAddress! + y * width
                            var previous = 2 * Int(row[left]) > twice
                            for x in left..<right {
                                let value = Int(row[x])
                                let isLight = 2 * value > twice
                                if isLight { light += 1 }
                                if value <= lowBand || value >= highBand { outer += 1 }
                                if isLight != previous { changes += 1 }
                                previous = isLight
                                if y > top, isLight != (2 * Int(row[x - width]) > twice) { changes += 1 }
                            }
                        }
                        let share = Double(pixelCount)
                        code[index] = Double(outer) >= twoLevelShare * share
                            && Double(light) >= inkShare * share && Double(pixelCount - light) >= inkShare * share
                            && changes >= transitions * block
                    }
                }
            }
            self.code = code
            self.dark = dark
            self.darkish = darkish
        }

        /// Groups of code blocks: blocks that touch (edge or corner) belong to one group.
        func groups() -> [[Int]] { groups(of: code) }

        /// Groups of dark blocks, flat or not, touching as code blocks do.
        func darkGroups() -> [[Int]] { groups(of: darkish) }

        private func groups(of flags: [Bool]) -> [[Int]] {
            let code = flags
            var seen = [Bool](repeating: false, count: code.count)
            var groups: [[Int]] = []
            for start in code.indices where code[start] && !seen[start] {
                var group = [start], next = 0
                seen[start] = true
                while next < group.count {
                    let index = group[next]; next += 1
                    let bx = index % across, by = index / across
                    for ny in max(0, by - 1)...min(down - 1, by + 1) {
                        for nx in max(0, bx - 1)...min(across - 1, bx + 1) {
                            let neighbour = ny * across + nx
                            if code[neighbour] && !seen[neighbour] {
                                seen[neighbour] = true
                                group.append(neighbour)
                            }
                        }
                    }
                }
                groups.append(group)
            }
            return groups
        }

        /// The share of flat dark blocks among the blocks at most two blocks from `group` (not in it); 1 when there
        /// are none (the group fills the image, as a code filling it would).
        func darkRingShare(of group: [Int]) -> Double {
            var member = Set(group), ring = Set<Int>()
            for index in group {
                let bx = index % across, by = index / across
                for ny in max(0, by - 2)...min(down - 1, by + 2) {
                    for nx in max(0, bx - 2)...min(across - 1, bx + 2) {
                        let neighbour = ny * across + nx
                        if !member.contains(neighbour) { ring.insert(neighbour) }
                    }
                }
            }
            member.removeAll()
            guard !ring.isEmpty else { return 1 }
            return Double(ring.filter { dark[$0] }.count) / Double(ring.count)
        }
    }
}
