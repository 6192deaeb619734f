extension String {
    /// The text with control characters written as escapes, for a line of plain output: a path with a newline in
    /// it stays on one line and a terminal escape sequence in a file name is shown, not obeyed. `\n`, `\r`, `\t`
    /// keep their usual escapes; other C0 controls and DEL are `\xHH`, C1 controls `\u{HH}`. Paths in the index
    /// already write a backslash as `\\` (`FileSystemPath.escaped`), so an escaped path still reads back to one
    /// file. JSON output is not passed through this: JSON escapes its own strings.
    var escapingControlCharacters: String {
        guard unicodeScalars.contains(where: \.isControlCharacter) else { return self }
        var text = ""
        for scalar in unicodeScalars {
            guard scalar.isControlCharacter else {
                text.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            default:
                let digits = String(scalar.value, radix: 16, uppercase: true)
                let padded = digits.count < 2 ? "0" + digits : digits
                text += scalar.value < 0x80 ? "\\x" + padded : "\\u{" + padded + "}"
            }
        }
        return text
    }
}

extension Unicode.Scalar {
    /// C0 controls, DEL and C1 controls: characters a terminal may act on rather than show.
    fileprivate var isControlCharacter: Bool {
        value < 0x20 || (0x7F...0x9F).contains(value)
    }
}
