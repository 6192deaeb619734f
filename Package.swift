// swift-tools-version: 6.0
// Pool pipeline: turns a library of captures into a searchable index.
//
// Each stage family adds its targets in its own block below, so families can grow apart.
import PackageDescription

var targets: [Target] = []
var products: [Product] = []

// MARK: - Framework: Stage protocol, graph, runner, status

targets += [
    .target(name: "Runner"),
    .target(name: "Captures", dependencies: ["Runner"]),
    .target(name: "TestSupport", dependencies: ["Runner", "Captures"]),
    .testTarget(name: "RunnerTests", dependencies: ["Runner", "Captures", "TestSupport"]),
]

// MARK: - Decode family (libvips), folder source, samples

// MARK: - Store: SQLite index, persist stage, export

// MARK: - Fingerprint family: fingerprint, focus, moments, similar

// MARK: - Reading family: text (Tesseract) and codes (zxing-cpp)

// MARK: - Models family: tensors, CLIP, classifier, labels

targets += [
    .systemLibrary(name: "COpenBLAS", path: "Sources/COpenBLAS"),
    .target(name: "ModelEngine", dependencies: ["COpenBLAS"], path: "Sources/Stages/Models/Engine"),
    .testTarget(name: "ModelEngineTests", dependencies: ["ModelEngine"]),
    .target(name: "CLIPModel", dependencies: ["ModelEngine", "Runner", "Captures"], path: "Sources/Stages/Models/CLIP"),
    .testTarget(name: "CLIPTests", dependencies: ["CLIPModel", "ModelEngine", "Runner", "Captures", "TestSupport"],
                resources: [.copy("Fixtures")]),
    .executableTarget(name: "ModelBenchmarks", dependencies: ["CLIPModel", "ModelEngine"], path: "benchmarks/Models"),
]

// MARK: - Built-in stage kinds, CLI, benchmarks

targets += [
    .target(name: "PoolPipeline", dependencies: ["Runner", "Captures"]),
    .executableTarget(name: "pool-pipeline", dependencies: ["PoolPipeline"]),
]
products += [
    .library(name: "PoolPipeline", targets: ["PoolPipeline"]),
    .executable(name: "pool-pipeline", targets: ["pool-pipeline"]),
]

let package = Package(
    name: "pool-pipeline",
    platforms: [.macOS(.v15)],
    products: products,
    targets: targets,
    swiftLanguageModes: [.v6]
)
