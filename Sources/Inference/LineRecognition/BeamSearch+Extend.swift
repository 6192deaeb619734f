extension BeamSearch {
    /// Extends the path ending at `previous` (nil: the line's start) by a repeat of its code and by each of
    /// `codes` (Tesseract's `ContinueContext`). `inWord`: the path is in the dictionary heap.
    mutating func extend(_ previous: Int32?, inWord: Bool, codes: [Int], tier: [Int]) {
        let before = previous.map { nodes[Int($0)] }
        if let before, tier.contains(Int(before.code)) {
            pushRepeatOrBlank(code: Int(before.code), character: before.character, repeats: true,
                              certainty: certainty(Int(before.code)), inWord: inWord, after: previous)
        }
        for code in codes {
            if let before, before.code == Int32(code) { continue }
            let cert = certainty(code)
            if code == nullCode {
                pushCharacter(code: code, character: -1, certainty: cert, inWord: inWord, after: previous)
                continue
            }
            guard code < characterOfCode.count else { continue }
            let character = characterOfCode[code]
            guard character >= 0, cert >= Self.minimumCertainty else { continue }
            pushCharacter(code: code, character: character, certainty: cert, inWord: inWord, after: previous)
        }
    }

    /// A new node after `previous`, its score `certainty` more.
    func node(code: Int, character: Int32, certainty: Float, permuter: WordDictionary.Permuter,
              repeats: Bool = false, startsWord: Bool = false, endsWord: Bool = false, positions: Int32 = -1,
              after previous: Int32?) -> Node
    {
        let before = previous.map { nodes[Int($0)] }
        var hash = before?.hash ?? 0
        if !repeats && code != nullCode {
            let range = UInt64(codes)
            hash = hash &* range &+ (((hash >> 32) &* range) >> 32) &+ UInt64(code)
        }
        return Node(code: Int32(code), character: character, previous: previous ?? -1,
                    lastCharacter: before?.lastCharacter ?? -1, step: Int32(step),
                    score: certainty + (before?.score ?? 0), probability: row[code], hash: hash,
                    permuter: permuter, startsWord: startsWord, endsWord: endsWord, repeats: repeats,
                    positions: positions)
    }

    /// A repeat of the last code, or a blank, keeps the path where it is in the dictionaries
    /// (`PushDupOrNoDawgIfBetter`).
    mutating func pushRepeatOrBlank(code: Int, character: Int32, repeats: Bool, certainty: Float, inWord: Bool,
                                    after previous: Int32?)
    {
        let permuter = previous.map { nodes[Int($0)].permuter }
        if inWord {
            guard certainty > Self.worstDictionaryCertainty else { return }
            push(node(code: code, character: character, certainty: certainty, permuter: permuter ?? .none,
                      repeats: repeats, after: previous), into: .words)
        } else {
            let scaled = certainty * Self.dictionaryRatio
            guard scaled >= Self.minimumCertainty || code == nullCode else { return }
            push(node(code: code, character: character, certainty: scaled, permuter: permuter ?? .topChoice,
                      repeats: repeats, after: previous), into: .plain)
        }
    }

    /// A character (or the blank) after `previous` (`ContinueUnichar`): outside the dictionaries at 2.25 times
    /// its certainty, and a space there may start a dictionary word; inside them, as the dictionaries allow.
    mutating func pushCharacter(code: Int, character: Int32, certainty: Float, inWord: Bool,
                                after previous: Int32?)
    {
        if inWord {
            guard certainty > Self.worstDictionaryCertainty else { return }
            continueWord(code: code, character: character, certainty: certainty, after: previous)
            return
        }
        push(node(code: code, character: character, certainty: certainty * Self.dictionaryRatio,
                  permuter: .topChoice, after: previous), into: .plain)
        if dictionary != nil, character == 0, certainty > Self.worstDictionaryCertainty {
            offerWordStart(code: code, permuter: .none, certainty: certainty, after: previous)
        }
    }

    /// Keeps the best path that may start a dictionary word at this step (`PushInitialDawgIfBetter`).
    mutating func offerWordStart(code: Int, permuter: WordDictionary.Permuter, certainty: Float,
                                 after previous: Int32?)
    {
        let candidate = node(code: code, character: 0, certainty: certainty, permuter: permuter,
                             startsWord: true, positions: 0, after: previous)
        if bestStart == nil || candidate.score > bestStart!.score { bestStart = candidate }
    }

    /// The lowest score of the paths of a heap (not empty).
    private func lowestScore(_ heap: [Int32]) -> Float {
        var lowest = nodes[Int(heap[0])].score
        for index in heap.dropFirst() where nodes[Int(index)].score < lowest { lowest = nodes[Int(index)].score }
        return lowest
    }

    /// A character on a dictionary path (`ContinueDawg`): a blank stays, a space must follow a complete word,
    /// anything else must continue the word in some dictionary.
    mutating func continueWord(code: Int, character: Int32, certainty: Float, after previous: Int32?) {
        guard let dictionary else { return }
        if character < 0 {
            push(node(code: code, character: -1, certainty: certainty, permuter: .none, after: previous),
                 into: .words)
            return
        }
        let score = certainty + (previous.map { nodes[Int($0)].score } ?? 0)
        if wordHeap.count >= Self.width, plainHeap.count >= Self.width,
           score <= lowestScore(wordHeap), score <= lowestScore(plainHeap) { return }
        let lastIndex = previous.map { nodes[Int($0)].lastCharacter } ?? -1
        let last = lastIndex >= 0 ? nodes[Int(lastIndex)] : nil
        if character == 0 {
            guard let last, last.endsWord else { return }
            offerWordStart(code: code, permuter: last.permuter, certainty: certainty, after: previous)
            push(node(code: code, character: 0, certainty: certainty, permuter: last.permuter, after: previous),
                 into: .plain)
            return
        }
        // Two words in a row need a space between them.
        if let last, last.startsWord, last.character != 0 { return }
        let at: [WordDictionary.Position]
        if let last {
            guard last.positions >= 0 else { return }
            at = positions[Int(last.positions)]
        } else {
            at = dictionary.start
        }
        let read = dictionary.read(Int(character), at: at)
        guard read.permuter != .none else { return }
        positions.append(read.positions)
        push(node(code: code, character: character, certainty: certainty, permuter: read.permuter,
                  endsWord: read.validEnd, positions: Int32(positions.count - 1), after: previous),
             into: .words)
    }
}
