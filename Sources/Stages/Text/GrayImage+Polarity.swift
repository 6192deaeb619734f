extension GrayImage {
    /// The image with every region whose surroundings are dark inverted, so all text becomes dark on light
    /// (dark-mode screenshots, dark banners on light pages), and the share of pixels inverted.
    ///
    /// A pixel is inverted when the mean of the square of side `2 * radius + 1` around it is below mid-gray;
    /// thin strokes hardly move that mean, so they follow the ground they stand on.
    func darkOnLight(radius: Int) -> (image: GrayImage, invertedShare: Double) {
        guard width > 0, height > 0 else { return (self, 0) }
        let dark = IntegralImage(self).localMeansBelow(128, radius: radius)
        var result = pixels
        var inverted = 0
        dark.withUnsafeBufferPointer { dark in
            result.withUnsafeMutableBufferPointer { output in
                for index in 0..<output.count where dark[index] {
                    output[index] = 255 &- output[index]
                    inverted += 1
                }
            }
        }
        return (GrayImage(width: width, height: height, pixels: result), Double(inverted) / Double(pixels.count))
    }
}
