import Foundation

/// CLIP's byte-level BPE tokenizer, read from a model's `vocab.json` and `merges.txt`: text in, token ids out,
/// with the start and end tokens and truncated to the context length.
public struct CLIPTokenizer: Sendable {
    /// A pair of adjacent symbols a merge joins.
    private struct Pair: Hashable, Sendable {
        var left: String
        var right: String
    }

    private let vocabulary: [String: Int]
    private let mergeRanks: [Pair: Int]
    public let startTokenID: Int
    public let endTokenID: Int
    /// The most ids `encode` returns, start and end included.
    public let contextLength: Int
    /// The largest id in the vocabulary: must be below the model's vocabulary size.
    public let largestID: Int

    /// Loads `vocab.json` and `merges.txt` (a `#version` first line is skipped).
    public init(vocabularyFile: String, mergesFile: String, contextLength: Int = 77) throws(CLIPError) {
        let vocabularyData: Data
        let mergesText: String
        do {
            vocabularyData = try Data(contentsOf: URL(fileURLWithPath: vocabularyFile))
        } catch {
            throw .unreadable(file: vocabularyFile, reason: error.localizedDescription)
        }
        do {
            mergesText = try String(contentsOfFile: mergesFile, encoding: .utf8)
        } catch {
            throw .unreadable(file: mergesFile, reason: error.localizedDescription)
        }
        guard let object = try? JSONSerialization.jsonObject(with: vocabularyData),
              let entries = object as? [String: Any]
        else {
            throw .badTokenizer(file: vocabularyFile, reason: "not a JSON object of token → id")
        }
        var vocabulary: [String: Int] = [:]
        for (token, value) in entries {
            guard let id = (value as? NSNumber)?.intValue else {
                throw .badTokenizer(file: vocabularyFile, reason: "the id of \"\(token)\" is not a number")
            }
            vocabulary[token] = id
        }
        var ranks: [Pair: Int] = [:]
        for (lineNumber, line) in mergesText.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty || (lineNumber == 0 && line.hasPrefix("#version")) { continue }
            let parts = line.split(separator: " ")
            guard parts.count == 2 else {
                throw .badTokenizer(file: mergesFile, reason: "line \(lineNumber + 1) is not two symbols: \"\(line)\"")
            }
            let pair = Pair(left: String(parts[0]), right: String(parts[1]))
            if ranks[pair] == nil { ranks[pair] = ranks.count }
        }
        guard let start = vocabulary["<|startoftext|>"], let end = vocabulary["<|endoftext|>"] else {
            throw .badTokenizer(file: vocabularyFile, reason: "lacks <|startoftext|> or <|endoftext|>")
        }
        guard contextLength >= 2 else {
            throw .badTokenizer(file: vocabularyFile, reason: "context length \(contextLength) leaves no room")
        }
        self.vocabulary = vocabulary
        self.mergeRanks = ranks
        self.startTokenID = start
        self.endTokenID = end
        self.contextLength = contextLength
        self.largestID = vocabulary.values.max() ?? 0
    }

    /// The ids of `text`: the start token, at most `contextLength - 2` text tokens, the end token.
    public func encode(_ text: String) -> [Int] {
        var ids = [startTokenID]
        let room = contextLength - 2
        pieces: for piece in CLIPTextSplitter.split(text) {
            for id in encodePiece(piece) {
                guard ids.count - 1 < room else { break pieces }
                ids.append(id)
            }
        }
        ids.append(endTokenID)
        return ids
    }

    /// The BPE tokens of one pre-tokenised piece, as vocabulary strings (for inspection).
    func symbols(of piece: String) -> [String] {
        if CLIPTextSplitter.specialTokens.contains(piece) { return [piece] }
        var symbols = piece.utf8.map { ByteLevelAlphabet.characters[Int($0)] }
        guard !symbols.isEmpty else { return [] }
        symbols[symbols.count - 1] += "</w>"
        while symbols.count > 1 {
            var best: (rank: Int, pair: Pair)?
            for index in 0..<(symbols.count - 1) {
                let pair = Pair(left: symbols[index], right: symbols[index + 1])
                if let rank = mergeRanks[pair], rank < best?.rank ?? Int.max { best = (rank, pair) }
            }
            guard let best else { break }
            var merged: [String] = []
            var index = 0
            while index < symbols.count {
                if index < symbols.count - 1, symbols[index] == best.pair.left, symbols[index + 1] == best.pair.right {
                    merged.append(best.pair.left + best.pair.right)
                    index += 2
                } else {
                    merged.append(symbols[index])
                    index += 1
                }
            }
            symbols = merged
        }
        return symbols
    }

    /// Ids of one piece; a symbol missing from the vocabulary becomes the end token, CLIP's unknown token.
    private func encodePiece(_ piece: String) -> [Int] {
        symbols(of: piece).map { vocabulary[$0] ?? endTokenID }
    }
}
