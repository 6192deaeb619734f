/// The dictionaries of a traineddata file's LSTM model, as Tesseract's `Dict` uses them in its beam search
/// (`Dict::LoadLSTM`, `Dict::def_letter_is_okay`, src/dict/dict.cpp): a word is accepted letter by letter
/// when it is in the word list (`lstm-word-dawg`) or the number patterns (`lstm-number-dawg`, where every digit
/// is stored as character 0), inside the punctuation patterns (`lstm-punc-dawg`: leading and trailing marks
/// around a placeholder, character 0, that stands for the word).
struct WordDictionary: Sendable {
    /// Which kind of dictionary accepted a word so far (Tesseract's `PermuterType`; higher wins).
    enum Permuter: UInt8, Sendable, Comparable {
        case none = 0, punctuation = 1, topChoice = 2, number = 6, system = 8

        static func < (a: Permuter, b: Permuter) -> Bool { a.rawValue < b.rawValue }
    }

    /// Where a word being read stands in the dictionaries (Tesseract's `DawgPosition`): the edge reached in a
    /// word or number dawg (nil while only punctuation has been read), and in the punctuation dawg.
    struct Position: Equatable, Sendable {
        /// 0: the word dawg, 1: the number dawg, -1: none chosen yet.
        var dawg: Int8
        var dawgEdge: Int32
        var puncEdge: Int32
        /// Trailing punctuation after the word has begun.
        var backToPunctuation: Bool
    }

    /// The result of reading one more character.
    struct Step {
        var permuter: Permuter
        var positions: [Position]
        /// Whether the word may end after this character.
        var validEnd: Bool
    }

    let punctuation: SquishedDawg
    /// The word and number dawgs, in that order.
    let cores: [SquishedDawg]
    /// Which character ids are digits (from the character set's properties).
    let digits: [Bool]
    /// Where every word starts.
    let start: [Position]

    static let noEdge: Int32 = -1
    /// The character id that stands for "the word" in the punctuation dawg and for a digit in the number dawg.
    static let placeholder = 0

    init(punctuation: SquishedDawg, words: SquishedDawg, numbers: SquishedDawg, digits: [Bool]) {
        self.punctuation = punctuation
        cores = [words, numbers]
        self.digits = digits
        // As `Dict::default_dawgs`: when the punctuation dawg lets a bare word stand, every word starts there;
        // otherwise the word and number dawgs start at their roots too.
        let bare = punctuation.edge(from: 0, character: Self.placeholder).map(punctuation.endsWord) ?? false
        var start = [Position(dawg: -1, dawgEdge: Self.noEdge, puncEdge: Self.noEdge, backToPunctuation: false)]
        if !bare {
            start += [0, 1].map { Position(dawg: $0, dawgEdge: Self.noEdge, puncEdge: -2, backToPunctuation: false) }
        }
        self.start = start
    }

    /// The node a position's edge leads to: the root when nothing was read, nil past a word's end.
    private static func node(_ dawg: SquishedDawg, after edge: Int32) -> Int? {
        edge == noEdge ? 0 : dawg.node(after: Int(edge))
    }

    private func permuter(ofCore index: Int8) -> Permuter { index == 0 ? .system : .number }

    /// The positions after `character` is read at `positions` (Tesseract's `def_letter_is_okay` without word
    /// ends or patterns); `permuter` is `.none` when no dictionary accepts it.
    func read(_ character: Int, at positions: [Position]) -> Step {
        var step = Step(permuter: .none, positions: [], validEnd: false)
        guard character != Self.placeholder, character >= 0, character < digits.count else { return step }
        func add(_ position: Position) {
            if !step.positions.contains(position) { step.positions.append(position) }
        }
        for position in positions {
            // puncEdge -2 marks a core dawg started without punctuation.
            let hasPunctuation = position.puncEdge != -2
            guard position.dawg >= 0 else {
                // Only punctuation so far: the word may begin here, or the punctuation go on.
                guard let puncNode = Self.node(punctuation, after: position.puncEdge) else { continue }
                if let transition = punctuation.edge(from: puncNode, character: Self.placeholder) {
                    for (index, core) in cores.enumerated() {
                        let key = core.kind == .numbers && digits[character] ? Self.placeholder : character
                        guard let edge = core.edge(from: 0, character: key) else { continue }
                        add(Position(dawg: Int8(index), dawgEdge: Int32(edge), puncEdge: Int32(transition),
                                     backToPunctuation: false))
                        step.permuter = max(step.permuter, permuter(ofCore: Int8(index)))
                        if core.endsWord(edge) && punctuation.endsWord(transition) { step.validEnd = true }
                    }
                }
                if let edge = punctuation.edge(from: puncNode, character: character) {
                    add(Position(dawg: -1, dawgEdge: Self.noEdge, puncEdge: Int32(edge), backToPunctuation: false))
                    step.permuter = max(step.permuter, .punctuation)
                    if punctuation.endsWord(edge) { step.validEnd = true }
                }
                continue
            }
            let core = cores[Int(position.dawg)]
            if hasPunctuation, position.dawgEdge != Self.noEdge, core.endsWord(Int(position.dawgEdge)),
               let puncNode = Self.node(punctuation, after: position.puncEdge),
               let edge = punctuation.edge(from: puncNode, character: character)
            {
                // The word is complete: trailing punctuation.
                add(Position(dawg: position.dawg, dawgEdge: position.dawgEdge, puncEdge: Int32(edge),
                             backToPunctuation: true))
                step.permuter = max(step.permuter, permuter(ofCore: position.dawg))
                if punctuation.endsWord(edge) { step.validEnd = true }
            }
            guard !position.backToPunctuation, let node = Self.node(core, after: position.dawgEdge) else { continue }
            let key = core.kind == .numbers && digits[character] ? Self.placeholder : character
            guard let edge = core.edge(from: node, character: key) else { continue }
            step.permuter = max(step.permuter, permuter(ofCore: position.dawg))
            if core.endsWord(edge), !hasPunctuation || punctuation.endsWord(Int(position.puncEdge)) {
                step.validEnd = true
            }
            add(Position(dawg: position.dawg, dawgEdge: Int32(edge), puncEdge: position.puncEdge,
                         backToPunctuation: false))
        }
        return step
    }
}
