import Foundation

/// Identity documents: a machine-readable zone passing its ICAO 9303 check digits; a driver's licence's AAMVA
/// PDF417 payload; or a document's title (`IdentityDocumentTitles`: passport, identity card, residence permit,
/// driving licence) with at least three of its field labels (surname, given names, date of birth, nationality, ...)
/// and a value (a date or a document number); or, with no title read, four fields labelled with both a date and a document number
/// (`IdentityPageLayout`). An article about passports has the word but not the fields; a passenger form has the
/// labels but no values.
public enum IdentityDocumentRule {
    public static let mrzID = "identity.mrz"
    public static let aamvaID = "identity.aamva"
    public static let wordingID = "identity.wording"
    public static let layoutID = "identity.layout"

    static let fieldLabels = [
        "surname", "given names", "given name", "name", "name/nom", "nom", "prénoms", "vorname", "vornamen", "date of birth",
        "dob", "geburtsdatum", "date de naissance", "nationality", "nationalité", "staatsangehörigkeit", "sex",
        "sexe", "place of birth", "lieu de naissance", "date of issue", "date of expiry", "expiry date", "exp",
        "issuing authority", "authority", "passport no", "document no", "card no", "dl no", "dln", "class",
        "restrictions", "endorsements", "height", "hgt", "eyes", "iss", "personal no", "ausweisnummer",
    ]

    public static func evaluate(_ input: DetectorInput) -> SensitiveFinding? {
        if let zone = MRZ.find(in: input.lines) {
            return SensitiveFinding(
                category: .identityDocument, rule: mrzID,
                reason: "identity document: a \(zone.format.rawValue) machine-readable zone passing "
                    + (zone.partial ? "its document-number, birth and expiry check digits (the rest misread)"
                                    : "all \(zone.checks) ICAO 9303 check digits")
                    + (zone.repaired ? " (after repairing OCR letter/digit swaps)" : ""))
        }
        for code in input.codes {
            let text = code.text ?? String(decoding: code.bytes, as: UTF8.self)
            if text.contains("ANSI 636") || text.contains("AAMVA") || (text.hasPrefix("@") && text.contains("DAQ")
                && text.contains("DCS")) {
                return SensitiveFinding(category: .identityDocument, rule: aamvaID,
                                        reason: "identity document: a driver's licence barcode (AAMVA \(code.format) payload)")
            }
        }
        // A document shows values: a date, a document number. A form still to fill in (a booking's passenger
        // details) shows the labels alone.
        let layout = IdentityPageLayout(lines: input.lines)
        guard layout.hasDate || layout.hasDocumentNumber else { return nil }
        let lower = input.lowercased
        if let title = IdentityDocumentTitles.all.first(where: { Words.contains(lower, $0.title) }) {
            // A document shows its labels one per field, next to short values; prose uses them inside sentences
            // (the labels are counted on short lines only).
            let short = input.lines.filter { $0.count <= 40 }
            let labels = Set(Words.found(short.joined(separator: "\n").lowercased(), fieldLabels))
            if labels.count >= 3, short.count * 2 >= input.lines.count {
                return SensitiveFinding(category: .identityDocument, rule: wordingID,
                                        reason: "identity document: a \(title.kind) page with \(labels.count) of its field labels")
            }
        }
        // The title and labels as OCR reads them (a letter off), in more languages, on label lines.
        if let title = layout.title, layout.fields.count >= 3 {
            return SensitiveFinding(category: .identityDocument, rule: wordingID,
                                    reason: "identity document: a \(title) page with \(layout.fields.count) of its fields labelled")
        }
        // No title read (cut off, or misread beyond one letter): more fields, and both kinds of value.
        if layout.fields.count >= 4, layout.hasDate, layout.hasDocumentNumber {
            return SensitiveFinding(category: .identityDocument, rule: layoutID,
                                    reason: "identity document: \(layout.fields.count) identity fields labelled, with a date "
                                        + "and a document number, and no title read")
        }
        return nil
    }
}
