/// A pipeline file as written, before any kind is resolved: sources, stages and edges.
///
///     {
///       "name": "default",
///       "sources": [{"id": "library", "kind": "folder", "options": {"path": "../samples"}}],
///       "stages": [{"id": "decode", "kind": "vips.decode", "concurrency": 2, "buffer": 4}, ...],
///       "edges": [{"from": "library", "to": "decode"}, {"from": "decode", "to": ["ocr", "codes"]}, ...]
///     }
public struct PipelineSpec: Sendable, Equatable {
    /// One source or stage as the file declares it.
    public struct Node: Sendable, Equatable {
        public var id: String
        public var kind: String
        public var options: [String: JSONValue]
        /// Workers that call the stage at once (stages only).
        public var concurrency: Int
        /// Captures that may wait in front of the stage (stages only); nil picks twice the concurrency.
        public var buffer: Int?

        public init(id: String, kind: String, options: [String: JSONValue] = [:], concurrency: Int = 1, buffer: Int? = nil) {
            self.id = id
            self.kind = kind
            self.options = options
            self.concurrency = concurrency
            self.buffer = buffer
        }
    }

    /// One edge as the file declares it: every `from` feeds every `to`.
    public struct Edge: Sendable, Equatable {
        public var from: [String]
        public var to: [String]

        public init(from: [String], to: [String]) {
            self.from = from
            self.to = to
        }
    }

    public var name: String
    public var sources: [Node]
    public var stages: [Node]
    public var edges: [Edge]

    public init(name: String, sources: [Node], stages: [Node], edges: [Edge]) {
        self.name = name
        self.sources = sources
        self.stages = stages
        self.edges = edges
    }
}
