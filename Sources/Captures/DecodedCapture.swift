/// A decoded capture: its file, its working image and its metadata. The output of the decode stage, read by
/// every stage that looks at pixels.
public struct DecodedCapture: Sendable {
    public var file: CaptureFile
    /// The working image: oriented, sRGB, shrunk on load to the decode stage's size.
    public var image: RGBImage
    public var metadata: CaptureMetadata

    public init(file: CaptureFile, image: RGBImage, metadata: CaptureMetadata) {
        self.file = file
        self.image = image
        self.metadata = metadata
    }
}
