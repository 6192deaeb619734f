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
    .target(name: "DecodeStages", dependencies: ["Runner", "Captures", "CVips", "CaptureDates", "CLanczosReduce"],
            path: "Sources/Stages/Decode"),
    .testTarget(name: "DecodeTests", dependencies: ["DecodeStages", "Runner", "Captures", "TestSupport", "CVips",
                                               "CLanczosReduce"]),
    .executableTarget(name: "DecodeBenchmarks", dependencies: ["DecodeStages", "Runner", "Captures", "CVips", "Benchmarking"],
                      path: "benchmarks/Decode"),
]

// MARK: - Store: SQLite index, persist stage, export

targets += [
    .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
    .target(name: "Store", dependencies: ["CSQLite", "Runner", "Captures", "Similarity"]),
    .target(name: "PersistStage", dependencies: ["Store", "Runner", "Captures"], path: "Sources/Stages/Persist"),
    .testTarget(name: "StoreTests", dependencies: ["Store", "PersistStage", "Runner", "Captures", "TestSupport",
                                                "Similarity", "Imaging"]),
    .executableTarget(name: "StoreBenchmarks", dependencies: ["Store", "Runner", "Captures", "TestSupport", "Benchmarking"],
                      path: "benchmarks/Store"),
]
products += [.executable(name: "StoreBenchmarks", targets: ["StoreBenchmarks"])]

// MARK: - Fingerprint family: fingerprint, focus, moments, similar

targets += [
    .systemLibrary(name: "CFingerprintPrefetch", path: "Sources/Similarity/CPrefetch"),
    // Moments and similar search over fingerprints: the index layer that both Store and the fingerprint family use.
    .target(name: "Similarity", dependencies: ["Runner", "Captures", "CFingerprintPrefetch"], exclude: ["CPrefetch"]),
    .target(name: "FingerprintStages", dependencies: ["Runner", "Captures", "Similarity", "Imaging"],
            path: "Sources/Stages/Fingerprint"),
    .testTarget(name: "FingerprintTests", dependencies: ["FingerprintStages", "Similarity", "Runner", "Captures",
                                                         "TestSupport"]),
    .executableTarget(name: "FingerprintBenchmarks", dependencies: ["FingerprintStages", "Similarity", "Captures",
                                                                     "TestSupport", "Benchmarking", "Imaging"],
                      path: "benchmarks/Fingerprint"),
]
products += [
    .executable(name: "FingerprintBenchmarks", targets: ["FingerprintBenchmarks"]),
]

// MARK: - Reading families: text (Tesseract, the line recogniser) and codes (zxing-cpp)

targets += [
    .systemLibrary(name: "CTesseract", path: "Sources/CTesseract", pkgConfig: "tesseract",
                   providers: [.apt(["libtesseract-dev", "tesseract-ocr-eng", "tesseract-ocr-osd"])]),
    // The line recogniser's gate functions: plain C loops, vectorised, with AVX-512/AVX2 clones picked at load.
    .target(name: "CLineKernels", path: "Sources/Inference/CLineKernels", cSettings: [.unsafeFlags(["-O3"])]),
    .target(name: "LineRecognition", dependencies: ["Captures", "COpenBLAS", "CLineKernels", "Imaging"],
            path: "Sources/Inference/LineRecognition"),
    // `tesseract.text`: Tesseract's layout analysis, then a `TextRecognizer` (the built-in line recogniser or
    // Tesseract's own recognition).
    .target(name: "TextStages",
            dependencies: ["Runner", "Captures", "CTesseract", "COpenBLAS", "LineRecognition", "LineFinding"],
            path: "Sources/Stages/Text"),
    // `zxing.codes`: QR codes and barcodes, a thin adapter over CodeReading (zxing-cpp).
    .target(name: "CodesStages", dependencies: ["Runner", "Captures", "CodeReading", "LineRecognition"],
            path: "Sources/Stages/Codes"),
    .target(name: "ReadingFixtures", dependencies: ["Captures", "Runner", "TestSupport"], path: "benchmarks/Reading/Fixtures"),
    .testTarget(name: "ReadingTests",
                dependencies: ["TextStages", "CodesStages", "ReadingFixtures", "Runner", "Captures", "TestSupport",
                               "CLineKernels", "LineRecognition"]),
    .executableTarget(name: "ReadingBenchmarks", dependencies: ["TextStages", "CodeReading", "ReadingFixtures", "Runner",
                                                                "Captures", "Benchmarking", "LineFinding",
                                                                "LineRecognition", "CLineKernels"],
                      path: "benchmarks/Reading/Benchmarks"),
]

// MARK: - Models family: tensors, CLIP, classifier, labels

