import CSQLite
import Foundation

/// `pool_phrase_frequencies(fts_table, weight0, weight1, …)`: an FTS5 auxiliary function giving, for the current
/// row of a `MATCH`, each phrase's frequency as FTS5's `bm25()` counts it — every instance of the phrase adds its
/// column's weight (1.0 for a column past the weights given), in the order FTS5 lists the instances — as a blob of
/// one native `Double` per phrase of the query.
///
/// What `bm25()` reads per row besides the row's size and the query's statistics, without either: it does not read
/// the row's docsize record (`xColumnSize`) nor count each phrase's rows (`xQueryPhrase`), the two costs that make
/// `bm25()` of tens of thousands of matches expensive. `IndexStore+ExactRanking` adds the size and the statistics
/// it keeps elsewhere and computes the same score (`BM25Bound.score`). Registered on a connection when first needed.
extension Database {
    /// The function's SQL name.
    static let phraseFrequenciesFunction = "pool_phrase_frequencies"

    /// Registers `pool_phrase_frequencies` on this connection (once).
    func registerPhraseFrequencies() throws(DatabaseError) {
        guard !phraseFrequenciesRegistered else { return }
        var statement: OpaquePointer?
        var code = sqlite3_prepare_v2(handle, "SELECT fts5(?1)", -1, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            throw DatabaseError(extendedCode: code, message: "fts5 is not available: \(String(cString: sqlite3_errmsg(handle)))")
        }
        defer { sqlite3_finalize(statement) }
        // SQLite writes the API's address into `slot` while the statement steps, and compares the type name then.
        let slot = UnsafeMutablePointer<UnsafeMutablePointer<fts5_api>?>.allocate(capacity: 1)
        slot.initialize(to: nil)
        defer { slot.deallocate() }
        let type = strdup("fts5_api_ptr")
        defer { free(type) }
        sqlite3_bind_pointer(statement, 1, slot, type, nil)
        code = sqlite3_step(statement)
        guard code == SQLITE_ROW, let api = slot.pointee, api.pointee.iVersion >= 2 else {
            throw DatabaseError(extendedCode: code, message: "fts5 gave no extension API")
        }
        code = api.pointee.xCreateFunction(api, Self.phraseFrequenciesFunction, nil, phraseFrequencies, nil)
        guard code == SQLITE_OK else {
            throw DatabaseError(extendedCode: code, message: "cannot register \(Self.phraseFrequenciesFunction)")
        }
        phraseFrequenciesRegistered = true
    }
}

/// The function itself (a C callback: no captures). Up to 64 phrases; a query with more gets an error.
private let phraseFrequencies: fts5_extension_function = { api, fts, context, count, values in
    guard let api, let context else { return }
    let phrases = Int(api.pointee.xPhraseCount(fts))
    guard phrases <= 64 else {
        sqlite3_result_error(context, "pool_phrase_frequencies: more than 64 phrases", -1)
        return
    }
    withUnsafeTemporaryAllocation(of: Double.self, capacity: max(1, phrases)) { frequencies in
        frequencies.initialize(repeating: 0)
        var instances: Int32 = 0
        var code = api.pointee.xInstCount(fts, &instances)
        var index: Int32 = 0
        while code == SQLITE_OK, index < instances {
            var phrase: Int32 = 0, column: Int32 = 0, offset: Int32 = 0
            code = api.pointee.xInst(fts, index, &phrase, &column, &offset)
            if code == SQLITE_OK, phrase >= 0, Int(phrase) < phrases {
                // As bm25(): the column's weight when given, else 1.0, added in instance order.
                let weight = count > column ? sqlite3_value_double(values![Int(column)]) : 1.0
                frequencies[Int(phrase)] += weight
            }
            index += 1
        }
        guard code == SQLITE_OK else {
            sqlite3_result_error_code(context, code)
            return
        }
        sqlite3_result_blob(context, UnsafeRawPointer(frequencies.baseAddress!), Int32(phrases * 8),
                            csqlite_transient())
    }
}
