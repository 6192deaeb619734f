import Foundation

/// Generates sensitive captures of every category, in several layouts and languages, and hard negatives that look
/// close (a receipt with the last four digits, an IMEI screen, a tracking number passing Luhn, a gift-card shop, an
/// article about passports, a blog post quoting "password", an article about vaccines).
public enum SensitiveGenerator {
    static let names = ["ANNA MARIA ERIKSSON", "JOHN A SMITH", "LUCIA GARCIA", "MEHMET YILMAZ", "SOPHIE MARTIN", "KENJI SATO"]
    static let surnames = ["ERIKSSON", "SMITH", "GARCIA", "YILMAZ", "MARTIN", "SATO", "MUELLER", "ROSSI"]
    static let given = ["ANNA", "JOHN", "LUCIA", "MEHMET", "SOPHIE", "KENJI", "LENA", "MARCO"]

    public static func luhnComplete(_ body: String) -> String {
        for digit in 0...9 {
            let candidate = body + String(digit)
            var sum = 0
            for (offset, character) in candidate.reversed().enumerated() {
                let value = character.wholeNumberValue!
                sum += offset % 2 == 1 ? (value * 2 > 9 ? value * 2 - 9 : value * 2) : value
            }
            if sum % 10 == 0 { return candidate }
        }
        fatalError("unreachable")
    }

    static func cardNumber(_ r: inout SeededRandom) -> (number: String, network: String, grouped: String) {
        let (prefix, length, network): (String, Int, String) = r.pick([
            ("4", 16, "VISA"), ("51", 16, "Mastercard"), ("55", 16, "Mastercard"), ("2221", 16, "Mastercard"),
            ("37", 15, "AMERICAN EXPRESS"), ("6011", 16, "DISCOVER"), ("3530", 16, "JCB"), ("4", 13, "VISA"),
        ])
        let number = luhnComplete(prefix + r.digits(length - prefix.count - 1))
        let chars = Array(number)
        let grouped: String
        if length == 15 {
            grouped = String(chars[0..<4]) + " " + String(chars[4..<10]) + " " + String(chars[10...])
        } else if length == 16 {
            let separator = r.pick([" ", " ", "-", ""])
            grouped = stride(from: 0, to: 16, by: 4).map { String(chars[$0..<$0 + 4]) }.joined(separator: separator)
        } else {
            grouped = number
        }
        return (number, network, grouped)
    }

    static func mrzCheck(_ field: String) -> String {
        let weights = [7, 3, 1]
        var sum = 0
        for (index, character) in field.enumerated() {
            let value = character == "<" ? 0 : character.wholeNumberValue ?? Int(character.asciiValue!) - 55
            sum += value * weights[index % 3]
        }
        return String(sum % 10)
    }

    static func pad(_ text: String, _ length: Int) -> String {
        String((text + String(repeating: "<", count: length)).prefix(length))
    }

    static func date(_ r: inout SeededRandom) -> String {
        String(format: "%02d%02d%02d", r.int(50...99), r.int(1...12), r.int(1...28))
    }

