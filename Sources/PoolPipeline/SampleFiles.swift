import Captures
import DecodeStages

/// The capture files a `folder` source reads under a folder, in its order: what `pool-pipeline bench` times a
/// stage on (so the CLI need not know the decode family).
public enum SampleFiles {
    public static func list(root: String) throws -> [CaptureFile] {
        try FolderSource(root: root).plan(sourceID: "bench", indexed: [:]).changed.map(\.value)
    }
}