targets += [
    // OpenBLAS, loaded with dlopen once its kernel is chosen (Sources/COpenBLAS/blas_loader.c), not linked.
    .target(name: "COpenBLAS", path: "Sources/COpenBLAS"),
    // Small-row linear kernels: AVX-512 code behind function-level target attributes and a runtime CPU check,
    // with a portable path giving the same bits, so the target builds and runs on any x86-64 or ARM machine.
    .target(name: "CKernels", path: "Sources/Inference/CKernels", cSettings: [.unsafeFlags(["-O3"])]),
    .target(name: "ModelEngine", dependencies: ["COpenBLAS", "CKernels", "ContentDigest"],
            path: "Sources/Inference/Tensor"),
    .testTarget(name: "ModelEngineTests", dependencies: ["ModelEngine", "ContentDigest"]),
    .target(name: "CLIPModel", dependencies: ["ModelEngine", "Captures", "Imaging"], path: "Sources/Inference/CLIP"),
    .target(name: "CLIPStages", dependencies: ["CLIPModel", "ModelEngine", "Runner", "Captures"], path: "Sources/Stages/CLIP"),
    .testTarget(name: "CLIPTests", dependencies: ["CLIPModel", "CLIPStages", "ModelEngine", "Runner", "Captures", "TestSupport",
                                                  "Imaging"],
                resources: [.copy("Fixtures")]),
    .executableTarget(name: "ModelBenchmarks", dependencies: ["CLIPModel", "ModelEngine", "Benchmarking"],
                      path: "benchmarks/Models"),
]

targets += [
    .target(name: "ImageClassifier", dependencies: ["ModelEngine", "COpenBLAS", "Captures", "Imaging", "CClassifierKernels"],
            path: "Sources/Inference/EfficientNet"),
    .target(name: "LabelsStages", dependencies: ["ImageClassifier", "ModelEngine", "Runner", "Captures"],
            path: "Sources/Stages/Labels"),
    .testTarget(name: "ClassifierTests", dependencies: ["ImageClassifier", "LabelsStages", "ModelEngine", "Runner", "Captures",
                                                        "TestSupport"],
                exclude: ["Fixtures"]),
    .executableTarget(name: "ClassifierBenchmarks", dependencies: ["ImageClassifier", "ModelEngine", "Captures",
                                                                    "Benchmarking"],
                      path: "benchmarks/Classifier"),
]
products += [.executable(name: "ClassifierBenchmarks", targets: ["ClassifierBenchmarks"])]

// MARK: - Built-in stage kinds, CLI, benchmarks

targets += [
    // Signal handlers and per-thread notes for containing captures that take the process down (async-signal-safe C).
    .target(name: "CProcessGuard", path: "Sources/CProcessGuard"),
    .target(name: "PoolPipeline", dependencies: ["Runner", "Captures", "Store", "PersistStage", "DecodeStages",
                                            "FingerprintStages", "ImageClassifier", "CLIPModel", "CLIPStages",
                                            "LabelsStages", "TextStages", "CodesStages", "CProcessGuard", "ModelInstall",
                                            "HTTPTransfer", "FileWatch", "PrivacyStages", "RulesStages",
                                            "PlacesStages", "NamingStages", "ModelEngine"]),
    .executableTarget(name: "RunnerBenchmarks", dependencies: ["Runner", "Benchmarking"], path: "benchmarks/Runner"),
    .executableTarget(name: "ContainmentBenchmarks", dependencies: ["PoolPipeline", "Runner", "Store", "TestSupport",
                                                                    "Benchmarking"],
                      path: "benchmarks/Containment"),
    .executableTarget(name: "pool-pipeline", dependencies: ["PoolPipeline", "Runner", "Captures", "Store", "Benchmarking",
                                                                  "ModelInstall", "ControlSocket", "IndexClient"]),
]
targets += [
    .testTarget(name: "CLITests", dependencies: ["pool-pipeline", "TestSupport", "ReadingFixtures"]),
    // `pool-pipeline run` with a stage kind that aborts the process on purpose, for the containment tests.
    .executableTarget(name: "containment-probe", dependencies: ["PoolPipeline", "Runner", "Captures"],
                      path: "Tests/ContainmentProbe"),
    .testTarget(name: "PoolPipelineTests", dependencies: ["PoolPipeline", "Runner", "Store", "TestSupport",
                                                          "containment-probe", "ModelInstall", "PrivacyStages",
                                                          "PersistStage", "Captures"]),
]
products += [
    .library(name: "PoolPipeline", targets: ["PoolPipeline"]),
    .executable(name: "pool-pipeline", targets: ["pool-pipeline"]),
]

