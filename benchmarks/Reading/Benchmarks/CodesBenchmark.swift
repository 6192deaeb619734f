import Benchmarking
import Captures
import CodeReading
import ReadingFixtures

/// Code reading time per capture, on screenshots carrying codes, screenshots without and photos, for the
/// default search and with each extra effort switched off, in alternating rounds. Returns the per-capture times as
/// harness results, and each variant's CPU against the default's (median of the per-round ratios).
struct CodesBenchmark {
    static func run(corpus: Corpus, rounds: Int) throws -> (results: [BenchmarkResult], comparisons: [Comparison]) {
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
        report("| codes variant | with codes ms median / p95 | codes found | screens ms median / p95 | photos ms median / p95 | CPU vs default (median of per-round ratios) |")
        report("| --- | --- | --- | --- | --- | --- |")
        // One warm-up read each, then `rounds` rounds reading every image with every variant in turn (the order
        // reversed every other round); per-image samples pool every round, codes found are the first round's.
        let readers = variants.map { CodeReader(options: $0.1) }
        for reader in readers { _ = try reader.read(withCodes[0].0) }
        var times = variants.map { variant in
            ["with codes", "screens", "photos"].map { BenchmarkResult(name: "codes \(variant.0): \($0)") }
        }
        var perRound = variants.map { BenchmarkResult(name: "codes \($0.0): per image") }
        var found = Array(repeating: 0, count: variants.count), expected = 0
        for round in 0..<max(1, rounds) {
            let order = round % 2 == 0 ? Array(variants.indices) : variants.indices.reversed()
            for index in order {
                var cpu = 0.0, wall = 0.0, count = 0
                func record(_ group: Int, _ time: Measure) {
                    times[index][group].cpu.append(time.cpu)
                    times[index][group].wall.append(time.wall)
                    cpu += time.cpu
                    wall += time.wall
                    count += 1
                }
                for (image, codes) in withCodes {
                    let (read, time) = try Measure.time { try readers[index].read(image) }
                    if round == 0 {
                        found[index] += read.codes.count
                        if index == 0 { expected += codes }
                    }
                    record(0, time)
                }
                for image in screens { record(1, try Measure.time { try readers[index].read(image) }.1) }
                for image in photos { record(2, try Measure.time { try readers[index].read(image) }.1) }
                perRound[index].cpu.append(cpu / Double(max(count, 1)))
                perRound[index].wall.append(wall / Double(max(count, 1)))
            }
        }
        var comparisons: [Comparison] = []
        for index in variants.indices {
            let cells = times[index].map {
                "\(format($0.cpuMedian, 1)) / \(format(BenchmarkResult.percentile($0.cpu, 0.95), 1))"
            }
            let comparison = Comparison(baseline: perRound[0], candidate: perRound[index])
            if index > 0 { comparisons.append(comparison) }
            report("| \(variants[index].0) | \(cells[0]) | \(found[index])/\(expected) | \(cells[1]) | \(cells[2]) | "
                + "\(format(comparison.cpuRatio, 2))x |")
            results += times[index]
        }
        return (results, comparisons)
    }
}
