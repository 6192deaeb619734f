import Foundation
@testable import ObjectRules
import Testing

@Suite("Rules files: declarative, checked at load, the built-in copy equal to rules/*.json")
struct RuleBookTests {
    static let rulesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("rules").path

    @Test func theCompiledRulesAreTheFilesOfTheRulesFolder() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.rulesFolder).filter { $0.hasSuffix(".json") }.sorted()
        #expect(BuiltInRules.files.map(\.name) == names.map { "rules/" + $0 })
        for (file, name) in zip(BuiltInRules.files, names) {
            let onDisk = try String(contentsOfFile: Self.rulesFolder + "/" + name, encoding: .utf8)
            #expect(file.json == onDisk.trimmingCharacters(in: .newlines), "run scripts/rules-embed.py")
        }
        #expect(RuleBook.builtIn.leads.map(\.kind).sorted()
                == ["article", "book", "event", "movie", "music", "place", "post", "product", "recipe", "trip"])
    }

    @Test(arguments: [
        (#"{"leads": [{"kind": "x", "type": "Thing", "wrods": []}]}"#, "leads[0].wrods", "unknown field"),
        (#"{"leads": [{"kind": "x"}]}"#, "leads[0].type", "missing"),
        (#"{"leads": [{"kind": "x", "type": "T", "requires": ["monee"]}]}"#, "leads[0].requires[0]", "unknown object kind \"monee\""),
        (#"{"leads": [{"kind": "x", "type": "T", "fields": {"price": "money.amount", "url": "lnk"}}]}"#, "leads[0].fields.url", "unknown source"),
        (#"{"objects": [{"kind": "member", "pattern": "("}]}"#, "objects[0].pattern", "not a valid regular expression"),
        (#"{"objects": [{"kind": "member", "pattern": "M\\d+", "check": "crc"}]}"#, "objects[0].check", "unknown check \"crc\""),
        (#"{"leads": [{"kind": "x", "type": "T", "minimumWords": "two"}]}"#, "leads[0].minimumWords", "whole number"),
        (#"[1, 2]"#, "", "expected an object"),
    ])
    func badFilesNameTheFileAndField(_ json: String, _ field: String, _ problem: String) {
        var book = RuleBook()
        #expect {
            try book.add(Data(json.utf8), file: "rules/mine.json")
        } throws: { error in
            guard let error = error as? RuleBookError else { return false }
            return error.file == "rules/mine.json" && error.field == field && error.problem.contains(problem)
        }
    }

    @Test func aUserFileAddsAnObjectKindAndALeadAndReplacesABuiltInLead() throws {
        var book = RuleBook.builtIn
        try book.add(Data(#"""
            {"objects": [{"kind": "membership", "pattern": "\\bMEM-\\d{6}\\b"}],
             "leads": [{"kind": "gym", "type": "ExerciseGym", "words": ["workout"], "requires": ["membership"],
                        "fields": {"identifier": "membership"}},
                       {"kind": "recipe", "type": "Recipe", "words": ["zutaten"], "fields": {}}]}
            """#.utf8), file: "mine.json")
        let extractor = ObjectExtractor(book: book)
        let objects = extractor.objects(text: "Your workout pass MEM-123456", codes: [])
        let lead = LeadClassifier(book: book).lead(text: "Your workout pass MEM-123456", objects: objects)
        #expect(lead == Lead(kind: "gym", type: "ExerciseGym", fields: ["identifier": "MEM-123456"]))
        #expect(book.leads.filter { $0.kind == "recipe" }.count == 1)
        #expect(book.leads.first { $0.kind == "recipe" }?.words == ["zutaten"])
    }
}

@Suite("Leads: what a capture is, with the fields that made it")
struct LeadTests {
    func lead(_ text: String, codes: [String] = []) -> Lead? {
        let book = RuleBook.builtIn
        let objects = ObjectExtractor(book: book).objects(text: text, codes: codes)
        return LeadClassifier(book: book).lead(text: ([text] + codes).joined(separator: "\n"), objects: objects)
    }

    @Test func aProductPageWithAPrice() throws {
        let found = try #require(lead("Trail Runner 3 shoes\n$129.00\nIn stock\nAdd to cart\nshop.example.com/trail-runner-3"))
        #expect(found.kind == "product" && found.type == "Product")
        #expect(found.fields == ["name": "Trail Runner 3 shoes", "price": "129.00", "priceCurrency": "USD",
                                 "url": "https://shop.example.com/trail-runner-3"])
    }

    @Test func aTripFromABoardingPass() throws {
        let found = try #require(lead("BOARDING PASS\nGate B12  Seat 1A\nDeparture 08:35",
                                      codes: ["M1DESMARAIS/LUC       EABC123 YULFRAAC 0834 326J001A0025 100"]))
        #expect(found.kind == "trip")
        #expect(found.fields["departureAirport"] == "YUL" && found.fields["arrivalAirport"] == "FRA")
        #expect(found.fields["departureTime"] == "08:35")
    }

    @Test func aReceiptFullOfNumbersIsNoLead() {
        #expect(lead("SUPERMARKT\n2x Milk 1,98 €\nBread 2,49 €\nTotal 4,47 €\nVISA **** 4242") == nil)
    }
}