// MARK: - Model delivery: HTTP transfers (libcurl), SHA-256 (libcrypto), manifest, install, backfill

targets += [
    .systemLibrary(name: "CCurl", path: "Sources/CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
    .systemLibrary(name: "CCrypto", path: "Sources/CCrypto", providers: [.apt(["libssl-dev"])]),
    .target(name: "HTTPTransfer", dependencies: ["CCurl"]),
    .target(name: "ContentDigest", dependencies: ["CCrypto"]),
    .target(name: "ModelInstall", dependencies: ["HTTPTransfer", "ContentDigest", "ModelEngine"]),
    .testTarget(name: "HTTPTransferTests", dependencies: ["HTTPTransfer", "TestSupport"]),
    .testTarget(name: "ModelInstallTests", dependencies: ["ModelInstall", "ModelEngine", "ContentDigest",
                                                          "HTTPTransfer", "TestSupport"]),
    .executableTarget(name: "DigestBenchmarks", dependencies: ["ContentDigest", "Benchmarking"], path: "benchmarks/Digest"),
]
products += [.executable(name: "DigestBenchmarks", targets: ["DigestBenchmarks"])]

// MARK: - Watch: inotify folder watching, the watcher's control socket, the systemd user unit

targets += [
    // Folders watched through inotify (Glibc, no shim), and the debouncing of their changes into passes.
    .target(name: "FileWatch"),
    // One-line requests over a Unix socket, mode 0600, peers checked with SO_PEERCRED.
    .target(name: "ControlSocket"),
    .testTarget(name: "WatchTests", dependencies: ["FileWatch", "ControlSocket", "PoolPipeline", "Runner", "Store",
                                                   "Captures", "DecodeStages", "TestSupport", "pool-pipeline"]),
]

// MARK: - Benchmark harness (issue 16): warm-up, runs, p50/p95, ratios against a baseline in the same run, JSON

targets += [
    .target(name: "Benchmarking", path: "Sources/Benchmarking"),
    .testTarget(name: "BenchmarkingTests", dependencies: ["Benchmarking"]),
]

// MARK: - Privacy gate and rules: detectors (pure libraries), the gate and rules stages, their stored families

targets += [
    .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),
    // Sensitive-data detectors: Luhn and card networks, IBAN, ICAO 9303 zones, credentials, health payloads.
    .target(name: "SensitiveDetectors", dependencies: ["CZlib", "ContentDigest"], path: "Sources/Detectors/Sensitive"),
    // Objects (links, e-mail, phone, money, dates, flights, tracking, ISBN, BCBP) and leads, from declarative rules.
    // libphonenumber (Debian's libphonenumber-dev) behind a small C shim: phone numbers found and validated.
    .target(name: "CPhoneNumbers", path: "Sources/CPhoneNumbers", linkerSettings: [.linkedLibrary("phonenumber")]),
    .target(name: "ObjectRules", dependencies: ["CPhoneNumbers", "CGeonames"], path: "Sources/Detectors/Objects"),
    .target(name: "PrivacyStages", dependencies: ["Runner", "Captures", "Store", "SensitiveDetectors"],
            path: "Sources/Stages/Privacy"),
    .target(name: "RulesStages", dependencies: ["Runner", "Captures", "Store", "ObjectRules"], path: "Sources/Stages/Rules"),
    .target(name: "PrivacyFixtures", dependencies: ["SensitiveDetectors", "ObjectRules", "TestSupport"], path: "benchmarks/Privacy/Fixtures"),
    .testTarget(name: "DetectorTests", dependencies: ["SensitiveDetectors", "ObjectRules", "PrivacyFixtures"]),
    .testTarget(name: "PrivacyTests", dependencies: ["PrivacyStages", "RulesStages", "SensitiveDetectors", "ObjectRules", "Store",
                                                     "PersistStage", "Runner", "Captures", "TestSupport"]),
    .executableTarget(name: "PrivacyFigures", dependencies: ["PrivacyFixtures", "ObjectRules"],
                      path: "benchmarks/Privacy/Figures"),
    .executableTarget(name: "PrivacyOCRFigures", dependencies: ["PrivacyFixtures", "ObjectRules", "TextStages",
                                                                "ReadingFixtures", "Captures"],
                      path: "benchmarks/Privacy/OCR"),
]

// MARK: - Index client: a library over one index (search, grants, batches, options), its example and benchmarks

