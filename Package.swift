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

targets += [
    .systemLibrary(name: "CVips", path: "Sources/CVips", pkgConfig: "pool-vips", providers: [.apt(["libvips-dev"])]),
    .target(name: "DecodeStages", dependencies: ["Runner", "Captures", "CVips", "CaptureDates"],
            path: "Sources/Stages/Decode"),
    .testTarget(name: "DecodeTests", dependencies: ["DecodeStages", "Runner", "Captures", "TestSupport", "CVips"]),
    .executableTarget(name: "DecodeBenchmarks", dependencies: ["DecodeStages", "Runner", "Captures", "CVips"],
                      path: "benchmarks/Decode"),
]

// MARK: - Store: SQLite index, persist stage, export

targets += [
    .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
    .target(name: "Store", dependencies: ["CSQLite", "Runner", "Captures", "FingerprintStages"]),
    .target(name: "PersistStage", dependencies: ["Store", "Runner", "Captures"], path: "Sources/Stages/Persist"),
    .testTarget(name: "StoreTests", dependencies: ["Store", "PersistStage", "Runner", "Captures", "TestSupport",
                                                "FingerprintStages"]),
    .executableTarget(name: "StoreBenchmarks", dependencies: ["Store", "Runner", "Captures", "TestSupport"], path: "benchmarks/Store"),
]
products += [.executable(name: "StoreBenchmarks", targets: ["StoreBenchmarks"])]

// MARK: - Fingerprint family: fingerprint, focus, moments, similar

targets += [
    .systemLibrary(name: "CFingerprintPrefetch", path: "Sources/Stages/Fingerprint/CPrefetch"),
    .target(name: "FingerprintStages", dependencies: ["Runner", "Captures", "CFingerprintPrefetch"],
            path: "Sources/Stages/Fingerprint", exclude: ["CPrefetch"]),
    .testTarget(name: "FingerprintTests", dependencies: ["FingerprintStages", "Runner", "Captures", "TestSupport"]),
    .executableTarget(name: "FingerprintBenchmarks", dependencies: ["FingerprintStages", "Captures", "TestSupport"],
                      path: "benchmarks/Fingerprint"),
]
products += [
    .executable(name: "FingerprintBenchmarks", targets: ["FingerprintBenchmarks"]),
]

// MARK: - Reading family: text (Tesseract) and codes (zxing-cpp)

targets += [
    .systemLibrary(name: "CTesseract", path: "Sources/CTesseract", pkgConfig: "tesseract",
                   providers: [.apt(["libtesseract-dev", "tesseract-ocr-eng", "tesseract-ocr-osd"])]),
    .target(name: "CZXing", path: "Sources/CZXing",
            linkerSettings: [.linkedLibrary("ZXing")]),
    // The line recogniser's gate functions: plain C loops, vectorised, with AVX-512/AVX2 clones picked at load.
    .target(name: "CLineKernels", path: "Sources/CLineKernels", cSettings: [.unsafeFlags(["-O3"])]),
    .target(name: "ReadingStages",
            dependencies: ["Runner", "Captures", "CTesseract", "CZXing", "COpenBLAS", "CLineKernels"],
            path: "Sources/Stages/Reading"),
    .target(name: "ReadingFixtures", dependencies: ["Captures", "TestSupport"], path: "benchmarks/Reading/Fixtures"),
    .testTarget(name: "ReadingTests",
                dependencies: ["ReadingStages", "ReadingFixtures", "Runner", "Captures", "TestSupport",
                               "CLineKernels"]),
    .executableTarget(name: "ReadingBenchmarks", dependencies: ["ReadingStages", "ReadingFixtures", "Runner", "Captures"],
                      path: "benchmarks/Reading/Benchmarks"),
]

// MARK: - Models family: tensors, CLIP, classifier, labels

