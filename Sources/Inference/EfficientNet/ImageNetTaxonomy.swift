import Captures

/// ImageNet's 1000 classes and the words people search with for each ("golden retriever" → dog, pet, animal;
/// "seashore" → beach, sea, coast, outdoor), generated from WordNet's hypernyms by
/// `scripts/classifier-taxonomy.py` (see docs/labels.md).
///
/// A term's confidence for an image is the summed probability of every class that carries it, so "dog" is sure
/// even when the network hesitates between two breeds.
public struct ImageNetTaxonomy: Sendable {
    /// One ImageNet class.
    public struct ImageNetClass: Sendable, Equatable {
        /// The WordNet synset id ("n02099601").
        public var wnid: String
        /// The class's common name ("golden retriever").
        public var name: String
        /// The broader search terms it belongs under ("dog", "pet", "animal", ...).
        public var terms: [String]
    }

    /// The classes in class-index order: `classes[i]` is what logit `i` scores.
    public let classes: [ImageNetClass]
    /// Every distinct word a label can be: class names and terms, sorted (the vocabulary for zero-shot labels).
    public let vocabulary: [String]
    /// For each word, the classes that carry it (by name or term).
    let classesByWord: [String: [Int]]

    /// The table compiled into the module, parsed once.
    public static let standard = ImageNetTaxonomy()

    /// Parses the table compiled into the module (a fresh copy; `standard` is the shared one).
    public init() {
        self.init(table: ImageNetTaxonomy.table)
    }

    /// Parses `wnid|name|term,term` lines.
    init(table: String) {
        var classes: [ImageNetClass] = []
        var classesByWord: [String: [Int]] = [:]
        for line in table.split(separator: "\n") {
            let fields = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            precondition(fields.count == 3, "taxonomy line \(classes.count) is not wnid|name|terms: \(line)")
            let terms = fields[2].split(separator: ",").map(String.init)
            let index = classes.count
            for word in [fields[1]] + terms where classesByWord[word]?.last != index {
                classesByWord[word, default: []].append(index)
            }
            classes.append(ImageNetClass(wnid: fields[0], name: fields[1], terms: terms))
        }
        self.classes = classes
        self.classesByWord = classesByWord
        self.vocabulary = classesByWord.keys.sorted()
    }

    /// The words whose summed class probability reaches `threshold`, most confident first (ties by name), at
    /// most `limit` of them.
    public func labels(probabilities: [Float], threshold: Double, limit: Int) -> [CaptureLabel] {
        precondition(probabilities.count == classes.count,
                     "\(probabilities.count) probabilities for \(classes.count) classes")
        var labels: [CaptureLabel] = []
        for (word, members) in classesByWord {
            let confidence = members.reduce(0.0) { $0 + Double(probabilities[$1]) }
            if confidence >= threshold {
                labels.append(CaptureLabel(name: word, confidence: min(confidence, 1)))
            }
        }
        return Array(labels.sorted(by: CaptureLabel.moreConfident).prefix(limit))
    }

    /// The `count` most probable classes, most probable first.
    public func top(_ count: Int, probabilities: [Float]) -> [(index: Int, probability: Float)] {
        let ranked = probabilities.enumerated().sorted { $0.element > $1.element || ($0.element == $1.element && $0.offset < $1.offset) }
        return ranked.prefix(count).map { (index: $0.offset, probability: $0.element) }
    }
}

extension CaptureLabel {
    /// Orders labels by confidence, highest first, then by name.
    package static func moreConfident(_ left: CaptureLabel, _ right: CaptureLabel) -> Bool {
        left.confidence != right.confidence ? left.confidence > right.confidence : left.name < right.name
    }
}