    /// An ICAO zone, sometimes with the OCR swaps a camera gives (O for 0 in a date, spaces, a guillemet).
    static func mrz(_ r: inout SeededRandom) -> [String] {
        let surname = r.pick(surnames), first = r.pick(given)
        let nation = r.pick(["UTO", "D<<", "FRA", "GBR", "ESP", "NLD"])
        let number = r.letters(2) + r.digits(7)
        let birth = date(&r)
        let expiry = String(format: "%02d%02d%02d", r.int(27...35), r.int(1...12), r.int(1...28))
        let sex = r.pick(["M", "F", "<"])
        var lines: [String]
        switch r.int(0...2) {
        case 0:
            let personal = pad(r.digits(r.int(0...9)), 14)
            let second = number + mrzCheck(number) + nation + birth + mrzCheck(birth) + sex + expiry + mrzCheck(expiry)
                + personal + mrzCheck(personal)
            let composite = String(Array(second)[0..<10]) + String(Array(second)[13..<20]) + String(Array(second)[21..<43])
            lines = [pad("P<" + nation + surname + "<<" + first, 44), second + mrzCheck(composite)]
        case 1:
            let optional = pad("", 7)
            let second = number + mrzCheck(number) + nation + birth + mrzCheck(birth) + sex + expiry + mrzCheck(expiry) + optional
            let composite = String(Array(second)[0..<10]) + String(Array(second)[13..<20]) + String(Array(second)[21..<35])
            lines = [pad("I<" + nation + surname + "<<" + first, 36), second + mrzCheck(composite)]
        default:
            let first1 = "I<" + nation + number + mrzCheck(number) + pad("", 15)
            let optional2 = pad("", 11)
            let second = birth + mrzCheck(birth) + sex + expiry + mrzCheck(expiry) + nation + optional2
            let composite = String(Array(first1)[5..<30]) + String(Array(second)[0..<7]) + String(Array(second)[8..<15])
                + String(Array(second)[18..<29])
            lines = [first1, second + mrzCheck(composite), pad(surname + "<<" + first, 30)]
        }
        if r.chance(0.3) {
            // An OCR swap in the birth date: O for 0 or I for 1.
            var second = Array(lines[1])
            let start = lines.count == 3 ? 0 : 13
            if let position = (start..<start + 6).first(where: { second[$0] == "0" || second[$0] == "1" }) {
                second[position] = second[position] == "0" ? "O" : "I"
            }
            lines[1] = String(second)
        }
        if r.chance(0.3) { lines = lines.map { $0.replacingOccurrences(of: "<<<<", with: "<< <<") } }
        return lines
    }

    static func base45(_ bytes: [UInt8]) -> String {
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:")
        var out = ""
        var index = 0
        while index + 1 < bytes.count {
            var n = Int(bytes[index]) << 8 | Int(bytes[index + 1])
            for _ in 0..<3 { out.append(alphabet[n % 45]); n /= 45 }
            index += 2
        }
        if index < bytes.count { out.append(alphabet[Int(bytes[index]) % 45]); out.append(alphabet[Int(bytes[index]) / 45]) }
        return out
    }

    /// Positives of every category and hard negatives, `count` of each kind of template.
    public static func captures(seed: UInt64, count: Int) -> [GeneratedCapture] {
        var r = SeededRandom(seed: seed)
        var out: [GeneratedCapture] = []
        for index in 0..<count {
            out += positives(&r, index: index)
            out += negatives(&r, index: index)
        }
        return out
    }

