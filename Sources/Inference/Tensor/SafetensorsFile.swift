import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A safetensors weights file, memory-mapped read-only: the header is parsed and checked when it opens, and a
/// tensor's bytes are converted to `Float` only when asked for.
///
/// Layout: an 8-byte little-endian header length, a JSON header mapping each tensor name to its `dtype`, `shape`
/// and `data_offsets` (relative to the end of the header), then the tensor bytes.
public final class SafetensorsFile: @unchecked Sendable {
    // @unchecked: every stored property is set once in init and the mapping is read-only until deinit.

    /// Where one tensor lies in the file.
    public struct Entry: Sendable, Equatable {
        public var dtype: String
        public var shape: [Int]
        /// Byte range within the data section.
        public var range: Range<Int>
    }

    public let path: String
    /// Every tensor in the file by name.
    public let entries: [String: Entry]
    /// The header's optional `__metadata__` strings.
    public let metadata: [String: String]

    private let base: UnsafeMutableRawPointer
    private let mappedSize: Int
    private let dataOffset: Int

    /// Opens and maps `path`, checking the header against the file's size.
    public init(path: String) throws(SafetensorsError) {
        self.path = path
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw .unreadable(file: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw .unreadable(file: path, reason: String(cString: strerror(errno)))
        }
        let size = Int(info.st_size)
        guard size >= 8 else {
            throw .truncated(file: path, reason: "\(size) bytes, shorter than the 8-byte header length")
        }
        guard let mapping = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), mapping != MAP_FAILED else {
            throw .unreadable(file: path, reason: "mmap failed: \(String(cString: strerror(errno)))")
        }
        do {
            let declared = UInt64(littleEndian: mapping.loadUnaligned(as: UInt64.self))
            guard declared <= UInt64(size - 8) else {
                throw SafetensorsError.truncated(
                    file: path, reason: "header says \(declared) bytes, the file has \(size - 8) after the length")
            }
            let headerLength = Int(declared)
            let header = Data(bytes: mapping + 8, count: headerLength)
            let parsed = try Self.parseHeader(header, path: path, dataSize: size - 8 - headerLength)
            self.entries = parsed.entries
            self.metadata = parsed.metadata
            self.dataOffset = 8 + headerLength
        } catch let error as SafetensorsError {
            munmap(mapping, size)
            throw error
        } catch {
            munmap(mapping, size)
            throw .badHeader(file: path, reason: "\(error)")
        }
        self.base = mapping
        self.mappedSize = size
    }

    deinit {
        munmap(base, mappedSize)
    }

    /// The names of every tensor, sorted.
    public var names: [String] { entries.keys.sorted() }

    /// Whether a tensor of this name is in the file.
    public func contains(_ name: String) -> Bool { entries[name] != nil }

    /// The tensor `name` converted to Float.
    public func tensor(named name: String) throws(SafetensorsError) -> Tensor {
        guard let entry = entries[name] else { throw .missingTensor(file: path, tensor: name) }
        guard let dtype = SafetensorsDType(rawValue: entry.dtype) else {
            throw .unsupportedDType(file: path, tensor: name, dtype: entry.dtype)
        }
        let count = Tensor.count(of: entry.shape)
        let values = dtype.convert(UnsafeRawPointer(base + dataOffset + entry.range.lowerBound), count: count)
        return Tensor(shape: entry.shape, storage: values)
    }

    /// The tensor `name`, which must have exactly `shape`.
    public func tensor(named name: String, shape: [Int]) throws(SafetensorsError) -> Tensor {
        guard let entry = entries[name] else { throw .missingTensor(file: path, tensor: name) }
        guard entry.shape == shape else {
            throw .wrongShape(file: path, tensor: name, expected: shape, found: entry.shape)
        }
        return try tensor(named: name)
    }

    private static func parseHeader(
        _ header: Data, path: String, dataSize: Int
    ) throws(SafetensorsError) -> (entries: [String: Entry], metadata: [String: String]) {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: header)
        } catch {
            throw .badHeader(file: path, reason: "the header is not JSON")
        }
        guard let fields = object as? [String: Any] else {
            throw .badHeader(file: path, reason: "the header is not a JSON object")
        }
        var entries: [String: Entry] = [:]
        var metadata: [String: String] = [:]
        for (name, value) in fields {
            if name == "__metadata__" {
                guard let strings = value as? [String: String] else {
                    throw .badHeader(file: path, reason: "__metadata__ is not an object of strings")
                }
                metadata = strings
                continue
            }
            let entry = try parseEntry(value, name: name, path: path)
            if entry.range.upperBound > dataSize {
                throw .truncated(file: path, reason:
                    "tensor \"\(name)\" ends at byte \(entry.range.upperBound) of the data, which has \(dataSize)")
            }
            entries[name] = entry
        }
        return (entries, metadata)
    }

    private static func parseEntry(_ value: Any, name: String, path: String) throws(SafetensorsError) -> Entry {
        guard let fields = value as? [String: Any],
              let dtype = fields["dtype"] as? String,
              let shapeValues = fields["shape"] as? [Any],
              let offsetValues = fields["data_offsets"] as? [Any], offsetValues.count == 2
        else {
            throw .badHeader(file: path, reason: "tensor \"\(name)\" lacks dtype, shape or data_offsets")
        }
        let shape = shapeValues.compactMap { ($0 as? NSNumber)?.intValue }
        let offsets = offsetValues.compactMap { ($0 as? NSNumber)?.intValue }
        guard shape.count == shapeValues.count, shape.allSatisfy({ $0 >= 0 }),
              offsets.count == 2, offsets[0] >= 0, offsets[0] <= offsets[1]
        else {
            throw .badHeader(file: path, reason: "tensor \"\(name)\" has an invalid shape or data_offsets")
        }
        var elements = 1
        for dimension in shape {
            let (product, overflow) = elements.multipliedReportingOverflow(by: dimension)
            guard !overflow, product < 1 << 40 else {
                throw .badHeader(file: path, reason: "tensor \"\(name)\" has an impossible shape \(shape)")
            }
            elements = product
        }
        if let known = SafetensorsDType(rawValue: dtype) {
            let expected = elements * known.size
            guard offsets[1] - offsets[0] == expected else {
                throw .badHeader(file: path, reason:
                    "tensor \"\(name)\" spans \(offsets[1] - offsets[0]) bytes, its shape \(shape) of \(dtype) needs \(expected)")
            }
        }
        return Entry(dtype: dtype, shape: shape, range: offsets[0]..<offsets[1])
    }
}
