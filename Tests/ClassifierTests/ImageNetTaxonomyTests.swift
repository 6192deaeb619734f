import Captures
import ImageClassifier
import Testing

@Suite("ImageNet taxonomy")
struct ImageNetTaxonomyTests {
    let taxonomy = ImageNetTaxonomy.standard

    /// The words that find a class: its name and its terms.
    func terms(ofClassNamed name: String) throws -> [String] {
        let found = try #require(taxonomy.classes.first { $0.name == name }, "no class named \(name)")
        return [found.name] + found.terms
    }

    @Test("the compiled table lists the 1000 classes in ImageNet order")
    func thousandClasses() {
        #expect(taxonomy.classes.count == 1000)
        #expect(taxonomy.classes.first?.wnid == "n01440764")   // tench, class 0
        #expect(taxonomy.classes[207].name == "golden retriever")
        #expect(taxonomy.classes.last?.wnid == "n15075141")    // toilet tissue, class 999
        #expect(Set(taxonomy.classes.map(\.wnid)).count == 1000)
    }

    @Test("classes map to the words people search with",
          arguments: [("golden retriever", ["dog", "animal", "pet"]), ("seashore", ["beach", "sea", "outdoor"]),
                      ("pizza", ["food", "fast food"]), ("tabby", ["cat", "animal"]), ("alp", ["mountain", "outdoor"]),
                      ("sports car", ["car", "vehicle"]), ("daisy", ["flower", "plant"]),
                      ("monarch", ["butterfly", "insect"]), ("laptop", ["computer"]), ("web site", ["screen"]), ("cup", ["cup", "drink"])])
    func searchWords(name: String, expected: [String]) throws {
        let terms = try terms(ofClassNamed: name)
        for word in expected {
            #expect(terms.contains(word), "\(name) should be found by \"\(word)\"; its terms are \(terms)")
        }
    }

    @Test("a word's confidence is the summed probability of its classes, so hesitation between breeds is still a sure dog")
    func summedConfidence() {
        var probabilities = [Float](repeating: 0, count: 1000)
        probabilities[207] = 0.45   // golden retriever
        probabilities[208] = 0.40   // Labrador retriever
        probabilities[978] = 0.15   // seashore
        let labels = taxonomy.labels(probabilities: probabilities, threshold: 0.3, limit: 20)
        let names = labels.map(\.name)
        #expect(names.first == "animal" || names.first == "dog")
        let dog = labels.first { $0.name == "dog" }?.confidence ?? 0
        #expect(abs(dog - 0.85) < 1e-6)
        #expect(names.contains("golden retriever") && names.contains("labrador retriever"))
        #expect(!names.contains("beach"), "0.15 is below the 0.3 threshold")
        #expect(labels == labels.sorted { $0.confidence > $1.confidence || ($0.confidence == $1.confidence && $0.name < $1.name) })
    }

    @Test("a term the hypernyms give wrongly can be removed: ImageNet's cup is not alcohol")
    func removedTerm() throws {
        #expect(try !terms(ofClassNamed: "cup").contains("alcohol"))
        #expect(try terms(ofClassNamed: "red wine").contains("alcohol"))
    }

    @Test("the limit keeps the most confident words")
    func limit() {
        var probabilities = [Float](repeating: 0, count: 1000)
        probabilities[207] = 1
        let labels = taxonomy.labels(probabilities: probabilities, threshold: 0.1, limit: 2)
        #expect(labels.count == 2)
        #expect(labels.allSatisfy { $0.confidence == 1 })
    }

    @Test("the vocabulary holds every class name and term once")
    func vocabulary() {
        let vocabulary = taxonomy.vocabulary
        #expect(Set(vocabulary).count == vocabulary.count)
        #expect(vocabulary.contains("beach") && vocabulary.contains("golden retriever"))
    }
}
