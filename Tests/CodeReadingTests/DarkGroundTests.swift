import Captures
@testable import CodeReading
import LineRecognition
import ReadingFixtures
import Testing

/// The inverted pass runs only on images with dark ground (issue 10, part 4): a light page has none, every place
/// a light code can stand on has some, and such codes are still read.
@Suite("Dark ground")
struct DarkGroundTests {
    static func inverted(_ image: RGBImage) -> RGBImage {
        RGBImage(width: image.width, height: image.height, pixels: image.pixels.map { 255 - $0 })
    }

    @Test("given light pages of text, when looked at, then they have no dark ground")
    func lightPages() throws {
        let page = try Pages.text(["Boarding starts at 10:40", "Gate closes 20 minutes before departure",
                                   "Total 32.00 EUR"])
        #expect(!DarkGround.present(in: GrayImage(page.image)))
        let small = try Pages.text(["Added platypus one"], size: 12, width: 300, height: 40)
        #expect(!DarkGround.present(in: GrayImage(small.image)))
        #expect(!DarkGround.present(in: GrayImage(width: 1, height: 1, pixels: [255])))
    }

    @Test("given a dark-theme page, a dark card on a light page and dark edge rows, then each has dark ground")
    func darkGround() throws {
        let page = try Pages.text(["Boarding starts at 10:40"])
        #expect(DarkGround.present(in: GrayImage(Self.inverted(page.image))))
        var canvas = Canvas(width: 1000, height: 700, color: .white)
        // Any dark area of 31 x 31 px holds a whole block, wherever it stands (here across four blocks).
        canvas.fill(x: 601, y: 333, width: 31, height: 31, color: .init(30, 30, 30))
        #expect(DarkGround.present(in: GrayImage(canvas.image)))
        // A bottom row of blocks one pixel tall, dark: counted by its own pixels.
        var pixels = [UInt8](repeating: 255, count: 40 * 33)
        for x in 0..<40 { pixels[32 * 40 + x] = 0 }
        #expect(DarkGround.present(in: GrayImage(width: 40, height: 33, pixels: pixels)))
        #expect(DarkGround.present(in: GrayImage(width: 3, height: 2, pixels: [0, 0, 0, 0, 0, 0])))
    }

    @Test("given light codes on small dark cards of a light screen, when read, then each is found",
          arguments: [("QRCODE", "card 1", 2), ("QRCODE", "card 2", 4), ("CODE128", "CARD-3", 2)])
    func lightCodesOnDarkCards(zint: String, data: String, scale: Int) throws {
        let symbol = Self.inverted(try CodeMaker.symbol(zint, data: data, scale: scale))
        var canvas = Canvas(width: 1200, height: 800, color: .white)
        canvas.paste(symbol, x: 700, y: 420)
        let page = canvas.image
        #expect(DarkGround.present(in: GrayImage(page)))
        #expect(try CodeReader().read(page).codes.map(\.text) == [data])
    }
}
