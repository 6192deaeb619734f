import Benchmarking
import Captures
import CodeReading
import ReadingFixtures

/// Code reading time per capture, on screenshots carrying codes, screenshots without and photos, for the
/// default search and with each extra effort switched off. Returns the per-capture times as harness results.
struct CodesBenchmark {
    static func run(corpus: Corpus) throws -> [BenchmarkResult] {
        var results: [BenchmarkResult] = []
        var withCodes: [(RGBImage, Int)] = []
        for (index, sample) in corpus.samples.filter({ $0.kind != "photo" }).prefix(6).enumerated() {
            var canvas = Canvas(width: sample.image.width, height: sample.image.height, color: .white)
            canvas.paste(sample.image, x: 0, y: 0)
            let qr = try CodeMaker.symbol("QRCODE", data: "https://example.com/order/\(index)", scale: 4)
            let ean = try CodeMaker.symbol("EANX", data: "400638133393", scale: 2)
            canvas.paste(qr, x: 40, y: sample.image.height - qr.height - 40)
            canvas.paste(ean, x: sample.image.width - ean.width - 40, y: sample.image.height - ean.height - 40)
            withCodes.append((canvas.image, 2))
        }
        let screens = corpus.samples.filter { $0.kind != "photo" }.map(\.image)
        let photos = corpus.samples.filter { $0.kind == "photo" }.map(\.image)
        var variants: [(String, CodeReadingOptions)] = [("default (tryHarder, tryRotate, tryDownscale, tryInvert)",
                                                          CodeReadingOptions())]
        for (name, change) in [("no tryHarder", { (o: inout CodeReadingOptions) in o.tryHarder = false }),
                               ("no tryRotate", { $0.tryRotate = false }),
                               ("no tryDownscale", { $0.tryDownscale = false }),
                               ("no tryInvert", { $0.tryInvert = false }),
                               ("no off-centre Aztec search", { $0.aztecSearch = false })] as [(String, (inout CodeReadingOptions) -> Void)] {
            var options = CodeReadingOptions()
            change(&options)
            variants.append((name, options))
        }
        var none = CodeReadingOptions()
        none.tryHarder = false; none.tryRotate = false; none.tryDownscale = false; none.tryInvert = false
        none.aztecSearch = false
        variants.append(("none of them", none))
        report("| codes variant | with codes ms median / p95 | codes found | screens ms median / p95 | photos ms median / p95 |")
        report("| --- | --- | --- | --- | --- |")
        for (name, options) in variants {
            let stage = CodeReader(options: options)
            _ = try stage.read(withCodes[0].0)
            var found = 0, expected = 0
            var times = ["with codes", "screens", "photos"].map { BenchmarkResult(name: "codes \(name): \($0)") }
            func record(_ group: Int, _ time: Measure) {
                times[group].cpu.append(time.cpu)
                times[group].wall.append(time.wall)
            }
            for (image, count) in withCodes {
                let (codes, time) = try Measure.time { try stage.read(image) }
                found += codes.codes.count
                expected += count
                record(0, time)
            }
            for image in screens { record(1, try Measure.time { try stage.read(image) }.1) }
            for image in photos { record(2, try Measure.time { try stage.read(image) }.1) }
            let cells = times.map { "\(format($0.cpuMedian, 1)) / \(format(BenchmarkResult.percentile($0.cpu, 0.95), 1))" }
            report("| \(name) | \(cells[0]) | \(found)/\(expected) | \(cells[1]) | \(cells[2]) |")
            results += times
        }
        return results
    }
}
