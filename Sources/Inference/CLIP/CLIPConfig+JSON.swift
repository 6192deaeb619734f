import Foundation

extension CLIPConfig {
    /// Reads a Hugging Face `CLIPModel` config.json. Fields it does not set take the library's defaults (which
    /// are ViT-B/32's); the older `text_config_dict`/`vision_config_dict` fields override, as in the reference.
    public init(contentsOf path: String) throws(CLIPError) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(file: path, reason: error.localizedDescription)
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .badConfig(file: path, field: "(file)", reason: "not valid JSON")
        }
        guard let root = object as? [String: Any] else {
            throw .badConfig(file: path, field: "(file)", reason: "not a JSON object")
        }
        let reader = ConfigReader(file: path)
        let visionFields = try reader.section(root, "vision_config", override: "vision_config_dict")
        let textFields = try reader.section(root, "text_config", override: "text_config_dict")

        let defaults = CLIPConfig.vitB32
        let vision = Vision(
            transformer: try reader.transformer(visionFields, prefix: "vision_config",
                                                defaults: defaults.vision.transformer),
            imageSize: try reader.int(visionFields, "vision_config", "image_size", default: defaults.vision.imageSize),
            patchSize: try reader.int(visionFields, "vision_config", "patch_size", default: defaults.vision.patchSize))
        let text = Text(
            transformer: try reader.transformer(textFields, prefix: "text_config",
                                                defaults: defaults.text.transformer),
            contextLength: try reader.int(textFields, "text_config", "max_position_embeddings",
                                          default: defaults.text.contextLength),
            vocabularySize: try reader.int(textFields, "text_config", "vocab_size",
                                           default: defaults.text.vocabularySize),
            endTokenID: try reader.int(textFields, "text_config", "eos_token_id", default: defaults.text.endTokenID,
                                       allowZero: true))
        let projection = try reader.int(root, "", "projection_dim", default: defaults.projectionSize)
        self.init(vision: vision, text: text, projectionSize: projection)

        if let channels = visionFields["num_channels"] as? NSNumber, channels.intValue != 3 {
            throw .badConfig(file: path, field: "vision_config.num_channels", reason: "must be 3 (RGB), found \(channels)")
        }
        guard vision.imageSize % vision.patchSize == 0 else {
            throw .badConfig(file: path, field: "vision_config.patch_size",
                             reason: "\(vision.patchSize) does not divide image_size \(vision.imageSize)")
        }
    }
}

/// Reads typed fields out of config.json's objects, naming the field in every error.
private struct ConfigReader {
    let file: String

    func section(_ root: [String: Any], _ name: String, override: String) throws(CLIPError) -> [String: Any] {
        var fields: [String: Any] = [:]
        for key in [name, override] {
            guard let value = root[key], !(value is NSNull) else { continue }
            guard let object = value as? [String: Any] else {
                throw .badConfig(file: file, field: key, reason: "not a JSON object")
            }
            fields.merge(object) { _, new in new }
        }
        return fields
    }

    func int(_ fields: [String: Any], _ prefix: String, _ name: String, default fallback: Int,
             allowZero: Bool = false) throws(CLIPError) -> Int {
        let field = prefix.isEmpty ? name : "\(prefix).\(name)"
        guard let value = fields[name], !(value is NSNull) else { return fallback }
        guard let number = value as? NSNumber, !(value is Bool),
              number.doubleValue == number.doubleValue.rounded()
        else {
            throw .badConfig(file: file, field: field, reason: "expected a whole number, found \(value)")
        }
        let whole = number.intValue
        guard whole > 0 || (allowZero && whole == 0) else {
            throw .badConfig(file: file, field: field, reason: "must be positive, found \(whole)")
        }
        return whole
    }

    func transformer(_ fields: [String: Any], prefix: String,
                     defaults: CLIPTransformerConfig) throws(CLIPError) -> CLIPTransformerConfig {
        let width = try int(fields, prefix, "hidden_size", default: defaults.width)
        let heads = try int(fields, prefix, "num_attention_heads", default: defaults.heads)
        guard width % heads == 0 else {
            throw .badConfig(file: file, field: "\(prefix).num_attention_heads",
                             reason: "\(heads) heads do not divide hidden_size \(width)")
        }
        var activation = defaults.activation
        if let name = fields["hidden_act"] {
            guard let text = name as? String, let known = CLIPActivation(rawValue: text) else {
                throw .badConfig(file: file, field: "\(prefix).hidden_act",
                                 reason: "unsupported activation \(name) (supported: quick_gelu, gelu)")
            }
            activation = known
        }
        var epsilon = defaults.layerNormEpsilon
        if let value = fields["layer_norm_eps"] {
            guard let number = value as? NSNumber, !(value is Bool), number.doubleValue > 0 else {
                throw .badConfig(file: file, field: "\(prefix).layer_norm_eps", reason: "expected a positive number")
            }
            epsilon = number.floatValue
        }
        return CLIPTransformerConfig(
            width: width,
            intermediateSize: try int(fields, prefix, "intermediate_size", default: defaults.intermediateSize),
            layers: try int(fields, prefix, "num_hidden_layers", default: defaults.layers),
            heads: heads, activation: activation, layerNormEpsilon: epsilon)
    }
}
