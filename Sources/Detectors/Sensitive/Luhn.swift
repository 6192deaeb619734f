/// The Luhn (mod 10) check used by payment cards and IMEIs.
public enum Luhn {
    /// Whether `digits` (0...9 values, most significant first) pass the Luhn check.
    public static func isValid(_ digits: [Int]) -> Bool {
        guard digits.count >= 2 else { return false }
        var sum = 0
        for (offset, digit) in digits.reversed().enumerated() {
            if offset % 2 == 1 {
                let doubled = digit * 2
                sum += doubled > 9 ? doubled - 9 : doubled
            } else {
                sum += digit
            }
        }
        return sum % 10 == 0
    }

    /// Whether the decimal digits of `text` (other characters ignored) pass the check.
    public static func isValid(_ text: String) -> Bool { isValid(text.compactMap(\.wholeNumberValue)) }
}
