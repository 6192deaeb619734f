import Foundation
import ReadingStages

// ReadingBenchmarks [ocr|codes|all] [--screens N] [--photos N] [--only SUBSTRING ...]
// Build with: swift build -c release --product ReadingBenchmarks

#if DEBUG
print("warning: debug build; build with -c release for figures worth recording")
#endif

var arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func take(_ flag: String, default fallback: Int) -> Int {
    guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count,
          let value = Int(arguments[index + 1]) else { return fallback }
    arguments.removeSubrange(index...(index + 1))
    return value
}
let screens = take("--screens", default: 10)
let photos = take("--photos", default: 20)
var only: [String] = []
while let index = arguments.firstIndex(of: "--only"), index + 1 < arguments.count {
    only.append(arguments[index + 1])
    arguments.removeSubrange(index...(index + 1))
}
let which = arguments.first ?? "all"

let corpus = try Corpus.make(screens: screens, photos: photos)
let words = corpus.samples.reduce(0) { $0 + $1.words.count }
print("corpus: \(screens) phone + \(screens) desktop screenshots (\(words) words), "
    + "\(corpus.samples.filter { $0.kind == "photo" }.count) photos; CPU ms per capture, one worker")
if which == "ocr" || which == "all" {
    print(OCRBenchmark.header)
    _ = try OCRBenchmark.run(corpus: corpus, only: only)
}
if which == "codes" || which == "all" {
    try CodesBenchmark.run(corpus: corpus)
}
