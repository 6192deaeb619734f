import Captures

/// A file as libvips is given it (its real bytes) and as its failures name it. libvips writes the bytes it was
/// given into its messages, which read back with each invalid byte replaced (U+FFFD); such a name is put back
/// in its escaped form, so a failure reads `cannot open /photos/bad\xFF.jpg ...`, the path the index shows.
struct VipsFileName {
    /// The path to open.
    var location: FileSystemPath
    /// The path as it is shown.
    var shown: String

    init(location: FileSystemPath, shown: String) {
        self.location = location
        self.shown = shown
    }

    init(_ file: CaptureFile) {
        self.init(location: file.location, shown: file.path)
    }

    /// The path as it reads inside libvips' messages.
    var inMessages: String { String(decoding: location.bytes, as: UTF8.self) }

    /// libvips' error buffer about this file (emptied), with the path shown as the index shows it.
    func takeError() -> String {
        withShownPath(VipsRuntime.takeError(about: inMessages))
    }

    /// `message` with the path as libvips wrote it replaced by the path as it is shown.
    func withShownPath(_ message: String) -> String {
        let written = inMessages
        return written == shown ? message : message.replacing(written, with: shown)
    }
}
