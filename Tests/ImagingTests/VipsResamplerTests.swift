import Captures
import Imaging
import Testing

@Suite("Imaging: libvips resizes")
struct VipsResamplerTests {
    /// A smooth image (gradients): resizes of it agree closely whatever the kernel.
    static func gradient(width: Int, height: Int) -> RGBImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let index = (y * width + x) * 3
                pixels[index] = UInt8(x * 255 / max(1, width - 1))
                pixels[index + 1] = UInt8(y * 255 / max(1, height - 1))
                pixels[index + 2] = UInt8((x + y) * 255 / max(1, width + height - 2))
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    @Test("given an image, when resized to a size, then the output has exactly that size", arguments: [
        (640, 480, 224, 168), (640, 480, 1000, 750), (33, 17, 7, 5), (300, 200, 300, 100),
    ])
    func exactSize(_ size: (Int, Int, Int, Int)) throws {
        let image = Self.gradient(width: size.0, height: size.1)
        for kernel in VipsResampler.Kernel.allCases {
            let resized = try VipsResampler.resize(image, width: size.2, height: size.3, kernel: kernel)
            #expect(resized.width == size.2 && resized.height == size.3)
            #expect(resized.pixels.count == size.2 * size.3 * 3)
        }
    }

    @Test("given a uniform image, when resized with any kernel, then every pixel keeps its colour")
    func uniform() throws {
        let image = RGBImage(width: 90, height: 60, pixels: (0..<(90 * 60)).flatMap { _ in [200, 100, 30] as [UInt8] })
        for kernel in VipsResampler.Kernel.allCases {
            let resized = try VipsResampler.resize(image, width: 31, height: 19, kernel: kernel)
            #expect(resized.pixels == (0..<(31 * 19)).flatMap { _ in [200, 100, 30] as [UInt8] })
        }
    }

    @Test("given a gradient, when shrunk by libvips and by Pillow's bicubic (BicubicResampler), then they agree within 3 levels")
    func bicubicAgreesWithOurs() throws {
        let image = Self.gradient(width: 640, height: 480)
        let ours = BicubicResampler.resize(image, width: 298, height: 224)
        let theirs = try VipsResampler.resize(image, width: 298, height: 224, kernel: .cubic)
        let worst = zip(ours.pixels, theirs.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 3, "largest difference \(worst) levels")
    }

    @Test("given an image, when its area luma comes from libvips and from AreaResampler, then they agree within 0.5 level")
    func areaLumaAgreesWithOurs() throws {
        let image = Self.gradient(width: 800, height: 600)
        let ours = AreaResampler(sourceWidth: 800, sourceHeight: 600, targetWidth: 200, targetHeight: 150).resample(image)
        let theirs = try VipsResampler.areaLuma(image, width: 200, height: 150)
        #expect(theirs.count == ours.count)
        let worst = zip(ours, theirs).map { abs($0 - $1) }.max() ?? 0
        #expect(worst <= 0.5, "largest difference \(worst)")
    }

    @Test("given one-band pixels, when resized, then one band of the asked size comes back")
    func gray() throws {
        let pixels = (0..<(120 * 40)).map { UInt8($0 % 120 * 2) }
        let resized = try VipsResampler.resizeGray(pixels, width: 120, height: 40, to: 108, 36)
        #expect(resized.count == 108 * 36)
    }

    @Test("given an empty size or a buffer of the wrong length, when resized, then the error says what was wrong")
    func errors() {
        let image = Self.gradient(width: 10, height: 10)
        #expect(throws: ImagingError.emptyImage("resize 10x10 to 0x5")) {
            try VipsResampler.resize(image, width: 0, height: 5)
        }
        #expect(throws: ImagingError.libvips("3 bytes is not 2x2x1")) {
            try VipsResampler.resizeGray([1, 2, 3], width: 2, height: 2, to: 1, 1)
        }
    }
}