targets += [
    .target(name: "IndexClient", dependencies: ["PoolPipeline", "Store", "Runner", "CLIPModel", "ModelInstall", "ControlSocket",
                                                "FileWatch"]),
    .testTarget(name: "IndexClientTests", dependencies: ["IndexClient", "Store", "Runner", "Captures", "TestSupport",
                                                         "ModelInstall", "PoolPipeline",
                                                         "index-client-example"]),
    .executableTarget(name: "index-client-example", dependencies: ["IndexClient", "Store"],
                      path: "Examples/IndexClientExample"),
    .executableTarget(name: "SearchBenchmarks", dependencies: ["Store", "Runner", "Captures", "TestSupport",
                                                               "Benchmarking"],
                      path: "benchmarks/Search", exclude: ["facts-write-cost.sh"]),
]
products += [
    .library(name: "IndexClient", targets: ["IndexClient"]),
    .executable(name: "index-client-example", targets: ["index-client-example"]),
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

// MARK: - Naming (issue 12 section 3): a chat endpoint names the things a capture shows, from derived text only

targets += [
    // The request (JSON schema for llama.cpp and Ollama), the answer's checks, grounding, the endpoint policy.
    .target(name: "ThingNaming", dependencies: ["HTTPTransfer"], path: "Sources/Detectors/Naming"),
    .target(name: "NamingStages", dependencies: ["Runner", "Captures", "Store", "ThingNaming", "ObjectRules",
                                                 "SensitiveDetectors"], path: "Sources/Stages/Naming"),
    .testTarget(name: "NamingTests", dependencies: ["ThingNaming", "NamingStages", "PrivacyStages", "RulesStages",
                                                    "PersistStage", "Store", "Runner", "Captures", "TestSupport",
                                                    "HTTPTransfer"]),
]

// MARK: - Readers (issue 16): code reading (zxing-cpp) as a library of its own; the codes stage adapts it

targets += [
    .target(name: "CZXing", path: "Sources/Readers/CZXing",
            linkerSettings: [.linkedLibrary("ZXing")]),
    // QR codes and barcodes in an image with zxing-cpp (gray images and errors from LineRecognition); no stage.
    .target(name: "CodeReading", dependencies: ["CZXing", "Captures", "LineRecognition"],
            path: "Sources/Readers/CodeReading"),
    .testTarget(name: "CodeReadingTests", dependencies: ["CodeReading", "CZXing", "Captures", "LineRecognition",
                                                         "ReadingFixtures", "TestSupport"]),
]

// MARK: - Imaging (issue 16): one module for resampling and colour conversion, libvips where it does the job

targets += [
    // The gray resize of text lines (C), kept over libvips by a benchmark; built like the recogniser's kernels.
    .target(name: "CGrayResample", path: "Sources/Imaging/CGrayResample", cSettings: [.unsafeFlags(["-O3"])]),
    .target(name: "Imaging", dependencies: ["CVips", "Captures", "CGrayResample"], path: "Sources/Imaging",
            exclude: ["CGrayResample"]),
    .testTarget(name: "ImagingTests", dependencies: ["Imaging", "Captures"]),
    // Each of our resize kernels against libvips doing the same job, in the same run (docs/imaging.md).
    .executableTarget(name: "ImagingBenchmarks", dependencies: ["Imaging", "Benchmarking", "Captures",
                                                                "ImageClassifier", "ModelEngine", "TestSupport"],
                      path: "benchmarks/Imaging"),
]
products += [.executable(name: "ImagingBenchmarks", targets: ["ImagingBenchmarks"])]

// MARK: - Line finding (issue 10 part 4): our own text line finder, in place of Tesseract's layout analysis

targets += [
    // Line boxes of a gray page in reading order: local binarisation, components, rows split at wide gaps; no stage.
    .target(name: "LineFinding", dependencies: ["LineRecognition"], path: "Sources/Inference/LineFinding"),
    .testTarget(name: "LineFindingTests", dependencies: ["LineFinding", "LineRecognition", "ReadingFixtures", "Captures"]),
]

// MARK: - Decode speed (issue 10, helper "codes"): libvips' horizontal Lanczos reduce, the same bytes, vectorised

targets += [
    // Used by vips.decode (Sources/Stages/Decode/LanczosThumbnail.swift); plain C with SSE2 where there is SSE2.
    .target(name: "CLanczosReduce", path: "Sources/CLanczosReduce", cSettings: [.unsafeFlags(["-O3"])]),
]

// MARK: - Classifier kernels (helper "pixels", issue 10)

targets += [
    // EfficientNet-Lite0's depthwise convolution: AVX2 code behind a function-level target attribute and a runtime
    // CPU check, with a portable path giving the same bits.
    .target(name: "CClassifierKernels", path: "Sources/Inference/CClassifierKernels", cSettings: [.unsafeFlags(["-O3"])]),
]

let package = Package(
    name: "pool-pipeline",
    platforms: [.macOS(.v15)],
    products: products,
    targets: targets,
    swiftLanguageModes: [.v6]
)
