import Foundation
@testable import SensitiveDetectors
import Testing

/// One table of identity-document titles (`IdentityDocumentTitles`) serves both ways of reading a title: whole
/// phrases (`IdentityDocumentRule`) and words as OCR reads them (`IdentityPageLayout`). Before, each had its own
/// table, and a title only the older one knew (`ID card`, `driver's license`) was not read a letter off.
@Suite("Identity-document titles: one table for the wording and the layout rules")
struct IdentityDocumentTitlesTests: HoldsIdentityDocuments {
    @Test func everyTitleIsFoundBothWays() {
        for (title, kind) in IdentityDocumentTitles.all {
            #expect(Words.contains("specimen \(title) 2031", title), "\(title) as a phrase")
            #expect(IdentityPageLayout(lines: [title.uppercased()]).title == kind, "\(title) as words")
        }
    }

    @Test func titlesOnlyTheOlderTableHadAreReadALetterOff() {
        // Labels a letter off: only the layout's reading finds them, and it did not know these titles.
        let idCard = "ID CARD\nSurnamc\nDOE\nGiven nanes\nJANE\nDate of blrth\n01.02.1985"
        #expect(held(idCard) == "identity.wording")
        let licence = "DRIVER'S LICENSF\nSurname\nDOE\nGiven names\nJANE\nDate of birth\n01/02/1985"
        #expect(held(licence) == "identity.wording")
    }

    @Test func aTitleInProseWithoutLabelLinesIsNoDocument() {
        let article = """
            Your ID card and your driver's license: what to carry abroad
            Border guards ask for a passaporto or a carta d'identità, with your surname, given names and date of
            birth printed on it; keep a copy dated 01.02.2026 apart from the original.
            """
        #expect(held(article) == nil)
    }
}
