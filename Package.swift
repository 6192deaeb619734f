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

targets += [
    .systemLibrary(name: "CTesseract", path: "Sources/CTesseract", pkgConfig: "tesseract",
                   providers: [.apt(["libtesseract-dev", "tesseract-ocr-eng", "tesseract-ocr-osd"])]),
    .target(name: "CZXing", path: "Sources/CZXing",
            linkerSettings: [.linkedLibrary("ZXing")]),
    .target(name: "ReadingStages", dependencies: ["Runner", "Captures", "CTesseract", "CZXing"],
            path: "Sources/Stages/Reading"),
    .target(name: "ReadingFixtures", dependencies: ["Captures"], path: "benchmarks/Reading/Fixtures"),
    .testTarget(name: "ReadingTests",
                dependencies: ["ReadingStages", "ReadingFixtures", "Runner", "Captures", "TestSupport"]),
    .executableTarget(name: "ReadingBenchmarks", dependencies: ["ReadingStages", "ReadingFixtures", "Runner", "Captures"],
                      path: "benchmarks/Reading/Benchmarks"),
]

// MARK: - Models family: tensors, CLIP, classifier, labels

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