targets += [
    .systemLibrary(name: "COpenBLAS", path: "Sources/COpenBLAS"),
    // Small-row linear kernels: AVX-512 code behind function-level target attributes and a runtime CPU check,
    // with a portable path giving the same bits, so the target builds and runs on any x86-64 or ARM machine.
    .target(name: "CKernels", path: "Sources/CKernels", cSettings: [.unsafeFlags(["-O3"])]),
    .target(name: "ModelEngine", dependencies: ["COpenBLAS", "CKernels"], path: "Sources/Stages/Models/Engine"),
    .testTarget(name: "ModelEngineTests", dependencies: ["ModelEngine"]),
    .target(name: "CLIPModel", dependencies: ["ModelEngine", "Runner", "Captures"], path: "Sources/Stages/Models/CLIP"),
    .testTarget(name: "CLIPTests", dependencies: ["CLIPModel", "ModelEngine", "Runner", "Captures", "TestSupport"],
                resources: [.copy("Fixtures")]),
    .executableTarget(name: "ModelBenchmarks", dependencies: ["CLIPModel", "ModelEngine"], path: "benchmarks/Models"),
]

targets += [
    .target(name: "ImageClassifier", dependencies: ["ModelEngine", "COpenBLAS", "Runner", "Captures"],
            path: "Sources/Stages/Models/Classifier"),
    .testTarget(name: "ClassifierTests", dependencies: ["ImageClassifier", "ModelEngine", "Runner", "Captures",
                                                        "TestSupport"],
                exclude: ["Fixtures"]),
    .executableTarget(name: "ClassifierBenchmarks", dependencies: ["ImageClassifier", "ModelEngine", "Captures"],
                      path: "benchmarks/Classifier"),
]
products += [.executable(name: "ClassifierBenchmarks", targets: ["ClassifierBenchmarks"])]

// MARK: - Built-in stage kinds, CLI, benchmarks

targets += [
    // Signal handlers and per-thread notes for containing captures that take the process down (async-signal-safe C).
    .target(name: "CProcessGuard", path: "Sources/CProcessGuard"),
    .target(name: "PoolPipeline", dependencies: ["Runner", "Captures", "Store", "PersistStage", "DecodeStages",
                                            "FingerprintStages", "ImageClassifier", "CLIPModel",
                                            "ReadingStages", "CProcessGuard", "PlacesStages"]),
    .executableTarget(name: "RunnerBenchmarks", dependencies: ["Runner"], path: "benchmarks/Runner"),
    .executableTarget(name: "ContainmentBenchmarks", dependencies: ["PoolPipeline", "Runner", "Store", "TestSupport"],
                      path: "benchmarks/Containment"),
    .executableTarget(name: "pool-pipeline", dependencies: ["PoolPipeline", "Runner", "Captures", "Store", "ModelEngine",
                                                                  "DecodeStages"]),
]
targets += [
    .testTarget(name: "CLITests", dependencies: ["pool-pipeline", "TestSupport"]),
    // `pool-pipeline run` with a stage kind that aborts the process on purpose, for the containment tests.
    .executableTarget(name: "containment-probe", dependencies: ["PoolPipeline", "Runner", "Captures"],
                      path: "Tests/ContainmentProbe"),
    .testTarget(name: "PoolPipelineTests", dependencies: ["PoolPipeline", "Runner", "Store", "TestSupport",
                                                          "containment-probe"]),
]
products += [
    .library(name: "PoolPipeline", targets: ["PoolPipeline"]),
    .executable(name: "pool-pipeline", targets: ["pool-pipeline"]),
]

// MARK: - Capture facts (issue 11): dates from file names and metadata

targets += [
    .target(name: "CaptureDates", path: "Sources/CaptureDates"),
    .testTarget(name: "CaptureDatesTests", dependencies: ["CaptureDates"]),
    // Places: GeoNames cities from Debian's libgeonames (pkg-config copy without -pthread, see scripts/setup).
    .systemLibrary(name: "CGeonames", path: "Sources/CGeonames", pkgConfig: "pool-geonames",
                   providers: [.apt(["libgeonames-dev"])]),
    .target(name: "Places", dependencies: ["CGeonames"], path: "Sources/Places"),
    .target(name: "PlacesStages", dependencies: ["Places", "Runner", "Captures"], path: "Sources/Stages/Places"),
    .testTarget(name: "PlacesTests", dependencies: ["Places", "PlacesStages", "Runner", "Captures", "TestSupport"]),
]

let package = Package(
    name: "pool-pipeline",
    platforms: [.macOS(.v15)],
    products: products,
    targets: targets,
    swiftLanguageModes: [.v6]
)
