import TestSupport
import Captures

/// Generated screenshots with known words: a coloured title bar, then headings and wrapped paragraphs in one
/// font and theme, filled to the bottom of the screen. Deterministic for a given seed.
public struct ScreenshotMaker {
    /// Colours of one look.
    public struct Theme: Sendable {
        public var name: String
        public var background: Canvas.RGB, text: Canvas.RGB, bar: Canvas.RGB, barText: Canvas.RGB

        public static let all: [Theme] = [
            Theme(name: "light", background: .white, text: .init(20, 20, 20), bar: .init(33, 100, 220), barText: .white),
            Theme(name: "dark", background: .init(18, 18, 18), text: .init(230, 230, 230), bar: .init(45, 45, 48),
                  barText: .white),
            Theme(name: "sepia", background: .init(245, 236, 215), text: .init(60, 50, 40), bar: .init(120, 80, 40),
                  barText: .init(250, 240, 220)),
            Theme(name: "gray", background: .white, text: .init(110, 110, 110), bar: .init(238, 238, 238),
                  barText: .init(30, 30, 30)),
            Theme(name: "navy", background: .init(22, 32, 64), text: .init(200, 210, 230), bar: .init(10, 15, 30),
                  barText: .white),
        ]
    }

    /// One generated screenshot and the words drawn on it, in order.
    public struct Screen {
        public var image: RGBImage
        public var words: [String]
        public var description: String
    }

    public static let fonts = ["DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono", "Liberation Sans",
                               "Liberation Serif", "DejaVu Sans Condensed"]

    public var width: Int
    public var height: Int
    /// Body text size in pixels (the em size).
    public var textSize: Int
    public var font: String
    public var theme: Theme

    public init(width: Int, height: Int, textSize: Int, font: String, theme: Theme) {
        self.width = width
        self.height = height
        self.textSize = textSize
        self.font = font
        self.theme = theme
    }

    public func make(seed: UInt64) throws -> Screen {
        var random = SplitMix64(seed: seed)
        var canvas = Canvas(width: width, height: height, color: theme.background)
        var words: [String] = []
        let margin = max(8, width / 24)
        let barHeight = textSize * 3
        canvas.fill(x: 0, y: 0, width: width, height: barHeight, color: theme.bar)
        let title = Self.sentence(&random, count: 3, capitalized: true, period: false)
        let titleMask = try TextRenderer.mask(title, font: "\(font) Bold \(textSize * 5 / 4)")
        canvas.paint(titleMask, x: margin, y: (barHeight - titleMask.height) / 2, color: theme.barText)
        words += Self.tokens(title)
        var y = barHeight + textSize
        while true {
            let heading = Self.sentence(&random, count: 2 + Int(random.next() % 4), capitalized: true, period: false)
            let headingMask = try TextRenderer.mask(heading, font: "\(font) Bold \(textSize * 3 / 2)",
                                                    width: width - 2 * margin)
            let paragraph = (0..<(2 + Int(random.next() % 3))).map { _ in
                Self.sentence(&random, count: 6 + Int(random.next() % 10), capitalized: true, period: true)
            }.joined(separator: " ")
            let paragraphMask = try TextRenderer.mask(paragraph, font: "\(font) \(textSize)", width: width - 2 * margin)
            guard y + headingMask.height + paragraphMask.height + textSize <= height else { break }
            canvas.paint(headingMask, x: margin, y: y, color: theme.text)
            y += headingMask.height + textSize / 2
            canvas.paint(paragraphMask, x: margin, y: y, color: theme.text)
            y += paragraphMask.height + textSize
            words += Self.tokens(heading) + Self.tokens(paragraph)
        }
        return Screen(image: canvas.image, words: words,
                      description: "\(width)x\(height) \(font) \(textSize)px \(theme.name)")
    }

    /// Words as recall counts them: split at spaces, punctuation at either end removed.
    public static func tokens(_ text: String) -> [String] {
        text.split(whereSeparator: { $0.isWhitespace }).map { word in
            String(word.drop(while: { $0.isPunctuation }).reversed().drop(while: { $0.isPunctuation }).reversed())
        }.filter { !$0.isEmpty }
    }

    /// The share of `expected` words (as a multiset) found among `found`.
    public static func recall(expected: [String], found: [String]) -> Double {
        guard !expected.isEmpty else { return 1 }
        var pool: [String: Int] = [:]
        for word in found { pool[word, default: 0] += 1 }
        var hits = 0
        for word in expected where pool[word, default: 0] > 0 {
            pool[word]! -= 1
            hits += 1
        }
        return Double(hits) / Double(expected.count)
    }

    private static func sentence(_ random: inout SplitMix64, count: Int, capitalized: Bool, period: Bool) -> String {
        var words = (0..<count).map { _ in vocabulary[Int(random.next() % UInt64(vocabulary.count))] }
        if capitalized, let first = words.first { words[0] = first.prefix(1).uppercased() + first.dropFirst() }
        return words.joined(separator: " ") + (period ? "." : "")
    }

    static let vocabulary: [String] = """
        order total price delivery free shipping return policy account settings profile photo album share message \
        friend family weekend recipe butter sugar flour minutes oven bake slowly until golden serve warm ticket \
        train platform departure arrival seat coach journey booking reference passenger station London Paris Berlin \
        article reading news world market shares growth report update today yesterday morning evening weather \
        sunny cloudy rain wind forecast temperature degrees garden kitchen window table chair lamp coffee tea \
        breakfast lunch dinner restaurant menu starter dessert wine water bottle glass quantity discount coupon \
        checkout payment card address postcode email password notification privacy terms help contact support \
        video music playlist artist album download upload storage battery network signal wireless camera screen \
        2024 19.99 42 7 150 3.5 12:30 09:15 +44 #1 100% page chapter story author review stars rating comment
        """.split(separator: " ").map(String.init)
}
