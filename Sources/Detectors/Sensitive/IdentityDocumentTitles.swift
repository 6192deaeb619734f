import Foundation

/// The titles identity documents print (`PASSPORT`, `PERSONALAUSWEIS`, `DOCUMENTO NACIONAL DE IDENTIDAD`,
/// `DRIVER'S LICENSE`) in the languages such documents use (EN, DE, FR, ES, IT, NL, PT, PL), and the kind of
/// document each names. The one table of titles: `IdentityDocumentRule` finds them as whole phrases in the text,
/// `IdentityPageLayout` as words as OCR reads them (`tokens`: lower case, diacritics and apostrophes dropped, a
/// letter off in a long word).
enum IdentityDocumentTitles {
    /// Each title as written (lower case) and the kind it names; the longer of two titles that share words first.
    static let all: [(title: String, kind: String)] = [
        ("passport", "passport"), ("passeport", "passport"), ("reisepass", "passport"), ("pasaporte", "passport"),
        ("passaporto", "passport"), ("paspoort", "passport"), ("passaporte", "passport"), ("paszport", "passport"),
        ("identity card", "identity card"), ("id card", "identity card"), ("personalausweis", "identity card"),
        ("carte nationale d'identité", "identity card"), ("carte d'identité", "identity card"),
        ("documento nacional de identidad", "identity card"), ("carta d'identità", "identity card"),
        ("carta di identità", "identity card"), ("identiteitskaart", "identity card"),
        ("cartão de cidadão", "identity card"), ("dowód osobisty", "identity card"),
        ("residence permit", "residence permit"), ("aufenthaltstitel", "residence permit"),
        ("titre de séjour", "residence permit"), ("permiso de residencia", "residence permit"),
        ("permesso di soggiorno", "residence permit"), ("verblijfsvergunning", "residence permit"),
        ("permanent resident", "residence permit"),
        ("driver's license", "driving licence"), ("drivers license", "driving licence"),
        ("driver license", "driving licence"), ("driving licence", "driving licence"),
        ("führerschein", "driving licence"), ("permis de conduire", "driving licence"),
    ]

    /// The titles as OCR-tolerant words (`IdentityPageLayout.tokens`), with their kinds.
    static let tokens: [([String], String)] = all.map { (IdentityPageLayout.tokens($0.title), $0.kind) }
}
