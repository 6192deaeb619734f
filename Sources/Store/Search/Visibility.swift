import Foundation

/// What search and batches may show: a capture that is not held back, not out of focus, a moment's
/// representative (or alone), and kept by the index options.
enum Visibility {
    /// The SQL condition on `captures AS c` and its arguments.
    static func condition(_ options: IndexOptions, now: Date, alias c: String = "c") -> (sql: String, arguments: [DatabaseValue]) {
        let chosen = options.visibility(now: now, alias: c)
        return ("""
            \(c).moment_representative = 1 AND \(c).out_of_focus IS NOT 1
            AND NOT EXISTS (SELECT 1 FROM capture_holds WHERE capture_id = \(c).id) AND \(chosen.sql)
            """, chosen.arguments)
    }

    /// The same condition on `capture_facts AS c` (its `held` flag instead of a `capture_holds` probe; the options'
    /// focus, window and newest columns have the same names there).
    static func factsCondition(_ options: IndexOptions, now: Date) -> (sql: String, arguments: [DatabaseValue]) {
        let chosen = options.visibility(now: now, alias: "c")
        return ("c.moment_representative = 1 AND c.out_of_focus IS NOT 1 AND c.held = 0 AND \(chosen.sql)",
                chosen.arguments)
    }
}
