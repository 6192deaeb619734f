import Foundation

/// Generates identity documents that show no legible machine-readable zone — the data page of a passport, national
/// identity cards (DE, FR, ES, IT, NL), a residence permit, a permanent-resident card — as a photo or scan of them
/// reads: bilingual labels over their values, in the documents' own languages; the header is left out of some (a
/// photo that cut it, or a header OCR could not read). And hard negatives that name the same things: articles and
/// guides about passports and identity cards, travel booking confirmations and passenger forms still to fill in,
/// gift-card pages, a contact card with a birthday. Its own random stream, so the other generators' captures stay
/// the same for a seed.
public enum IdentityPageGenerator {
    static let surnames = ["ERIKSSON", "SMITH", "GARCÍA LÓPEZ", "YILMAZ", "MARTIN", "ROSSI", "MUSTERMANN", "DE VRIES",
                           "NOWAK", "DUBOIS"]
    static let given = ["ANNA MARIA", "JOHN", "LUCIA", "MEHMET", "SOPHIE", "GIULIA", "ERIKA", "SANNE", "PIOTR", "CAMILLE"]
    static let months = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
    static let towns = ["BERLIN", "LYON", "MADRID", "ROMA", "UTRECHT", "KRAKÓW", "LISBOA", "WIEN"]

    public static func captures(seed: UInt64, count: Int) -> [GeneratedCapture] {
        var r = SeededRandom(seed: seed ^ 0x1D_9A6E)
        var out: [GeneratedCapture] = []
        for index in 0..<count {
            out.append(GeneratedCapture(name: "idcard-\(index)", text: document(&r), sensitive: "identity document"))
            out.append(GeneratedCapture(name: "near-idcard-\(index)", text: negative(&r), nearCategory: "identity document"))
        }
        return out
    }

    static func date(_ r: inout SeededRandom, from years: ClosedRange<Int>) -> (dotted: String, spelt: String) {
        let day = r.int(1...28), month = r.int(1...12), year = r.int(years)
        return (String(format: "%02d.%02d.%04d", day, month, year), String(format: "%02d ", day) + months[month - 1] + " \(year)")
    }

