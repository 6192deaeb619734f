/// How much of a moment a date names: a time to the second, or only a day (as in a WhatsApp file name).
public enum DatePrecision: String, Sendable, Equatable {
    /// Year to second (fractions when given).
    case second
    /// Year, month and day only; the time is midnight in the zone read.
    case day
}
