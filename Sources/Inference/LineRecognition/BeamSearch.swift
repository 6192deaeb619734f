import Foundation

/// Decodes a line's output probabilities with a beam over paths and the model's dictionaries, as Tesseract's
/// `RecodeBeamSearch` does with its `Dict` (src/lstm/recodebeam.cpp): every step extends each path kept so far by
/// the step's two best codes, the blank, or a repeat of its last code; a path is scored by the sum of its
/// steps' log probabilities (each less 0.085), words the dictionaries accept count at face value and all other
/// steps 2.25 times (`kDictRatio`), so a dictionary word wins over a non-word read from slightly likelier
/// letters. Paths with the same codes are merged (the better kept); five paths in dictionary words and five
/// outside them are kept per step. A dictionary path may only take characters with a log probability above
/// -25/7 (`kWorstDictCertainty / kCertaintyScale`), and only a space after a complete word. Differences from
/// Tesseract: characters of one code only (models whose characters need more fall back to greedy decoding), and
/// without its "only a repeat next" / "no repeat next" variants of the paths that sum a code with the blank.
struct BeamSearch {
    /// One path's last step: what it added, its score, and the link to the step before.
    struct Node {
        var code: Int32
        /// The character this step completes (-1: none, a blank).
        var character: Int32
        var previous: Int32
        /// The node of the path's last character that was not a repeat (-1: none yet).
        var lastCharacter: Int32
        var step: Int32
        var score: Float
        /// The code's probability at this step.
        var probability: Float
        /// The codes of the path, for merging paths that read the same.
        var hash: UInt64
        var permuter: WordDictionary.Permuter
        /// The space (or line start) a dictionary word may start after.
        var startsWord: Bool
        /// A dictionary word may end here.
        var endsWord: Bool
        var repeats: Bool
        /// Index into `positions` (-1: not in a dictionary word).
        var positions: Int32
    }

    static let dictionaryRatio: Float = 2.25
    static let certaintyOffset: Float = -0.085
    static let worstDictionaryCertainty: Float = -25.0 / 7.0
    static let minimumCertainty: Float = -20
    static let width = 5

    let codes: Int
    let nullCode: Int
    /// The character of each single code (-1: none).
    let characterOfCode: [Int32]
    let dictionary: WordDictionary?

    private(set) var nodes: [Node] = []
    /// Dictionary positions of the nodes; 0 is where every word starts.
    var positions: [[WordDictionary.Position]]
    /// The paths kept at the last step: in dictionary words, and not.
    var wordHeap: [Int32] = [], plainHeap: [Int32] = []
    /// The best path that may start a dictionary word at this step (one only, as Tesseract keeps).
    var bestStart: Node?
    /// The heaps of the step before, while a step is read (kept, with their storage, from step to step).
    private var previousWords: [Int32] = [], previousPlain: [Int32] = []
    /// The step's five best codes, and its tiers of codes to try: the best two and the blank, the next three,
    /// every other code (built only when the first two give no path). Kept from step to step, so a step
    /// allocates nothing.
    private var best: [Int] = []
    private var tiers: [[Int]] = [[], [], []]
    /// The step being read, and its row of probabilities.
    var step = 0
    var row: UnsafeBufferPointer<Float> = UnsafeBufferPointer(start: nil, count: 0)

    init(codes: Int, nullCode: Int, characterOfCode: [Int32], dictionary: WordDictionary?) {
        self.codes = codes
        self.nullCode = nullCode
        self.characterOfCode = characterOfCode
        self.dictionary = dictionary
        positions = [dictionary?.start ?? []]
    }

