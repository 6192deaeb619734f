import CCrypto

/// SHA-256 through OpenSSL's EVP interface (libcrypto): feed bytes with `update`, read the digest once with
/// `finalizeHex()`. Used to check downloaded model files against their published digests; `SHA256.hex(ofFile:)`
/// streams a file through it.
///
/// A reference type owning an `EVP_MD_CTX`: one hasher belongs to one thread at a time.
public final class SHA256 {
    private let context: OpaquePointer
    private var finished = false

    public init() {
        guard let context = EVP_MD_CTX_new() else { fatalError("libcrypto: EVP_MD_CTX_new failed (out of memory)") }
        guard EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else {
            fatalError("libcrypto: EVP_DigestInit_ex(SHA-256) failed")
        }
        self.context = context
    }

    deinit {
        EVP_MD_CTX_free(context)
    }

    /// Feeds more bytes.
    public func update(_ bytes: UnsafeRawBufferPointer) {
        precondition(!finished, "SHA256.update after finalizeHex")
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        guard EVP_DigestUpdate(context, base, bytes.count) == 1 else { fatalError("libcrypto: EVP_DigestUpdate failed") }
    }

    /// Feeds more bytes.
    public func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        let array = Array(bytes)
        array.withUnsafeBytes { update($0) }
    }

    /// The digest of everything fed, as 64 lowercase hex digits. A hasher is finalised once.
    public func finalizeHex() -> String {
        Self.hex(finalize())
    }

    /// The digest of everything fed, as its 32 bytes. A hasher is finalised once.
    public func finalize() -> [UInt8] {
        precondition(!finished, "SHA256.finalize called twice")
        finished = true
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard EVP_DigestFinal_ex(context, &digest, &length) == 1, length == 32 else {
            fatalError("libcrypto: EVP_DigestFinal_ex failed")
        }
        return Array(digest.prefix(Int(length)))
    }

    /// The 32-byte digest of `bytes`.
    public static func digest<Bytes: Sequence>(of bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        let hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// The hex digest of `bytes`.
    public static func hex<Bytes: Sequence>(of bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalizeHex()
    }

    static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

@available(*, unavailable)
extension SHA256: Sendable {}