    static func document(_ r: inout SeededRandom) -> String {
        let surname = r.pick(surnames), first = r.pick(given), town = r.pick(towns)
        let birth = date(&r, from: 1950...2006), issue = date(&r, from: 2016...2025), expiry = date(&r, from: 2026...2036)
        let number = r.letters(2) + r.digits(7)
        let sex = r.pick(["F", "M"])
        let layouts: [(header: [String], body: [String])] = [
            (["PASSPORT  PASSEPORT", "REPUBLIC OF UTOPIA"],
             ["Type/Type P   Code/Code UTO", "Passport No./N° du passeport", number, "Surname/Nom", surname,
              "Given names/Prénoms", first, "Nationality/Nationalité", "UTOPIAN", "Date of birth/Date de naissance",
              birth.spelt, "Sex/Sexe \(sex)   Place of birth/Lieu de naissance", town,
              "Date of issue/Date de délivrance", issue.spelt, "Date of expiry/Date d'expiration", expiry.spelt]),
            (["BUNDESREPUBLIK DEUTSCHLAND", "PERSONALAUSWEIS  IDENTITY CARD  CARTE D'IDENTITÉ"],
             [number, "Name/Surname/Nom", surname, "Vornamen/Given names/Prénoms", first,
              "Geburtstag/Date of birth/Date de naissance", birth.dotted, "Staatsangehörigkeit/Nationality/Nationalité",
              "DEUTSCH", "Geburtsort/Place of birth/Lieu de naissance", town, "Gültig bis/Date of expiry/Date d'expiration",
              expiry.dotted]),
            (["RÉPUBLIQUE FRANÇAISE", "CARTE NATIONALE D'IDENTITÉ / IDENTITY CARD"],
             ["Nom/Surname", surname, "Prénoms/Given names", first, "Sexe/Sex  Nationalité/Nationality", "\(sex)  FRA",
              "Date de naissance/Date of birth", birth.dotted, "Lieu de naissance/Place of birth", town,
              "N° du document/Document No", number, "Date d'expiration/Expiry date", expiry.dotted]),
            (["REINO DE ESPAÑA", "DOCUMENTO NACIONAL DE IDENTIDAD"],
             ["APELLIDOS", surname, "NOMBRE", first, "SEXO  NACIONALIDAD", "\(sex)  ESP", "FECHA DE NACIMIENTO",
              birth.dotted.replacingOccurrences(of: ".", with: " "), "NÚM SOPORTE", number, "VÁLIDO HASTA",
              expiry.dotted.replacingOccurrences(of: ".", with: " "), "DNI \(r.digits(8))\(r.letters(1))"]),
            (["REPUBBLICA ITALIANA", "CARTA DI IDENTITÀ / IDENTITY CARD"],
             ["COGNOME / SURNAME", surname, "NOME / NAME", first, "LUOGO E DATA DI NASCITA / PLACE AND DATE OF BIRTH",
              "\(town) \(birth.dotted)", "SESSO / SEX  \(sex)", "CITTADINANZA / NATIONALITY  ITA",
              "EMISSIONE / ISSUING  \(issue.dotted)", "SCADENZA / EXPIRY  \(expiry.dotted)", number]),
            (["KONINKRIJK DER NEDERLANDEN", "IDENTITEITSKAART"],
             ["Naam/Surname", surname, "Voornamen/Given names", first, "Nationaliteit/Nationality", "Nederlandse",
              "Geboortedatum/Date of birth", birth.spelt, "Geslacht/Sex  \(sex)", "Documentnummer/Document no.", number,
              "Geldig tot/Date of expiry", expiry.spelt]),
            (["RESIDENCE PERMIT", "TITRE DE SÉJOUR"],
             ["Surname/Nom", surname, "Given names/Prénoms", first, "Nationality/Nationalité", r.pick(["TUR", "IND", "BRA"]),
              "Date of birth/Date de naissance", birth.dotted, "Sex/Sexe \(sex)", "Valid until/Valable jusqu'au",
              expiry.dotted, "Type of permit/Type de titre", "RESIDENT", number]),
            (["UNITED STATES OF AMERICA", "PERMANENT RESIDENT"],
             ["Surname", surname, "Given Name", first, "USCIS#", r.digits(3) + "-" + r.digits(3) + "-" + r.digits(3),
              "Category  IR1", "Country of Birth", r.pick(["Mexico", "India", "Philippines"]), "Date of Birth",
              birth.dotted.replacingOccurrences(of: ".", with: "/"), "Sex  \(sex)", "Card Expires",
              expiry.dotted.replacingOccurrences(of: ".", with: "/"), "Resident Since", issue.dotted.replacingOccurrences(of: ".", with: "/")]),
        ]
        let layout = r.pick(layouts)
        // A photo that cut the header, or a header OCR could not read: a third go without it.
        let header = r.chance(0.33) ? [] : layout.header
        return (header + layout.body).joined(separator: "\n")
    }

    static func negative(_ r: inout SeededRandom) -> String {
        let name = r.pick(given) + " " + r.pick(surnames)
        let birth = date(&r, from: 1950...2006)
        let negatives = [
            "How to renew your passport\nPassport offices are busy in spring, so plan ahead: you will need a recent photo, your old passport and the form, which asks for your surname, given names, date of birth and nationality.\nProcessing takes six to ten weeks.",
            "Personalausweis beantragen\nSie brauchen ein biometrisches Passfoto und Ihren alten Ausweis. Name, Vornamen, Geburtsdatum und Staatsangehörigkeit werden aus dem Register übernommen.\nDie Gebühr beträgt 37 Euro.",
            "Carte nationale d'identité : les démarches\nFaites une pré-demande en ligne, puis prenez rendez-vous en mairie avec une photo d'identité récente.\nLa carte est valable 10 ans.",
            "Booking confirmed\nBooking reference \(r.letters(6))\nPassenger\n\(name)\nFlight LH \(r.int(100...1999))\nFrankfurt → Lisbon\nDeparture \(birth.spelt.prefix(6)) 2026 07:35\nSeat \(r.int(1...40))C\nPassport required for this trip\nTotal 240.00 EUR",
            "Passenger details\nTitle\nFirst name\nLast name\nDate of birth\nDD/MM/YYYY\nNationality\nSelect\nPassport number (optional)\nPassport expiry date\nContinue",
            "Check in online\nHave your passport or identity card ready\nSurname\nBooking reference\nStart check-in\nNeed help?",
            "Gift cards\nAmazon gift card $25\nGoogle Play card $50\nCard number and PIN on the back\nBuy now",
            "\(name)\nBirthday\n\(birth.spelt)\nMobile\n+49 151 \(r.digits(7))\nHome\n\(r.pick(towns))",
            "Visa requirements for Utopia\nCitizens of the EU need a passport valid for six months after arrival.\nThe visa form asks for your nationality, date of birth and place of birth.\nApply online",
        ]
        return r.pick(negatives)
    }
}