    /// The characters read from `probabilities` and the mean probability of their steps. When `weakSpaces`,
    /// a space is put between two letters or digits the best path joins if some blank step between them gave
    /// the space `CharacterTable.weakSpace` or more (as greedy decoding does).
    static func decode(_ probabilities: LineFeatures, table: CharacterTable, dictionary: WordDictionary?,
                       weakSpaces: Bool) -> (characters: [CharacterTable.ReadCharacter], confidence: Double)
    {
        let codes = probabilities.depth
        guard codes > table.nullCode, probabilities.positions > 0 else { return ([], 0) }
        var search = BeamSearch(codes: codes, nullCode: table.nullCode,
                                characterOfCode: table.characterOfCode, dictionary: dictionary)
        search.nodes.reserveCapacity(probabilities.positions * 12)
        probabilities.values.withUnsafeBufferPointer { values in
            for step in 0..<probabilities.positions {
                search.advance(UnsafeBufferPointer(rebasing: values[(step * codes)..<((step + 1) * codes)]), step: step)
            }
        }
        var path: [Node] = []
        var index = search.bestFinal()
        while index >= 0 {
            path.append(search.nodes[Int(index)])
            index = search.nodes[Int(index)].previous
        }
        path.reverse()
        var read: [CharacterTable.ReadCharacter] = []
        var certainty = 0.0
        var counted = 0
        var skippedSpace: (probability: Float, step: Int) = (0, 0)
        probabilities.values.withUnsafeBufferPointer { values in
            for node in path {
                if node.code == Int32(table.nullCode) {
                    let space = values[Int(node.step) * codes]
                    if space > skippedSpace.probability { skippedSpace = (space, Int(node.step)) }
                    continue
                }
                guard node.character >= 0, !node.repeats else { continue }
                let text = table.characters[Int(node.character)]
                if weakSpaces, node.character != 0, skippedSpace.probability >= CharacterTable.weakSpace,
                   let last = read.last, CharacterTable.joinsWords(last.text), CharacterTable.joinsWords(text)
                {
                    read.append(CharacterTable.ReadCharacter(text: " ", step: skippedSpace.step))
                }
                skippedSpace = (0, 0)
                read.append(CharacterTable.ReadCharacter(text: text, step: Int(node.step)))
                certainty += Double(node.probability)
                counted += 1
            }
        }
        return (read, counted > 0 ? certainty / Double(counted) : 0)
    }

    /// Whether every step's best code has probability above 1 - p, where p is the least probability a dictionary
    /// path may take (log p + offset = `worstDictionaryCertainty`): then no path but the greedy one can take
    /// another code in a dictionary word, the beam reads what greedy decoding reads, and it is skipped.
    static func isSure(_ probabilities: LineFeatures) -> Bool {
        let least = 1 - expf(worstDictionaryCertainty - certaintyOffset)
        let codes = probabilities.depth
        return probabilities.values.withUnsafeBufferPointer { values in
            var step = 0
            while step < probabilities.positions {
                var best: Float = 0
                for code in (step * codes)..<((step + 1) * codes) where values[code] > best { best = values[code] }
                if best <= least { return false }
                step += 1
            }
            return true
        }
    }

    /// Tesseract's certainty of a probability: its logarithm (at least -20), plus the offset.
    @inline(__always) func certainty(_ code: Int) -> Float {
        let probability = row[code]
        return (probability > 2.06e-9 ? logf(probability) : Self.minimumCertainty) + Self.certaintyOffset
    }

