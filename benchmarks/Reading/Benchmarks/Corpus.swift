import Captures
import Foundation
import ReadingFixtures

/// The images the benchmarks read: generated phone and desktop screenshots with their words, and photos.
struct Corpus {
    struct Sample {
        var name: String
        var kind: String
        var image: RGBImage
        var words: [String]
    }

    var samples: [Sample] = []

    /// `screens` phone and `screens` desktop screenshots, varied in font, size and theme, shrunk as decode
    /// would (long side 1600); and up to `photos` photos from /usr/share/backgrounds.
    static func make(screens: Int, photos: Int) throws -> Corpus {
        var corpus = Corpus()
        let fonts = ScreenshotMaker.fonts, themes = ScreenshotMaker.Theme.all
        let phoneSizes = [39, 45, 51], desktopSizes = [12, 13, 14, 16]
        for index in 0..<screens {
            let font = fonts[index % fonts.count], theme = themes[(index / 2 + index) % themes.count]
            let phone = try ScreenshotMaker(width: 1170, height: 2532, textSize: phoneSizes[index % phoneSizes.count],
                                            font: font, theme: theme).make(seed: UInt64(100 + index))
            corpus.samples.append(Sample(name: phone.description, kind: "phone",
                                         image: phone.image.shrunk(toLongSide: 1600), words: phone.words))
            let desktop = try ScreenshotMaker(width: 1440, height: 900,
                                              textSize: desktopSizes[index % desktopSizes.count],
                                              font: fonts[(index + 3) % fonts.count],
                                              theme: themes[(index + 1) % themes.count]).make(seed: UInt64(200 + index))
            corpus.samples.append(Sample(name: desktop.description, kind: "desktop", image: desktop.image,
                                         words: desktop.words))
        }
        let folder = "/usr/share/backgrounds"
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.lowercased().hasSuffix(".jpg") }.sorted().prefix(photos)
        let signs = ["Harbour Street Bakery", "Platform 4 Departures", "Fresh fish daily", "No parking here",
                     "Museum of Modern Art"]
        for (index, file) in files.enumerated() {
            let photo = try RGBImage.photo(path: folder + "/" + file)
            corpus.samples.append(Sample(name: file, kind: "photo", image: photo, words: []))
            // Every fourth photo again with a sign on it: text in a photo must not be skipped.
            guard index % 4 == 0 else { continue }
            let text = signs[(index / 4) % signs.count]
            let mask = try TextRenderer.mask(text, font: "DejaVu Sans Bold \(photo.width / 28)")
            var canvas = Canvas(width: photo.width, height: photo.height, color: .white)
            canvas.paste(photo, x: 0, y: 0)
            let x = photo.width / 5, y = photo.height / 3
            canvas.fill(x: x - 20, y: y - 16, width: mask.width + 40, height: mask.height + 32, color: .init(250, 246, 230))
            canvas.paint(mask, x: x, y: y, color: .init(150, 20, 20))
            corpus.samples.append(Sample(name: file + " + sign", kind: "sign", image: canvas.image,
                                         words: ScreenshotMaker.tokens(text)))
        }
        return corpus
    }
}
