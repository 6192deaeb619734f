import Runner

/// One row of `vectors`, decoded (carried out of a read transaction).
struct StoredVector: Sendable {
    var capture: CaptureID
    var values: [Float]
}