    /// Reads one more step: every kept path is extended by the step's best two codes and the blank (or, if
    /// none of those gives a path, by its next three best, then by any code).
    mutating func advance(_ row: UnsafeBufferPointer<Float>, step: Int) {
        self.row = row
        self.step = step
        // The five best codes: the first two and the blank are tried first, the next three if need be.
        best.removeAll(keepingCapacity: true)
        for code in 0..<codes {
            let probability = row[code]
            guard best.count < 5 || probability > row[best[best.count - 1]] else { continue }
            var at = best.count
            while at > 0 && row[best[at - 1]] < probability { at -= 1 }
            // Inserted at `at`, the sixth dropped: the ones after `at` move down one place.
            if best.count < 5 { best.append(code) }
            var slot = best.count - 1
            while slot > at {
                best[slot] = best[slot - 1]
                slot -= 1
            }
            best[at] = code
        }
        tiers[0].removeAll(keepingCapacity: true)
        tiers[0].append(contentsOf: best.prefix(2))
        if !tiers[0].contains(nullCode) { tiers[0].append(nullCode) }
        tiers[1].removeAll(keepingCapacity: true)
        for code in best.dropFirst(2) where code != nullCode { tiers[1].append(code) }

        swap(&previousWords, &wordHeap)
        swap(&previousPlain, &plainHeap)
        wordHeap.removeAll(keepingCapacity: true)
        plainHeap.removeAll(keepingCapacity: true)
        bestStart = nil
        if step == 0 {
            let first = tiers[0]
            extend(nil, inWord: false, codes: first, tier: first)
            if dictionary != nil { extend(nil, inWord: true, codes: first, tier: first) }
            return
        }
        let previousWords = previousWords, previousPlain = previousPlain
        for level in 0..<3 where wordHeap.isEmpty && plainHeap.isEmpty {
            if level == 2 {
                tiers[2].removeAll(keepingCapacity: true)
                for code in 0..<codes where !tiers[0].contains(code) && !tiers[1].contains(code) {
                    tiers[2].append(code)
                }
            }
            let tier = tiers[level]
            for index in previousWords { extend(index, inWord: true, codes: tier, tier: tier) }
            for index in previousPlain { extend(index, inWord: false, codes: tier, tier: tier) }
        }
        if let start = bestStart { push(start, into: .words) }
    }

    /// The best path at the last step: any outside the dictionaries, or in them if its last word is complete.
    func bestFinal() -> Int32 {
        var best: Int32 = -1
        for index in plainHeap where best < 0 || nodes[Int(index)].score > nodes[Int(best)].score { best = index }
        for index in wordHeap {
            let node = nodes[Int(index)]
            let last = node.lastCharacter
            guard last >= 0, nodes[Int(last)].endsWord || nodes[Int(last)].character == 0 else { continue }
            if best < 0 || node.score > nodes[Int(best)].score { best = index }
        }
        return best
    }

    /// Adds `node` to `heap` if the heap has room or it beats the heap's worst; a path with the same codes
    /// (and kind) already there is replaced if this one scores better.
    mutating func push(_ node: Node, into which: Heap) {
        // The heap is taken out while nodes are added, so it is not copied.
        var heap: [Int32] = []
        if which == .words { swap(&heap, &wordHeap) } else { swap(&heap, &plainHeap) }
        push(node, into: &heap)
        if which == .words { swap(&heap, &wordHeap) } else { swap(&heap, &plainHeap) }
    }

    /// Which of a step's heaps.
    enum Heap { case words, plain }

    private mutating func push(_ node: Node, into heap: inout [Int32]) {
        var worst = -1
        if heap.count >= Self.width {
            for (at, index) in heap.enumerated() where worst < 0 || nodes[Int(index)].score < nodes[Int(heap[worst])].score {
                worst = at
            }
            guard node.score > nodes[Int(heap[worst])].score else { return }
        }
        for index in heap {
            let other = nodes[Int(index)]
            guard other.code == node.code, other.hash == node.hash, other.permuter == node.permuter,
                  other.startsWord == node.startsWord else { continue }
            if node.score > other.score { store(node, at: index) }
            return
        }
        let index = Int32(nodes.count)
        nodes.append(node)
        store(node, at: index)
        if heap.count >= Self.width { heap[worst] = index } else { heap.append(index) }
    }

    /// Writes `node` at `index`, pointing its last character at itself when it reads one.
    private mutating func store(_ node: Node, at index: Int32) {
        var node = node
        if node.character >= 0 && !node.repeats { node.lastCharacter = index }
        nodes[Int(index)] = node
    }
}
