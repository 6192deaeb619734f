/// Which decode limit a file's header broke, with the limit's value and the option that sets it.
public enum LimitViolation: Sendable, Equatable, CustomStringConvertible {
    /// More pixels than `maxMegapixels` allows.
    case pixels(limit: Int)
    /// A side (`width` or `height`) longer than `maxSide`: row buffers follow the width, whatever the height.
    case side(name: String, length: Int, limit: Int)
    /// A format decoded as a whole frame (HEIF, GIF) whose frame would need more than `maxDecodeMegabytes`.
    case wholeFrame(bytes: Int, limit: Int)

    public var description: String {
        switch self {
        case .pixels(let limit):
            "over the vips.decode limit of \(ClaimedSize.amount(limit)) (option maxMegapixels)"
        case .side(let name, let length, let limit):
            "its \(name) of \(length) is over the vips.decode limit of \(limit) pixels a side (option maxSide)"
        case .wholeFrame(let bytes, let limit):
            "decoded whole, it would need about \(Self.megabytes(bytes)) MB, over the vips.decode limit of "
                + "\(Self.megabytes(limit)) MB (option maxDecodeMegabytes)"
        }
    }

    static func megabytes(_ bytes: Int) -> Int { (bytes + (1 << 19)) >> 20 }
}