    static func positives(_ r: inout SeededRandom, index: Int) -> [GeneratedCapture] {
        var out: [GeneratedCapture] = []
        let card = cardNumber(&r)
        let expiry = String(format: "%02d/%02d", r.int(1...12), r.int(26...33))
        let cardLayouts = [
            "\(card.network)\n\(card.grouped)\nVALID THRU \(expiry)\n\(r.pick(names))",
            "Payment method\nCard number\n\(card.grouped)\nExpiry \(expiry)   CVC \(r.digits(3))\nName on card\n\(r.pick(names))",
            "Kartennummer\n\(card.grouped)\nGültig bis \(expiry)\nPrüfnummer \(r.digits(3))",
            "\(r.pick(names))\n\(card.grouped)\n\(expiry)",
            "Wallet\n\(card.network) Debit\n\(card.number)\nexp. \(expiry)",
        ]
        out.append(GeneratedCapture(name: "card-\(index)", text: r.pick(cardLayouts), sensitive: "payment card"))
        let ibans = ["DE89 3704 0044 0532 0130 00", "GB82 WEST 1234 5698 7654 32", "FR14 2004 1010 0505 0001 3M02 606",
                     "NL91 ABNA 0417 1643 00", "ES91 2100 0418 4502 0005 1332", "CH93 0076 2011 6238 5295 7"]
        if r.chance(0.4) {
            out.append(GeneratedCapture(name: "iban-\(index)", text: "Bank details\nAccount holder \(r.pick(names))\nIBAN \(r.pick(ibans))\nBIC \(r.letters(8))",
                                        sensitive: "payment card"))
        }
        let zone = mrz(&r)
        let headers = ["PASSPORT / PASSEPORT", "REPUBLIC OF UTOPIA", "IDENTITY CARD", "BUNDESREPUBLIK DEUTSCHLAND", ""]
        out.append(GeneratedCapture(name: "mrz-\(index)", text: ([r.pick(headers), "Surname " + r.pick(surnames)] + zone).joined(separator: "\n"),
                                    sensitive: "identity document"))
        let pages = [
            "PASSPORT\nType P  Code UTO\nSurname\n\(r.pick(surnames))\nGiven names\n\(r.pick(given))\nNationality\nUTOPIAN\nDate of birth\n12 AUG 1974\nSex F",
            "DRIVER LICENSE\nDL NO D\(r.digits(7))\nEXP 04/12/2029\nDOB 08/31/1988\nCLASS C\n\(r.pick(names))\nRESTRICTIONS NONE",
            "PERSONALAUSWEIS\nName \(r.pick(surnames))\nVornamen \(r.pick(given))\nGeburtsdatum 12.08.1974\nStaatsangehörigkeit DEUTSCH",
            "RESIDENCE PERMIT\nSurname \(r.pick(surnames))\nGiven names \(r.pick(given))\nDate of expiry 01.02.2029\nNationality ESP",
        ]
        out.append(GeneratedCapture(name: "idpage-\(index)", text: r.pick(pages), sensitive: "identity document"))
        if r.chance(0.5) {
            out.append(GeneratedCapture(name: "aamva-\(index)", text: "Scan me", codes: [
                "@\n\u{1e}\rANSI 636014040002DL00410278ZC03190008DLDAQD\(r.digits(7))\nDCS\(r.pick(surnames))\nDAC\(r.pick(given))\n"],
                                        sensitive: "identity document"))
        }
        let key = r.pick([
            "AKIA" + r.letters(8) + r.digits(8), "ghp_" + r.letters(18).lowercased() + r.digits(18),
            "sk_live_" + r.letters(12) + r.digits(12), "xoxb-" + r.digits(12) + "-" + r.letters(16).lowercased(),
            "glpat-" + r.letters(10) + r.digits(10), "AIza" + r.letters(20) + r.digits(15),
        ])
        let pass = r.letters(3).lowercased() + r.pick(["#", "!", "%", "&"]) + r.digits(3) + r.letters(2)
        var words = Array(repeating: "abandon", count: 11) + ["about"]
        if r.chance(0.5) { words = Array(repeating: "zoo", count: 11) + ["wrong"] }
        let credentials = [
            ("Settings > API\nYour secret key\n\(key)\nCopy", [String]()),
            ("-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA\(r.letters(30))\n-----END RSA PRIVATE KEY-----", []),
            ("Wi-Fi\nNetwork: Home-\(r.digits(3))\nPassword: \(pass)", []),
            ("Scan to connect", ["WIFI:T:WPA;S:Home-\(r.digits(3));P:\(pass);;"]),
            ("Set up authenticator", ["otpauth://totp/Acme:\(r.pick(given).lowercased())?secret=\(r.letters(16))&issuer=Acme"]),
            ("Recovery phrase\nWrite these words down\n" + words.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "\n"), []),
            ("curl -H 'Authorization: Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIx\(r.digits(8))In0.\(r.letters(20))'", []),
            ("Passwort: \(pass)\nBenutzer: \(r.pick(given).lowercased())", []),
        ]
        let credential = r.pick(credentials)
        out.append(GeneratedCapture(name: "credential-\(index)", text: credential.0, codes: credential.1, sensitive: "credential"))
        let cose: [UInt8] = [0xD2, 0x84, 0x4D, 0xA2, 0x01, 0x26] + (0..<40).map { _ in UInt8(r.int(0...255)) }
        let health = [
            ("Digital COVID Certificate", ["HC1:" + base45(zlibStored(cose))]),
            ("SMART Health Card", ["shc:/" + r.digits(60)]),
            ("Lab Results\nPatient: \(r.pick(names))\nHemoglobin \(r.int(11...16)).\(r.int(0...9)) g/dL\nReference range 12.0-15.5\nGlucose \(r.int(70...130)) mg/dL\nCollected 03/11/2026", []),
            ("Prescription\nRx \(r.pick(["Amoxicillin 500 mg", "Metformin 850 mg", "Lisinopril 10 mg"]))\nSig: take 1 tablet twice daily\nQty 30  Refills 2\nPrescriber Dr. Lee", []),
            ("Vaccination certificate\nVaccine: Comirnaty\nDose 2 of 2\nLot number \(r.letters(2))\(r.digits(4))\nAdministered 12.05.2021", []),
            ("HEALTH INSURANCE\nMember ID \(r.letters(3))\(r.digits(9))\nGroup No \(r.digits(6))\nRx BIN \(r.digits(6))\nRx PCN ADV\nCopay $25", []),
            ("Patient: \(r.pick(names))\nChief complaint: cough\nDiagnosis: J20.9 acute bronchitis\nPlan: rest, fluids\nAllergies: none", []),
        ]
        let record = r.pick(health)
        out.append(GeneratedCapture(name: "health-\(index)", text: record.0, codes: record.1, sensitive: "health record"))
        return out
    }

    /// A zlib stream of `bytes` in one stored (uncompressed) block, with its Adler-32: enough for a decoder.
    static func zlibStored(_ bytes: [UInt8]) -> [UInt8] {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        let length = UInt16(bytes.count)
        return [0x78, 0x01, 0x01, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            + bytes + [UInt8(b >> 8), UInt8(b & 0xFF), UInt8(a >> 8), UInt8(a & 0xFF)]
    }

    static func negatives(_ r: inout SeededRandom, index: Int) -> [GeneratedCapture] {
        let card = cardNumber(&r)
        let tracking = luhnComplete("4" + r.digits(14))
        let imei = luhnComplete("35" + r.digits(12))
        let order = luhnComplete("5" + r.digits(14))
        let cards: [String] = [
            "RECEIPT\nCoffee 3.50\nTotal 3.50 EUR\n\(card.network) **** **** **** \(card.number.suffix(4))\nAPPROVED",
            "About phone\nModel SM-G991B\nIMEI\n\(imei)\nSerial number R58\(r.letters(5))",
            "Your parcel is on its way\nTracking number: \(tracking)\nEstimated delivery Friday",
            "Thank you for your order!\nOrder \(order)\nShipping to Berlin",
            "Gift cards\nAmazon gift card $25\nGoogle Play card $50\nBuy now\nVisa gift card — activation fee $4.95",
        ]
        let identity: [String] = [
            "How to renew your passport before a summer trip\nPassport offices are busy in spring, so plan ahead: you will need a recent photo, your old passport and the form, which asks for your date of birth and nationality.\nProcessing takes six to ten weeks and the fee is paid online.",
            "Travel checklist\n- passport\n- chargers\n- sunscreen\n- tickets",
            "Opinion: the digital identity card is coming, and we are not ready. Governments promise convenience; critics warn about surveillance and the date of birth of every citizen in one database.",
        ]
        let credentials: [String] = [
            "Why you should never reuse a password\nChoose a strong password: at least twelve characters, and a different password for every site. A password manager helps.",
            "Sign in\nEmail\nPassword: ••••••••\nForgot password?",
            "Reset your password\nEnter the email you signed up with and we will send you a link.",
            "Guest Wi-Fi is free\nNetwork: CafeGuest (no password)",
            "The abandon ability able about above absent absorb abstract absurd abuse access accident account list starts like this",
        ]
        let health: [String] = [
            "Vaccines have saved millions of lives, and a booster dose each autumn is recommended for older adults by most health agencies this year, researchers say in a new analysis of certificate schemes.",
            "Recipe: vitamin smoothie\n200 g spinach\n1 banana\n250 ml milk\nBlend 30 seconds",
            "Pharmacy opening hours\nMon-Fri 8:00-18:00\nSat 9:00-13:00",
        ]
        return [
            GeneratedCapture(name: "near-card-\(index)", text: r.pick(cards), nearCategory: "payment card"),
            GeneratedCapture(name: "near-identity-\(index)", text: r.pick(identity), nearCategory: "identity document"),
            GeneratedCapture(name: "near-credential-\(index)", text: r.pick(credentials), nearCategory: "credential"),
            GeneratedCapture(name: "near-health-\(index)", text: r.pick(health), nearCategory: "health record"),
        ]
    }
}
