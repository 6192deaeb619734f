// An example of the IndexClient library: open an index, add a grant, read its batches, search with facets,
// change options, rebuild. Run: swift run index-client-example <index.sqlite> [pipeline.json]
//
// With a pipeline file it indexes first; without one it uses what the index holds.
import Foundation
import IndexClient
import Store

let arguments = CommandLine.arguments.dropFirst()
guard let path = arguments.first else {
    FileHandle.standardError.write(Data("usage: index-client-example <index.sqlite> [pipeline.json]\n".utf8))
    exit(64)
}

do {
    let index = try PoolIndex(path: path)
    let grant = try index.addGrant(app: "example", sources: ["*"], evidence: true)
    print("grant \(grant.id) covers every source, with evidence")

    if let pipeline = arguments.dropFirst().first {
        let summary = try await index.run(pipeline: pipeline)
        print("indexed \(summary?.status.lastRun?.indexed ?? 0) captures")
    }
    print("phase \(try index.status().phase.rawValue)")

    var items = 0
    for try await batch in try index.batches(grant: grant.id, follow: false) {
        items += batch.items.count
        print("\(batch.id): \(batch.items.count) captures")
    }
    print("\(items) captures in batches")

    let results = try index.search(SearchRequest(text: "receipt", limit: 5, facets: true))
    print("search \"receipt\": \(results.total) results")
    for result in results.results {
        print("  \(result.path)  \(result.snippet ?? "")")
    }
    for (facet, counts) in results.facets.sorted(by: { $0.key < $1.key }) {
        print("  \(facet): " + counts.map { "\($0.value) \($0.count)" }.joined(separator: ", "))
    }

    var options = try index.options()
    options.windowDays = 365
    try index.setOptions(options)
    print("options: window \(options.windowDays ?? 0) days")

    try index.revokeGrant(grant.id)
    print("revoked \(grant.id); grants left: \(try index.grants().count)")
} catch {
    FileHandle.standardError.write(Data("index-client-example: \(error)\n".utf8))
    exit(1)
}
