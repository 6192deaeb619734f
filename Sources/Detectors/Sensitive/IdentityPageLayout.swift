import Foundation

/// What a photo or scan of an identity document shows when its machine-readable zone cannot be read: a document
/// title (`PASSPORT`, `PERSONALAUSWEIS`, `DOCUMENTO NACIONAL DE IDENTIDAD`; `IdentityDocumentTitles`), the labels
/// of its fields (surname, given names, date of birth, nationality, sex, place of birth, issue and expiry, document
/// number) in the languages such documents print (EN, DE, FR, ES, IT, NL, PT, PL), often two at once
/// (`Surname/Nom`), and the values: a date, a document number.
///
/// Labels are matched on words as read: lower case, diacritics dropped, and a word of five letters or more within
/// one edit of the label's (`Surnamc`, `Nationallty`, `PASSP0RT`). A field counts only on a line that is mostly
/// labels (at most two other words: a value such as `F` or `DEUTSCH`), never inside a sentence: an article
/// saying "the form asks for your surname, given names, date of birth and nationality" has no label line.
public struct IdentityPageLayout: Sendable {
    /// The fields an identity document labels.
    public enum Field: String, CaseIterable, Sendable {
        case surname, givenNames, birthDate, nationality, sex, birthPlace, expiry, issue, documentNumber
    }

    /// The kind of document the title read names (`passport`, `identity card`, ...), if one was read.
    public let title: String?
    /// The fields whose labels stand on label lines.
    public let fields: Set<Field>
    /// Whether a line holds a date with a four-digit year (`12.08.1983`, `12 AUG 1974`, `08/31/1988`), look-alike
    /// letters allowed in its digits' places (`l2.O8.I974`).
    public let hasDate: Bool
    /// Whether a line holds a document number: 6 to 14 capitals, digits and hyphens with at least five digits,
    /// not part of a phone number.
    public let hasDocumentNumber: Bool

    public init(lines: [String]) {
        let tokenized = lines.map(Self.tokens)
        title = tokenized.lazy.compactMap { tokens in
            IdentityDocumentTitles.tokens.first { title in
                var covered = [Bool](repeating: false, count: tokens.count)
                return Self.find(title.0, in: tokens, covered: &covered)
            }?.1
        }.first
        var fields: Set<Field> = []
        for tokens in tokenized {
            var covered = [Bool](repeating: false, count: tokens.count)
            var found: Set<Field> = []
            for (label, field) in Self.labels where Self.find(label, in: tokens, covered: &covered) {
                found.insert(field)
            }
            if !found.isEmpty, covered.filter({ !$0 }).count <= 2 { fields.formUnion(found) }
        }
        self.fields = fields
        hasDate = lines.contains { line in Self.dates.contains { Self.matches($0, line) } }
        // A phone number's groups are no document number.
        hasDocumentNumber = lines.contains { line in
            !line.contains("+") && line.split(separator: " ").contains(where: Self.isDocumentNumber)
        }
    }

    // MARK: Words

    /// The line's words: runs of letters and digits, lower case, without diacritics.
    static func tokens(_ line: String) -> [String] {
        let folded = line.lowercased().folding(options: [.diacriticInsensitive], locale: nil)
        return folded.split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    /// Whether the words `label` (already tokens) stand one after the other in `tokens` over words not yet
    /// `covered`, each equal or, for a word of five letters or more, one edit away; the match covers its words.
    static func find(_ label: [String], in tokens: [String], covered: inout [Bool]) -> Bool {
        guard !label.isEmpty, tokens.count >= label.count else { return false }
        for start in 0...(tokens.count - label.count) {
            let span = start..<(start + label.count)
            guard !span.contains(where: { covered[$0] }),
                  zip(label, tokens[span]).allSatisfy({ close($0, $1) }) else { continue }
            for index in span { covered[index] = true }
            return true
        }
        return false
    }

    /// Equal, or one edit apart when the label's word has five letters or more.
    static func close(_ label: String, _ read: String) -> Bool {
        if label == read { return true }
        guard label.count >= 5, abs(label.count - read.count) <= 1 else { return false }
        return editDistance(Array(label), Array(read), limit: 1) <= 1
    }

    /// Levenshtein distance, stopping early once every path exceeds `limit`.
    static func editDistance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            if current.min()! > limit { return limit + 1 }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }

