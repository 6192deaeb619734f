import Foundation

/// A Tesseract `.traineddata` file: a table of offsets, then components (the LSTM network, its character
/// set, its recoder, dictionaries, ...). Only the parts the line recogniser reads are taken out.
struct TraineddataFile {
    /// Component numbers of Tesseract's table (`TessdataType`).
    enum Component: Int {
        case lstm = 17
        case lstmPunctuationDawg = 18
        case lstmWordDawg = 19
        case lstmNumberDawg = 20
        case lstmCharacters = 21
        case lstmRecoder = 22

        var name: String {
            switch self {
            case .lstm: "lstm"
            case .lstmPunctuationDawg: "lstm-punc-dawg"
            case .lstmWordDawg: "lstm-word-dawg"
            case .lstmNumberDawg: "lstm-number-dawg"
            case .lstmCharacters: "lstm-unicharset"
            case .lstmRecoder: "lstm-recoder"
            }
        }
    }

    let path: String
    private let bytes: [UInt8]
    private let offsets: [Int64]

    init(path: String) throws(ReadingError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .engine("cannot read \(path) (is the traineddata installed?)")
        }
        self.path = path
        bytes = [UInt8](data)
        var reader = ModelBytes(bytes, source: path)
        let entries = try reader.uint32("the number of components")
        guard entries > 0, entries <= 1000 else {
            throw reader.failure("\(entries) components is not a traineddata table (or it is big-endian)")
        }
        var offsets: [Int64] = []
        for index in 0..<Int(entries) { offsets.append(try reader.int64("the offset of component \(index)")) }
        self.offsets = offsets
    }

    /// Whether the file has `component`.
    func has(_ component: Component) -> Bool {
        component.rawValue < offsets.count && offsets[component.rawValue] >= 0
    }

    /// The bytes of `component`, up to the next present component or the end of the file.
    func component(_ component: Component) throws(ReadingError) -> ModelBytes {
        let index = component.rawValue
        guard index < offsets.count, offsets[index] >= 0 else {
            throw .engine("\(path) has no \(component.name) component (a legacy-only model?)")
        }
        let start = Int(offsets[index])
        let end = offsets[(index + 1)...].first(where: { $0 >= 0 }).map(Int.init) ?? bytes.count
        guard start <= end, end <= bytes.count else {
            throw .engine("\(path): the \(component.name) component lies outside the file (truncated?)")
        }
        return ModelBytes(Array(bytes[start..<end]), source: "\(path), component \(component.name)")
    }
}
