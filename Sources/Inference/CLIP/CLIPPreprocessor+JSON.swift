import Foundation

extension CLIPPreprocessor {
    /// Reads Hugging Face's `preprocessor_config.json`: `size.shortest_edge` (or a number), `crop_size`
    /// (`height` = `width`, or a number), `image_mean` and `image_std`. Bicubic resampling is assumed, as
    /// CLIP uses; another `resample` is refused rather than silently ignored.
    public init(contentsOf path: String, imageSize: Int) throws(CLIPError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(file: path, reason: "no such file or not readable")
        }
        guard let object = try? JSONSerialization.jsonObject(with: data), let fields = object as? [String: Any] else {
            throw .badConfig(file: path, field: "(file)", reason: "not a JSON object")
        }
        self.init(imageSize: imageSize)
        func size(_ name: String, key: String) throws(CLIPError) -> Int? {
            switch fields[name] {
            case nil, is NSNull: return nil
            case let number as NSNumber: return number.intValue
            case let object as [String: Any]:
                guard let value = object[key] as? NSNumber else {
                    throw .badConfig(file: path, field: "\(name).\(key)", reason: "expected a number")
                }
                if name == "crop_size", let width = object["width"] as? NSNumber, width != value {
                    throw .badConfig(file: path, field: name, reason: "only square crops are supported")
                }
                return value.intValue
            default:
                throw .badConfig(file: path, field: name, reason: "expected a number or an object")
            }
        }
        func triple(_ name: String) throws(CLIPError) -> [Float]? {
            guard let value = fields[name], !(value is NSNull) else { return nil }
            guard let numbers = value as? [NSNumber], numbers.count == 3 else {
                throw .badConfig(file: path, field: name, reason: "expected three numbers (R, G, B)")
            }
            return numbers.map(\.floatValue)
        }
        if let resample = fields["resample"] as? NSNumber, resample.intValue != 3 {
            throw .badConfig(file: path, field: "resample", reason: "only bicubic (3) is supported, found \(resample)")
        }
        resizeTo = try size("size", key: "shortest_edge") ?? resizeTo
        cropSize = try size("crop_size", key: "height") ?? cropSize
        mean = try triple("image_mean") ?? mean
        std = try triple("image_std") ?? std
        guard resizeTo >= cropSize, cropSize == imageSize else {
            throw .badConfig(file: path, field: "crop_size",
                             reason: "crop \(cropSize) must equal the model's image size \(imageSize) and fit in \(resizeTo)")
        }
    }
}
