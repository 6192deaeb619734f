@testable import CodeReading
import LineRecognition
import ReadingFixtures
import Testing

@Suite("Aztec bullseyes")
struct AztecBullseyeTests {
    @Test("given an Aztec code off the centre of a larger image, when searched, then a candidate stands on its centre")
    func findsTheCentre() throws {
        let symbol = try CodeMaker.symbol("AZTEC", data: "gate 12 seat 4C", scale: 3)
        var canvas = Canvas(width: 1000, height: 700, color: .white)
        canvas.paste(symbol, x: 620, y: 380)
        let candidates = AztecBullseyes.find(in: GrayImage(canvas.image))
        let centreX = 620 + symbol.width / 2, centreY = 380 + symbol.height / 2
        #expect(candidates.contains { abs($0.x - centreX) <= 6 && abs($0.y - centreY) <= 6 },
                "candidates \(candidates), centre (\(centreX), \(centreY))")
    }

    @Test("given a page of text, a photo-like scene and a barcode, when searched, then no bullseye is found")
    func noFalseBullseyes() throws {
        let page = try Pages.text(["Boarding starts at 10:40", "Gate closes 20 minutes before departure",
                                   "||||| IIIII lllll 1111 ===== mmmmm"])
        #expect(AztecBullseyes.find(in: GrayImage(page.image)).isEmpty)
        #expect(AztecBullseyes.find(in: GrayImage(Pages.scene())).isEmpty)
        let barcode = try CodeMaker.symbol("CODE128", data: "NO-BULLSEYE-128", scale: 3)
        #expect(AztecBullseyes.find(in: GrayImage(barcode)).isEmpty)
    }
}