    static func isDocumentNumber(_ word: Substring) -> Bool {
        guard (6...14).contains(word.count),
              word.allSatisfy({ ($0.isASCII && ($0.isUppercase || $0.isNumber)) || $0 == "-" || $0 == "<" }) else {
            return false
        }
        return word.filter(\.isNumber).count >= 5
    }

    static func matches(_ pattern: NSRegularExpression, _ line: String) -> Bool {
        pattern.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil
    }

    /// Dates, their digits read as OCR reads them (`l2.O8.I974`): a look-alike letter in a digit's place.
    static let dates: [NSRegularExpression] = {
        let d = "[0-9OoIlSBZ]", year = "(?:[1Il]9|[2Z][0O])\(d){2}"
        return [
            #"\b\#(d){1,2}\s?[./ -]\s?\#(d){1,2}\s?[./ -]\s?\#(year)\b"#,
            #"\b\#(d){1,2}\s?[A-Za-z]{3,4}(?:/[A-Za-z]{3,4})?\s?\#(year)\b"#,
            #"\b\#(year)-\#(d){2}-\#(d){2}\b"#,
        ].map { try! NSRegularExpression(pattern: $0) }
    }()

    // MARK: Vocabulary

    /// Field labels, longest first (so `place and date of birth` is taken before `date of birth`, `given name`
    /// before `name`).
    static let labels: [([String], Field)] = {
        let table: [(Field, [String])] = [
            (.surname, ["surname", "last name", "family name", "nom", "name", "nachname", "apellidos", "apellido",
                        "cognome", "naam", "achternaam", "apelido", "nazwisko"]),
            (.givenNames, ["given names", "given name", "first name", "prenoms", "prenom", "vornamen", "vorname",
                           "nombre", "nome", "voornamen", "imiona", "nomes proprios"]),
            (.birthDate, ["date of birth", "place and date of birth", "dob", "date de naissance", "ne e le",
                          "geburtsdatum", "geburtstag", "fecha de nacimiento", "data di nascita",
                          "luogo e data di nascita", "geboortedatum", "data de nascimento", "data urodzenia"]),
            (.nationality, ["nationality", "nationalite", "staatsangehorigkeit", "nacionalidad", "cittadinanza",
                            "nazionalita", "nationaliteit", "nacionalidade", "obywatelstwo"]),
            (.sex, ["sex", "sexe", "geschlecht", "sexo", "sesso", "geslacht", "plec"]),
            (.birthPlace, ["place of birth", "country of birth", "lieu de naissance", "geburtsort",
                           "lugar de nacimiento", "luogo di nascita", "geboorteplaats", "local de nascimento",
                           "miejsce urodzenia"]),
            (.expiry, ["date of expiry", "expiry date", "expiry", "expires", "valid until", "gultig bis",
                       "date d expiration", "valable jusqu au", "valido hasta", "scadenza", "geldig tot",
                       "data de validade", "data waznosci"]),
            (.issue, ["date of issue", "date de delivrance", "ausstellungsdatum", "fecha de expedicion", "emissione",
                      "data di rilascio", "datum van afgifte", "data de emissao", "data wydania", "resident since"]),
            (.documentNumber, ["passport no", "document no", "document number", "n du document", "n du passeport",
                               "card no", "ausweisnummer", "passnummer", "num soporte", "numero de documento",
                               "documentnummer", "uscis", "numer dokumentu", "personal no"]),
        ]
        return table.flatMap { field, labels in labels.map { (tokens($0), field) } }
            .sorted { $0.0.count > $1.0.count }
    }()
}
