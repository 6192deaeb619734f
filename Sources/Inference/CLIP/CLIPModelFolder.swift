import Foundation
import ModelEngine

/// An installed CLIP model: a folder holding Hugging Face's `config.json` and `model.safetensors`, the
/// tokenizer's `vocab.json` and `merges.txt`, and optionally `preprocessor_config.json`.
public struct CLIPModelFolder: Sendable, Equatable {
    public static let configName = "config.json"
    public static let weightsName = "model.safetensors"
    public static let vocabularyName = "vocab.json"
    public static let mergesName = "merges.txt"
    public static let preprocessorName = "preprocessor_config.json"
    /// The files a usable model folder must hold.
    public static let requiredFiles = [configName, weightsName, vocabularyName, mergesName]

    public let path: String
    /// The name vectors are tagged with (`ImageVector.model`): the model named by the folder's `manifest.json`
    /// (an install from a models service lives in `<model>/<version>`), else the folder's name, e.g.
    /// `clip-vit-b32`. Read once, here.
    public let modelName: String

    public init(path: String) {
        self.path = path
        let manifest = path.hasSuffix("/") ? path + "manifest.json" : path + "/manifest.json"
        if let data = FileManager.default.contents(atPath: manifest),
           let published = try? JSONDecoder().decode(ModelManifest.self, from: data) {
            modelName = published.model
        } else {
            modelName = URL(fileURLWithPath: path).standardizedFileURL.lastPathComponent
        }
    }

    /// The environment variable naming the model folder `clip.embed` uses when its `model` option is not set
    /// (`run` sets it to the model `pool-pipeline models install` put next to the index).
    public static let folderVariable = "POOL_CLIP_MODEL"

    /// `$POOL_CLIP_MODEL` when set, else `$XDG_DATA_HOME/pool-pipeline/models/clip-vit-b32` (XDG_DATA_HOME
    /// defaulting to ~/.local/share).
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let folder = environment[folderVariable], folder.hasPrefix("/") { return folder }
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = xdg
        } else {
            dataHome = (environment["HOME"] ?? "/") + "/.local/share"
        }
        return dataHome + "/pool-pipeline/models/clip-vit-b32"
    }

    /// The path of one file of the folder.
    public func file(_ name: String) -> String {
        path.hasSuffix("/") ? path + name : path + "/" + name
    }


    /// Whether every required file is there.
    public var status: CLIPModelStatus {
        let missing = Self.requiredFiles.filter { !FileManager.default.fileExists(atPath: file($0)) }
        return missing.isEmpty ? .installed(path: path) : .notInstalled(path: path, missing: missing)
    }

    public func loadConfig() throws(CLIPError) -> CLIPConfig {
        try CLIPConfig(contentsOf: file(Self.configName))
    }

    public func openWeights() throws(SafetensorsError) -> SafetensorsFile {
        try SafetensorsFile(path: file(Self.weightsName))
    }

    public func loadTokenizer(config: CLIPConfig) throws(CLIPError) -> CLIPTokenizer {
        try CLIPTokenizer(vocabularyFile: file(Self.vocabularyName), mergesFile: file(Self.mergesName),
                          contextLength: config.text.contextLength)
    }

    /// The preprocessing from `preprocessor_config.json`, or CLIP's defaults for the config's image size.
    public func loadPreprocessor(config: CLIPConfig) throws(CLIPError) -> CLIPPreprocessor {
        let preprocessorFile = file(Self.preprocessorName)
        guard FileManager.default.fileExists(atPath: preprocessorFile) else {
            return CLIPPreprocessor(imageSize: config.vision.imageSize)
        }
        return try CLIPPreprocessor(contentsOf: preprocessorFile, imageSize: config.vision.imageSize)
    }
}
