/// Why a safetensors file or one of its tensors could not be read. Every case names the file, and the tensor
/// where there is one, so the message says which download or conversion to redo.
public enum SafetensorsError: Error, Equatable, CustomStringConvertible {
    /// The file could not be opened or mapped.
    case unreadable(file: String, reason: String)
    /// The file ends before its header or a tensor's data does.
    case truncated(file: String, reason: String)
    /// The JSON header is not what the format says.
    case badHeader(file: String, reason: String)
    /// No tensor of this name is in the file.
    case missingTensor(file: String, tensor: String)
    /// The tensor has another shape than the model expects.
    case wrongShape(file: String, tensor: String, expected: [Int], found: [Int])
    /// The tensor's element type is not one this reader converts to Float.
    case unsupportedDType(file: String, tensor: String, dtype: String)

    public var description: String {
        switch self {
        case .unreadable(let file, let reason):
            "\(file): cannot read the weights file: \(reason)"
        case .truncated(let file, let reason):
            "\(file): the weights file is truncated: \(reason)"
        case .badHeader(let file, let reason):
            "\(file): not a valid safetensors header: \(reason)"
        case .missingTensor(let file, let tensor):
            "\(file): no tensor named \"\(tensor)\""
        case .wrongShape(let file, let tensor, let expected, let found):
            "\(file): tensor \"\(tensor)\" has shape \(found), expected \(expected)"
        case .unsupportedDType(let file, let tensor, let dtype):
            "\(file): tensor \"\(tensor)\" has element type \(dtype); only F32, F16 and BF16 are supported"
        }
    }
}
