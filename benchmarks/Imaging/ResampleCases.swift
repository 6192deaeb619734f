import Benchmarking
import Captures
import ImageClassifier
import Imaging
import ModelEngine

/// One resize, ours or libvips', run `repeats` times a run (items: resizes), keeping its last output to compare.
final class ResampleCase: Benchmark {
    let name: String
    let repeats: Int
    let work: () throws -> [Float]
    private(set) var output: [Float] = []

    init(_ name: String, repeats: Int, _ work: @escaping () throws -> [Float]) {
        self.name = name
        self.repeats = repeats
        self.work = work
    }

    func run() throws -> Int {
        for _ in 0..<repeats { output = try work() }
        return repeats
    }
}

/// Our kernel and libvips' doing one job, with how far apart their outputs are.
struct ResamplePair {
    let job: String
    let ours: ResampleCase
    let libvips: ResampleCase
    /// What one unit of difference means (8-bit levels).
    let unit: String

    /// Largest and mean absolute difference between the last outputs.
    var difference: (max: Float, mean: Float) {
        let pairs = zip(ours.output, libvips.output).map { abs($0 - $1) }
        precondition(ours.output.count == libvips.output.count, "\(job): outputs differ in size")
        return (pairs.max() ?? 0, pairs.reduce(0, +) / Float(max(pairs.count, 1)))
    }

    /// The four resizes the project does: CLIP's (Pillow bicubic), the classifier's (antialiased linear crop), the
    /// fingerprint's (area-averaged luma) and the line recogniser's (box shrink or bilinear, per text line).
    static func all(photo: RGBImage, line: [UInt8], lineWidth: Int, lineHeight: Int) -> [ResamplePair] {
        let clipWidth = Int(224.0 * Double(photo.width) / Double(photo.height))
        let side = Double(min(photo.width, photo.height)) * ClassifierInput.cropFraction
        let cropLeft = Int(((Double(photo.width) - side) / 2).rounded())
        let cropTop = Int(((Double(photo.height) - side) / 2).rounded())
        let cropSide = Int(side.rounded())
        let lineOut = max(1, Int((Double(lineWidth) * 36 / Double(lineHeight)).rounded()))
        func floats(_ bytes: [UInt8]) -> [Float] { bytes.map(Float.init) }
        return [
            ResamplePair(job: "CLIP: \(photo.width)x\(photo.height) to \(clipWidth)x224, bicubic",
                         ours: ResampleCase("ours: BicubicResampler (Pillow's)", repeats: 4) {
                             floats(BicubicResampler.resize(photo, width: clipWidth, height: 224).pixels)
                         },
                         libvips: ResampleCase("libvips: vips_resize cubic", repeats: 4) {
                             floats(try VipsResampler.resize(photo, width: clipWidth, height: 224, kernel: .cubic).pixels)
                         }, unit: "8-bit levels"),
            ResamplePair(job: "classifier: \(cropSide)-px centre crop to 224x224, antialiased linear",
                         ours: ResampleCase("ours: ClassifierInput (ResampleWeights)", repeats: 4) {
                             ClassifierInput.tensor(from: photo).storage
                                 .map { $0 * ClassifierInput.standardDeviation + ClassifierInput.mean }
                         },
                         libvips: ResampleCase("libvips: crop + vips_resize linear", repeats: 4) {
                             let crop = cropped(photo, x: cropLeft, y: cropTop, side: cropSide)
                             let resized = try VipsResampler.resize(crop, width: 224, height: 224, kernel: .linear)
                             return planar(resized)
                         }, unit: "8-bit levels"),
            ResamplePair(job: "fingerprint: \(photo.width)x\(photo.height) to 512x384 area-averaged luma",
                         ours: ResampleCase("ours: AreaResampler", repeats: 4) {
                             AreaResampler(sourceWidth: photo.width, sourceHeight: photo.height, targetWidth: 512,
                                           targetHeight: 384).resample(photo)
                         },
                         libvips: ResampleCase("libvips: vips_recomb + vips_shrink", repeats: 4) {
                             try VipsResampler.areaLuma(photo, width: 512, height: 384)
                         }, unit: "8-bit levels"),
            ResamplePair(job: "text line: \(lineWidth)x\(lineHeight) to \(lineOut)x36, gray",
                         ours: ResampleCase("ours: GrayResampler (C gray_resample)", repeats: 200) {
                             var out = [UInt8](repeating: 0, count: lineOut * 36)
                             line.withUnsafeBufferPointer { source in
                                 out.withUnsafeMutableBufferPointer { target in
                                     GrayResampler.resample(source, stride: lineWidth, left: 0, top: 0, width: lineWidth,
                                                            height: lineHeight, into: target, targetWidth: lineOut,
                                                            targetHeight: 36)
                                 }
                             }
                             return floats(out)
                         },
                         libvips: ResampleCase("libvips: vips_resize linear", repeats: 200) {
                             floats(try VipsResampler.resizeGray(line, width: lineWidth, height: lineHeight,
                                                                 to: lineOut, 36, kernel: .linear))
                         }, unit: "8-bit levels"),
        ]
    }

    /// The square of `side` pixels at (x, y).
    static func cropped(_ image: RGBImage, x: Int, y: Int, side: Int) -> RGBImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(side * side * 3)
        for row in y..<(y + side) { pixels += image.pixels[((row * image.width + x) * 3)..<((row * image.width + x + side) * 3)] }
        return RGBImage(width: side, height: side, pixels: pixels)
    }

    /// Interleaved RGB as three planes, as the classifier's tensor lays them out.
    static func planar(_ image: RGBImage) -> [Float] {
        let plane = image.width * image.height
        var values = [Float](repeating: 0, count: 3 * plane)
        for index in 0..<plane {
            for channel in 0..<3 { values[channel * plane + index] = Float(image.pixels[3 * index + channel]) }
        }
        return values
    }
}
