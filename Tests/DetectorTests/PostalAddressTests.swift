import Foundation
import ObjectRules
import PrivacyFixtures
import Testing

@Suite("Objects: postal addresses in US, UK, German and French shapes, with their postcodes")
struct PostalAddressTests {
    func addresses(_ text: String) -> [DetectedObject] {
        ObjectExtractor(book: .builtIn).objects(text: text, codes: []).filter { $0.kind == "address" }
    }

    func values(_ text: String) -> [String] { addresses(text).map(\.value) }

    @Test func unitedStates() {
        let found = addresses("Google\n1600 Amphitheatre Parkway\nMountain View, CA 94043\nOpen 24 hours")
        #expect(found.map(\.value) == ["1600 Amphitheatre Parkway, Mountain View, CA 94043"])
        #expect(found.first?.fields == ["streetAddress": "1600 Amphitheatre Parkway", "postalCode": "94043",
                                         "addressLocality": "Mountain View", "addressRegion": "CA",
                                         "addressCountry": "US"])
        #expect(values("Ship to: 350 Fifth Avenue, New York, NY 10118-0110") == ["350 Fifth Avenue, New York, NY 10118-0110"])
        #expect(values("12 N. Main St Apt 4B\nSpringfield, IL 62701") == ["12 N. Main St Apt 4B, Springfield, IL 62701"])
        // One line the screen wrapped before the ZIP code (read so on seed 808 through OCR).
        #expect(values("Delivery address: 3253 W. Market St Suite 672, Seattle, WA\n62180\nArriving Thursday")
                == ["3253 W. Market St Suite 672, Seattle, WA 62180"])
    }

    @Test func unitedKingdom() {
        let found = addresses("10 Downing Street\nLondon SW1A2AA")
        #expect(found.map(\.value) == ["10 Downing Street, London SW1A 2AA"])
        #expect(found.first?.fields["addressCountry"] == "GB" && found.first?.fields["postalCode"] == "SW1A 2AA")
        #expect(values("Flat 3, 221B Baker Street, London NW1 6XE") == ["Flat 3, 221B Baker Street, London NW1 6XE"])
    }

    @Test func germany() {
        let found = addresses("Anschrift: Unter den Linden 77\n10117 Berlin")
        #expect(found.map(\.value) == ["Unter den Linden 77, 10117 Berlin"])
        #expect(found.first?.fields["addressCountry"] == "DE" && found.first?.fields["addressLocality"] == "Berlin")
        #expect(values("Hauptstraße 5a, 80331 München") == ["Hauptstraße 5a, 80331 München"])
        // `ß` as the recogniser reads it (seeds 808 and 909 through OCR); `strasse` is a spelling of its own.
        for read in ["SchillerstraRe 29a", "Schillerstrake 29a", "Schillerstrage 29a", "Schillerstra&e 29a", "SchillerstraBe 29a"] {
            #expect(values(read + "\n03453 Leipzig") == ["Schillerstraße 29a, 03453 Leipzig"], "\(read)")
        }
        #expect(values("Schillerstrasse 29a\n03453 Leipzig") == ["Schillerstrasse 29a, 03453 Leipzig"])
    }

    @Test func france() {
        let found = addresses("55 Rue du Faubourg Saint-Honoré\n75008 Paris")
        #expect(found.map(\.value) == ["55 Rue du Faubourg Saint-Honoré, 75008 Paris"])
        #expect(found.first?.fields["addressCountry"] == "FR")
        #expect(values("12 bis avenue des Champs-Élysées, 75008 PARIS CEDEX 08")
                == ["12 bis avenue des Champs-Élysées, 75008 PARIS CEDEX 08"])
    }

    @Test func aPlaceWithAnAddressIsAPlaceLeadWithItsAddress() {
        let text = "Harbor Bakery\nDirections\nOpen now · Closes 22:00\n12 Main Street\nSpringfield, IL 62701"
        let objects = ObjectExtractor(book: .builtIn).objects(text: text, codes: [])
        let lead = LeadClassifier(book: .builtIn).lead(text: text, objects: objects)
        #expect(lead?.kind == "place")
        #expect(lead?.fields["address"] == "12 Main Street, Springfield, IL 62701")
    }

    @Test func nearMissesAreNoAddress() {
        #expect(values("Row F Seat 12\nDoors open 19:30") == [])                 // a street-like line, no postcode
        #expect(values("Steps today\n10432 steps") == [])                          // a postcode-like line, no street
        #expect(values("Order 12345 shipped\nTracking RR123456785DE") == [])
        #expect(values("2 tbsp olive oil\n200 g flour") == [])
        #expect(values("Battery 81%\n94043 Mountain View") == [])                 // five digits and a town, no street
        #expect(values("Call 0800 123 4567\nLondon SW1A 2AA") == [])               // a UK postcode, no street line
        #expect(values("Suite 200, Austin, TX 78701") == [])                       // no street number and name
        #expect(values("Meet at Main Street\nSpringfield, ZZ 62701") == [])        // not a US state
    }
}

@Suite("Generated addresses (seed 1): F1 per type, hard negatives counted against precision")
struct GeneratedAddressTests {
    @Test func addressF1() {
        var evaluation = Evaluation()
        evaluation.addObjects(AddressGenerator.captures(seed: testSeed, count: 20), book: .builtIn, everywhere: ["address"])
        evaluation.addObjects(LeadGenerator.captures(seed: testSeed, count: 10), book: .builtIn, everywhere: ["address"],
                              only: ["address"])
        let counts = evaluation.objects["address"]
        #expect(counts?.support == 80)
        #expect((counts?.f1 ?? 0) >= 0.95, "\(evaluation.objectMistakes)")
    }
}
