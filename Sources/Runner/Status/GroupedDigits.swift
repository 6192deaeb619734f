/// A count as people read it: 1234567 as "1,234,567".
public func groupedDigits(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var result = number < 0 ? "-" : ""
    for (index, digit) in digits.enumerated() {
        if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
        result.append(digit)
    }
    return result
}
