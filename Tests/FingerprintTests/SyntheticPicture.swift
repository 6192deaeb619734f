import Captures
import Foundation

/// Deterministic test pictures drawn in memory: photo-like scenes (gradients, overlapping shapes, texture, noise)
/// and screenshot-like pages (flat background, crisp text-like bars), each different for each seed.
enum SyntheticPicture {
    static func photo(seed: UInt64, width: Int = 640, height: Int = 480) -> RGBImage {
        var random = TestRandom(seed: seed)
        var canvas = Canvas(width: width, height: height)
        let top = random.colour(), bottom = random.colour()
        for y in 0..<height {
            let t = Double(y) / Double(height - 1)
            let colour = zip(top, bottom).map { Double($0) * (1 - t) + Double($1) * t }
            for x in 0..<width { canvas.set(x, y, colour) }
        }
        for _ in 0..<(6 + Int(random.next() % 6)) {
            let cx = random.unit() * Double(width), cy = random.unit() * Double(height)
            let rx = (0.08 + 0.25 * random.unit()) * Double(width), ry = (0.08 + 0.25 * random.unit()) * Double(height)
            let colour = random.colour().map(Double.init)
            let stripes = random.unit() < 0.4 ? 4 + random.unit() * 10 : 0
            let ellipse = random.unit() < 0.5
            for y in max(0, Int(cy - ry))..<min(height, Int(cy + ry)) {
                for x in max(0, Int(cx - rx))..<min(width, Int(cx + rx)) {
                    let dx = (Double(x) - cx) / rx, dy = (Double(y) - cy) / ry
                    if ellipse, dx * dx + dy * dy > 1 { continue }
                    let shade = stripes > 0 && Int(Double(x + y) / stripes) % 2 == 0 ? 0.6 : 1
                    canvas.set(x, y, colour[0] * shade, colour[1] * shade, colour[2] * shade)
                }
            }
        }
        for index in canvas.values.indices {
            canvas.values[index] += (random.unit() - 0.5) * 24
        }
        return canvas.image
    }

    /// A page: a flat background with a title bar and short lines of crisp "text" (dark bars with gaps).
    static func screenshot(seed: UInt64, width: Int = 640, height: Int = 400, lines: Int = 6, ink: Double = 30)
        -> RGBImage {
        var random = TestRandom(seed: seed)
        var canvas = Canvas(width: width, height: height)
        for index in canvas.values.indices { canvas.values[index] = 246 }
        let accent = random.colour().map(Double.init)
        for y in 0..<24 { for x in 0..<width { canvas.set(x, y, accent) } }
        for line in 0..<lines {
            let y0 = 50 + line * 22
            var x = 30
            let end = 30 + Int(random.unit() * Double(width - 80))
            while x < end {
                let word = 8 + Int(random.next() % 40)
                for y in y0..<(y0 + 10) { for dx in 0..<min(word, width - x) { canvas.set(x + dx, y, ink, ink, ink + 5) } }
                x += word + 6
            }
        }
        return canvas.image
    }
}
