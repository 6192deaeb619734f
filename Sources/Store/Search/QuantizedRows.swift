/// Vectors stored a second time at 8 bits per value (one scale per row, contiguous, rows padded to whole sixteen-lane
/// blocks), for a first pass that reads a quarter of the bytes and bounds each row's exact `Float` dot product.
///
/// A row's value `x` is kept as `c = round(x / s)` with `s = max|x| / 127`, so `|x - c·s| ≤ s/2`; the query the
/// same way with its own step `t`. The integer sum `Σ c·d` is exact, and the approximation `a = Σc·d · s·t` is
/// within `‖q‖₁·s/2 + ‖c‖₁·s·t/2` of the real dot product; the `Float` sum the exact scan forms is within a
/// rounding bound of the real one (`floatError`). So `a ± bound` brackets the exact scan's score, which lets a scan
/// choose every row that can reach the best few and rescore only those exactly (`VectorTable.nearest`). Pure, no
/// locking; built once and reused by every query.
struct QuantizedRows: Sendable {
    /// Values per row, and per row as stored (a multiple of 16, the tail zero).
    let dimension: Int
    let stride: Int
    let rowCount: Int
    /// `rowCount × stride` codes in -127...127.
    let codes: [Int8]
    /// Per row: its step `s` (`max|x| / 127`), or infinity for a row holding a non-finite value (never bounded:
    /// always rescored).
    let steps: [Double]
    /// Per row: `Σ|c|`.
    let codeSums: [Double]

    init(values: [Float], dimension: Int) {
        self.dimension = dimension
        stride = (dimension + 15) / 16 * 16
        rowCount = dimension > 0 ? values.count / dimension : 0
        var codes = [Int8](repeating: 0, count: rowCount * stride)
        var steps = [Double](repeating: 0, count: rowCount), sums = [Double](repeating: 0, count: rowCount)
        for row in 0..<rowCount {
            let base = row * dimension
            var largest: Float = 0, finite = true
            for index in 0..<dimension {
                let value = values[base + index]
                if !value.isFinite { finite = false }
                largest = max(largest, abs(value))
            }
            guard finite else {
                steps[row] = .infinity
                continue
            }
            let step = Double(largest) / 127
            steps[row] = step
            guard step > 0 else { continue }
            var sum = 0
            for index in 0..<dimension {
                let code = Self.code(Double(values[base + index]) / step)
                codes[row * stride + index] = code
                sum += abs(Int(code))
            }
            sums[row] = Double(sum)
        }
        self.codes = codes
        self.steps = steps
        codeSums = sums
    }

    /// A value divided by its step, rounded to the nearest code (clamped to ±127: only rounding can pass it).
    static func code(_ scaled: Double) -> Int8 {
        Int8(max(-127, min(127, scaled.rounded())))
    }

    /// A query quantised like a row, with what the bounds need; nil for a query holding a non-finite value.
    struct Query {
        /// The codes widened to 16 bits, `stride` of them (the tail zero).
        var codes: [Int16]
        var step: Double
        /// `‖q‖₁` of the query as given, and `‖d‖₁` of its codes.
        var magnitude: Double
        var codeSum: Double
        /// The relative rounding bound of the exact scan's `Float` sums (see `floatError`).
        var floatError: Double
    }

    func quantize(_ query: [Float]) -> Query? {
        guard query.count == dimension, query.allSatisfy(\.isFinite) else { return nil }
        let largest = query.reduce(Float(0)) { max($0, abs($1)) }
        let step = Double(largest) / 127
        var codes = [Int16](repeating: 0, count: stride)
        var magnitude = 0.0, codeSum = 0.0
        for index in 0..<dimension {
            magnitude += abs(Double(query[index]))
            if step > 0 {
                codes[index] = Int16(Self.code(Double(query[index]) / step))
                codeSum += abs(Double(codes[index]))
            }
        }
        return Query(codes: codes, step: step, magnitude: magnitude, codeSum: codeSum,
                     floatError: Self.floatError(dimension: dimension))
    }

    /// A bound on `|S - Σ q·x| / Σ|q·x|` for the `Float` sum `S` the exact scan forms: each product is rounded
    /// once, each lane adds `dimension / 16` of them in turn, the sixteen lanes are then added, then the tail one by
    /// one; `n` roundings in a chain give at most `n·u / (1 - n·u)` (u = 2⁻²⁴), doubled here for margin. (Products
    /// too small for a normal `Float` add at most 2⁻¹⁴⁹ each: an absolute term in `bounds`.)
    static func floatError(dimension: Int) -> Double {
        let chain = Double(dimension / 16 + 16 + dimension % 16 + 2)
        let unit = 0x1p-24
        return 2 * chain * unit / (1 - chain * unit)
    }

    /// The exact integer sum `Σ c·d` of `row` with the query's codes.
    @inline(__always)
    func integerDot(_ codes: UnsafeRawPointer, _ row: Int, _ query: UnsafeRawPointer) -> Int32 {
        let a = codes + row * stride
        var sum = SIMD16<Int32>()
        var k = 0
        while k < stride {
            let x = SIMD16<Int16>(truncatingIfNeeded: a.loadUnaligned(fromByteOffset: k, as: SIMD16<Int8>.self))
            let y = query.loadUnaligned(fromByteOffset: k * 2, as: SIMD16<Int16>.self)
            // |c·d| ≤ 127², which fits 16 bits; the sum is kept in 32.
            sum &+= SIMD16<Int32>(truncatingIfNeeded: x &* y)
            k += 16
        }
        return sum.wrappedSum()
    }

    /// Lower and upper bounds of the exact scan's `Float` score for `row`, from its integer sum with the query.
    @inline(__always)
    func bounds(row: Int, integer: Int32, query: Query) -> (low: Double, high: Double) {
        let step = steps[row]
        guard step.isFinite else { return (-.infinity, .infinity) }
        let approximate = Double(integer) * step * query.step
        // Quantisation: ‖q‖₁·s/2 for the row's codes, ‖c‖₁·s·t/2 for the query's (a hair more than a half step
        // each, for the rounding of x / s in Double).
        let half = 0.5 + 1e-9
        let quantization = (query.magnitude * step + codeSums[row] * step * query.step) * half
        // Σ|q·x| ≤ ‖q‖₁·max|x| = ‖q‖₁·127·s; then a relative margin for this Double arithmetic itself.
        let largestProduct = query.magnitude * 127 * step
        // A sum that could leave Float's range is not bounded (always rescored).
        guard largestProduct < 1e37 else { return (-.infinity, .infinity) }
        let error = quantization + query.floatError * largestProduct
            + 1e-12 * (abs(approximate) + largestProduct) + Double(dimension + 64) * 0x1p-149
        return (approximate - error, approximate + error)
    }
}
