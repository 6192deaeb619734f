import Foundation
import ObjectRules
import PrivacyFixtures

// Figures of the privacy gate, objects and leads on generated captures, on seeds the tests do not use.
// Usage: PrivacyFigures [--seeds 101,202,303] [--count 40] [--ocr-noise 0.02] [--mistakes] [--idcards]
// `--idcards`: only identity documents with no machine-readable zone and their hard negatives (IdentityPageGenerator).
var seeds: [UInt64] = [101, 202, 303]
var count = 40
var showMistakes = false
var noise = 0.0
var idCardsOnly = false
var arguments = CommandLine.arguments.dropFirst()
while let word = arguments.popFirst() {
    switch word {
    case "--seeds": seeds = (arguments.popFirst() ?? "").split(separator: ",").compactMap { UInt64($0) }
    case "--count": count = Int(arguments.popFirst() ?? "") ?? count
    case "--mistakes": showMistakes = true
    case "--ocr-noise": noise = Double(arguments.popFirst() ?? "") ?? noise
    case "--idcards": idCardsOnly = true
    default: print("unknown argument \(word)"); exit(64)
    }
}

var evaluation = Evaluation()
var total = 0
for seed in seeds where idCardsOnly {
    let cards = OCRNoise.apply(IdentityPageGenerator.captures(seed: seed, count: count), rate: noise, seed: seed)
    total += cards.count
    evaluation.addGate(cards)
}
for seed in seeds where !idCardsOnly {
    let sensitive = OCRNoise.apply(SensitiveGenerator.captures(seed: seed, count: count), rate: noise, seed: seed)
    let leads = OCRNoise.apply(LeadGenerator.captures(seed: seed, count: count), rate: noise, seed: seed)
    total += sensitive.count + leads.count
    evaluation.addGate(sensitive)
    evaluation.addRules(leads, book: .builtIn)
    let addresses = OCRNoise.apply(AddressGenerator.captures(seed: seed, count: count), rate: noise, seed: seed)
    total += addresses.count
    evaluation.addObjects(addresses, book: .builtIn, everywhere: ["address"])
    evaluation.addObjects(leads, book: .builtIn, everywhere: ["address"], only: ["address"])
}

print("seeds \(seeds.map(String.init).joined(separator: ",")), \(count) of each template a seed, \(total) captures, "
      + "OCR noise \(noise) a character\n")
print(evaluation.markdownTables)
if showMistakes {
    print("\n" + evaluation.mistakeReport(limit: 40))
}
