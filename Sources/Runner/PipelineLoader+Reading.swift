import Foundation
import Glibc

extension PipelineLoader {
    /// The most a pipeline file may hold; reading stops there, so `/dev/zero` given as a pipeline fails at once.
    public static let maximumFileSize = 16 << 20

    /// The bytes of the pipeline file at `path`, read with plain system calls so that whatever the path names
    /// gets an error that says what it is: a directory, an empty file (`/dev/null`), endless data (`/dev/zero`),
    /// or the system's reason (no such file, permission denied). A pipe (`<(generate-pipeline)`) is read to its end.
    static func contents(of path: String) throws(PipelineError) -> Data {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw PipelineError(file: path, problem: .unreadable(reason: errorText(errno))) }
        defer { close(descriptor) }
        var info = stat()
        if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            throw PipelineError(file: path, problem: .notAFile(kind: "a directory"))
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            guard count > 0 else {
                if errno == EINTR { continue }
                throw PipelineError(file: path, problem: .unreadable(reason: errorText(errno)))
            }
            bytes += chunk[..<count]
            guard bytes.count <= maximumFileSize else {
                throw PipelineError(file: path, problem: .tooLarge(limit: maximumFileSize))
            }
        }
        let blank: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        guard bytes.contains(where: { !blank.contains($0) }) else { throw PipelineError(file: path, problem: .empty) }
        return Data(bytes)
    }

    private static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
