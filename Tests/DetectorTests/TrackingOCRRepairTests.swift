import ObjectRules
import Testing

/// Tracking numbers as the recogniser read them on tuning seed 606 of `LinkAndTrackingGenerator` (Tesseract's own
/// recognition): each was missed before this repair.
@Suite("Tracking numbers as OCR reads them: look-alikes read back by place, the check digit deciding")
struct TrackingOCRRepairTests: FindsObjects {
    func tracking(_ text: String) -> [String] { values(of: "tracking", in: text) }

    @Test func aUPSNumberWithALetterOReadForADigitIsReadBack() {
        #expect(tracking("Track your parcel\nTracking number: 1Z X7N KOK 42 5430 7347\nEstimated delivery 15 May")
                == ["1ZX7NK0K4254307347"])
        #expect(tracking("Mom\nHere is the tracking: 1ZGPJROJ4212469876\nThank you!") == ["1ZGPJR0J4212469876"])
        #expect(tracking("Support\nHere is the tracking: 1ZOWUCUE1378450399\nThank you!") == ["1Z0WUCUE1378450399"])
    }

    @Test func anS10NumberWithLookAlikesInItsDigitsOrLettersIsReadBack() {
        // RR123456785DE with its 5s and 8 read as letters, and its country's letters as digits.
        #expect(tracking("Tracking RR12345678SDE") == ["RR123456785DE"])
        #expect(tracking("Tracking RR 123 456 785 D3") == [])
        #expect(tracking("Tracking LX1234S678 5DE") == [])
        #expect(tracking("Tracking RRl23456785DE") == ["RR123456785DE"])
    }

    @Test func aFailingCheckDigitStaysNoTrackingNumber() {
        // The generator's hard negatives: S10 shapes whose check digit fails, as read.
        #expect(tracking("Reference\nRR123456784DE\nKeep this for your records") == [])
        #expect(tracking("Order number RRl23456784DE.") == [])
        // A 9 read as I (seed 606) is no look-alike: neither reading verifies, so nothing is found.
        #expect(tracking("Here is the tracking: 1ZRECIWR4298537193") == [])
    }

    // Seed 7070 through the built-in recogniser: codes read right were read a second time with a digit as its
    // look-alike letter (`1Z6899WK…` also as `1Z6B99WK…`), before a code that verifies as read was left alone.
    @Test func aCodeThatVerifiesAsReadIsNotReadAgain() {
        #expect(tracking("Your shipment\nTracking 1Z6899WK1211426618\nDelivered") == ["1Z6899WK1211426618"])
        #expect(tracking("Order #800591 shipped\nCarrier: UPS\n1ZSBEWPF0107612816\nView order") == ["1ZSBEWPF0107612816"])
        #expect(tracking("Here is the tracking: 1Z F42 CP5 12 5917 8436") == ["1ZF42CP51259178436"])
        #expect(tracking("Tracking number: 1Z04RXUD1251397467") == ["1Z04RXUD1251397467"])
        // The fewest changes win: `XOD` read back as `X0D`, not with the `2` before it as a `Z` too.
        #expect(tracking("Your shipment\nTracking 1Z RR2 XOD 02 8439 5461\nIn transit") == ["1ZRR2X0D0284395461"])
    }

    // Brand-new seed 3333 through the built-in recogniser (after that run): a letter place read in lower case, and
    // the `1` of `1Z` read `L`.
    @Test func aLowerCaseLetterPlaceOrAnLFor1IsReadBack() {
        #expect(tracking("Suivi de colis\nSendungsnummer:\ncP 551 636 205 GB\nEstimated delivery 28 May") == ["CP551636205GB"])
        #expect(tracking("Track your parcel\ncP 883 224 941 US\nEstimated delivery 1 May") == ["CP883224941US"])
        #expect(tracking("Your shipment\nTracking LZFVXT014254736188\nDelivered") == ["1ZFVXT014254736188"])
    }

    // Tuning seed 7992 through the built-in recogniser (this session): one glyph read twice, as itself and its
    // look-alike, so the code has a character too many.
    @Test func aUPSNumberWithOneGlyphReadTwiceIsReadBack() {
        #expect(tracking("Order #493662 shipped\nCarrier: UPS\n1ZMO00FC40193385705\nView order")
                == ["1ZM00FC40193385705"])
        // Without the `S` or without the `5` both verify (an `S` counts as 0, and doubled 0 and 5 are alike mod
        // 10): two readings, so none is taken. A wrong check digit, or a character too many that is no glyph read
        // twice, stays no tracking number.
        #expect(tracking("Suivi de colis\n1Z ES5F JSC 13 6437 5086\nEstimated delivery 5 June") == [])
        #expect(tracking("Order #493662 shipped\n1ZMO00FC40193385706") == [])
        #expect(tracking("Tracking 1ZM00FCX40193385705") == [])
    }

    // Tuning seeds 7991 (built-in recogniser) and 7992 (Tesseract's own), this session: a shipper's `J` read `3`,
    // and `1Z` read with its `Z` twice (`1Z2`).
    @Test func aShipperJReadAsThreeOrAZReadTwiceIsReadBack() {
        #expect(tracking("Seller\nHere is the tracking: 1Z 6NX 23B 03 1681 9313\nThank you!") == ["1Z6NX2JB0316819313"])
        #expect(tracking("Track your parcel\nNuméro de suivi : 1Z21N811U1237207576\nEstimated delivery 11 Oct")
                == ["1Z1N811U1237207576"])
        // A code with a 3 that verifies as read is read once, as it is; one no reading makes verify stays none.
        #expect(tracking("Tracking 1Z6NX23B0316819311") == ["1Z6NX23B0316819311"])
        #expect(tracking("Tracking 1Z6NX23B0316819312") == [])
        // Tuning seed 7990, Tesseract's own: a shipper's `J` read as a bracket.
        #expect(tracking("Seller\nHere is the tracking: 1Z SC7 WR) 02 7462 4469\nThank you!") == ["1ZSC7WRJ0274624469"])
        #expect(tracking("Here is the tracking: 1Z SC7 WR) 02 7462 4468") == [])
    }
}
