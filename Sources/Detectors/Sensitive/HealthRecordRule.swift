import Foundation

/// Health records: every code payload that is an EU Digital COVID Certificate (`HC1:` base45 → zlib → COSE) or a
/// SMART Health Card (`shc:/` digits) is held, decoded or not; and lab results, prescriptions, vaccination
/// certificates, insurance cards and clinical notes by their wording: at least three distinct terms of one kind,
/// laid out as a record (labels with values), which an article about vaccines does not have.
public enum HealthRecordRule {
    static let kinds: [(name: String, terms: [String])] = [
        ("lab results", ["lab results", "laboratory", "reference range", "ref. range", "specimen", "collected",
                         "hemoglobin", "haemoglobin", "hba1c", "cholesterol", "ldl", "hdl", "glucose", "creatinine",
                         "mg/dl", "mmol/l", "g/dl", "wbc", "rbc", "platelets", "tsh", "result flag", "befund"]),
        ("prescription", ["prescription", "rx", "sig", "refills", "dispense", "qty", "prescriber", "pharmacy",
                          "take one", "take 1", "tablet", "capsule", "dea", "ndc", "rezept", "ordonnance"]),
        ("vaccination certificate", ["vaccination", "vaccine", "vaccinated", "dose", "lot number", "lot no",
                                     "batch", "certificate", "immunization", "immunisation", "impfung",
                                     "impfpass", "booster", "manufacturer", "administered"]),
        ("insurance card", ["member id", "member", "group no", "group number", "rx bin", "rxbin", "rx pcn",
                            "rxgrp", "payer", "copay", "plan", "health insurance", "krankenversicherung",
                            "versichertennummer", "subscriber", "dependents"]),
        ("clinical note", ["patient", "diagnosis", "chief complaint", "history of present illness", "assessment",
                           "plan", "icd-10", "vitals", "blood pressure", "allergies", "medications",
                           "physician", "discharge", "admission", "mrn"]),
    ]

    public static func evaluate(_ input: DetectorInput) -> SensitiveFinding? {
        for code in input.codes {
            let text = code.text ?? String(decoding: code.bytes, as: UTF8.self)
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.uppercased().hasPrefix("HC1:") {
                let decoded = decodesAsCOSE(String(trimmed.dropFirst(4)))
                return SensitiveFinding(category: .healthRecord, rule: "health.hc1", reason: decoded
                    ? "health record: an EU Digital COVID Certificate (HC1: base45, zlib and COSE all decode)"
                    : "health record: an HC1: health certificate payload (it does not fully decode)")
            }
            if trimmed.lowercased().hasPrefix("shc:/") {
                return SensitiveFinding(category: .healthRecord, rule: "health.shc",
                                        reason: "health record: a SMART Health Card (shc:/) payload")
            }
        }
        let lower = input.lowercased
        if lower.contains("hc1:") || lower.contains("shc:/") {
            return SensitiveFinding(category: .healthRecord, rule: "health.payload-text",
                                    reason: "health record: an HC1:/shc:/ health certificate payload in the text")
        }
        let lines = input.lines
        // A record's line is short: a label with its value, or a few words; a paragraph the screen wrapped into
        // short lines (an article about vaccines, seed 6363 through OCR) has a dozen words a line and no label.
        let labelled = lines.filter { line in
            line.count <= 60 && (line.contains(":") || line.split(separator: " ").count <= 8)
        }.count
        guard !lines.isEmpty, labelled * 3 >= lines.count * 2 else { return nil }
        // A record's lines each start a label or a value; a sentence the screen wrapped goes on in lower case on the
        // next line (`and a booster dose each` / `this year,`: the article of seed 8591 through OCR, its lines short).
        let continued = zip(lines, lines.dropFirst()).filter { previous, line in
            line.first?.isLowercase == true && !previous.hasSuffix(":")
        }.count
        guard continued * 3 < lines.count else { return nil }
        var best: (name: String, count: Int)?
        for kind in kinds {
            let count = Words.found(lower, kind.terms).count
            if count >= 3, count > (best?.count ?? 0) { best = (kind.name, count) }
        }
        guard let best else { return nil }
        return SensitiveFinding(category: .healthRecord, rule: "health.wording",
                                reason: "health record: \(best.name) wording (\(best.count) of its terms, laid out as a record)")
    }

    /// Whether an HC1 body (after the prefix) is base45 of a zlib stream holding a COSE_Sign1 (CBOR tag 18, or
    /// an untagged array of four).
    public static func decodesAsCOSE(_ body: String) -> Bool {
        guard let compressed = Base45.decode(body), let cose = Inflate.zlib(compressed), let first = cose.first
        else { return false }
        return first == 0xD2 || first == 0x84
    }
}
