/// One of Tesseract's dictionaries as stored in a traineddata file (`SquishedDawg`, src/dict/dawg.cpp): a
/// directed acyclic word graph whose nodes are runs of edges in one array. Each edge is a little-endian 64-bit
/// record: the character id in the low bits (enough bits for the character set's size), then three flags (last
/// edge of its node, backward edge, end of a word), then the index of the first edge of the node it leads to
/// (0: none). The file holds a 16-bit magic number (42), the character set's size (32 bits), the number of edges
/// (32 bits), then the edges. Node 0 is the root; its edges are sorted by character id.
struct SquishedDawg: Sendable {
    /// An edge: the index of its record.
    typealias Edge = Int

    /// What the dictionary is for, as Tesseract types it (it decides how digits are matched).
    enum Kind: Sendable { case punctuation, words, numbers }

    let kind: Kind
    private let edges: [UInt64]
    private let letterMask: UInt64
    private let flagShift: UInt64
    private let nextShift: UInt64
    /// The number of forward edges of the root.
    private let rootEdges: Int

    static let magic: Int16 = 42
    private static let lastFlag: UInt64 = 1, backwardFlag: UInt64 = 2, wordEndFlag: UInt64 = 4

    /// Reads a dawg from `bytes` (one traineddata component, or a file's bytes). `characters` is the size of
    /// the character set its ids index; a dawg made for another set fails.
    init(_ bytes: ModelBytes, kind: Kind, characters: Int) throws(ReadingError) {
        var reader = bytes
        let magic = Int16(truncatingIfNeeded: Int(try reader.uint8("the magic number"))
            | Int(try reader.uint8("the magic number")) << 8)
        guard magic == Self.magic else {
            throw reader.failure("the magic number is \(magic), not \(Self.magic) (not a dawg, or big-endian)")
        }
        let setSize = Int(try reader.uint32("the character set size"))
        guard setSize == characters else {
            throw reader.failure("the dawg is for \(setSize) characters, the model has \(characters)")
        }
        let count = Int(try reader.uint32("the number of edges"))
        guard count > 0, count <= (reader.bytes.count - reader.offset) / 8 else {
            throw reader.failure("\(count) edges do not fit in the \(reader.bytes.count - reader.offset) bytes left")
        }
        var edges = [UInt64](repeating: 0, count: count)
        let raw = try reader.take(count * 8, for: "the edges")
        raw.withUnsafeBytes { source in
            edges.withUnsafeMutableBytes { $0.copyMemory(from: source) }
        }
        // The records are little-endian, as is every machine this runs on; convert in case.
        for index in edges.indices { edges[index] = UInt64(littleEndian: edges[index]) }
        // Tesseract 5 takes ceil(log2(size)) bits for the character id (the size itself is its "no character").
        var bits: UInt64 = 0
        while (1 << bits) < setSize { bits += 1 }
        self.kind = kind
        self.edges = edges
        letterMask = (1 << bits) - 1
        flagShift = bits
        nextShift = bits + 3
        let empty = ~UInt64(0) << (bits + 3)
        // Every link must stay inside the array and every node's run of edges must end.
        var index = 0
        while index < count {
            let record = edges[index]
            if record == empty { index += 1; continue }
            let next = Int(record >> (bits + 3))
            guard next < count else {
                throw bytes.failure("edge \(index) leads to node \(next), past the \(count) edges")
            }
            if record >> bits & Self.backwardFlag == 0, record >> bits & Self.lastFlag == 0, index == count - 1 {
                throw bytes.failure("the node of edge \(index) has no last edge")
            }
            index += 1
        }
        var root = 0
        while root < count, edges[root] != empty, edges[root] >> bits & Self.backwardFlag == 0 {
            root += 1
            if edges[root - 1] >> bits & Self.lastFlag != 0 { break }
        }
        rootEdges = root
    }

    /// The edge for `character` out of `node` (0 is the root), or nil.
    func edge(from node: Int, character: Int) -> Edge? {
        let id = UInt64(character)
        if node == 0 {
            var low = 0, high = rootEdges - 1
            while low <= high {
                let middle = (low + high) >> 1
                let found = edges[middle] & letterMask
                if found == id { return middle }
                if found < id { low = middle + 1 } else { high = middle - 1 }
            }
            return nil
        }
        var index = node
        guard index < edges.count, edges[index] != ~UInt64(0) << nextShift else { return nil }
        while index < edges.count {
            let record = edges[index]
            if record & letterMask == id { return index }
            if record >> flagShift & Self.lastFlag != 0 { return nil }
            index += 1
        }
        return nil
    }

    /// Whether a word may end with `edge`.
    func endsWord(_ edge: Edge) -> Bool { edges[edge] >> flagShift & Self.wordEndFlag != 0 }

    /// The node `edge` leads to, or nil at the end of a word with no continuation (Tesseract's
    /// `GetStartingNode`: a word that has begun never starts again from the root).
    func node(after edge: Edge) -> Int? {
        let next = Int(edges[edge] >> nextShift)
        return next == 0 ? nil : next
    }
}
