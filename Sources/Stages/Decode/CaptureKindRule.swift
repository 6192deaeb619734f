import Captures

/// Decides whether a capture is a screenshot or a photo, from evidence in the file, in this order:
///
/// 1. A file name that screenshot tools use ("Screenshot…", "Screen Shot…", "Screen_Shot…", "Scrnshot…",
///    any case) → screenshot.
/// 2. EXIF UserComment "Screenshot" (what iOS writes) → screenshot.
/// 3. Camera EXIF (Make or Model) → photo.
/// 4. A PNG without camera EXIF → screenshot (screens are captured losslessly; cameras write JPEG/HEIF).
/// 5. Anything else → photo.
public enum CaptureKindRule {
    public static func kind(fileName: String, format: String, hasCameraEXIF: Bool,
                            userComment: String?) -> CaptureMetadata.Kind {
        let name = fileName.lowercased()
        let screenshotPrefixes = ["screenshot", "screen shot", "screen_shot", "screen-shot", "scrnshot"]
        if screenshotPrefixes.contains(where: name.hasPrefix) { return .screenshot }
        if let userComment, userComment.lowercased().contains("screenshot") { return .screenshot }
        if hasCameraEXIF { return .photo }
        if format == "png" { return .screenshot }
        return .photo
    }
}
