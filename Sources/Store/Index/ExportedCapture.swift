import Runner

/// One capture as `pool-pipeline export` writes it: one JSON object a line, every derived field under a stable
/// name, null or empty where a stage has not run.
public struct ExportedCapture: Sendable, Equatable, Encodable {
    /// Where the capture was taken, with the place's names when the places stage found them and the visit
    /// (captures at one place within hours) it belongs to.
    public struct Location: Sendable, Equatable, Encodable {
        public var lat: Double
        public var lon: Double
        public var city: String?
        /// The first-level region (state, province).
        public var region: String?
        public var country: String?
        /// The visit's id (the id of its first capture); null without a named place.
        public var visit: String?

        public init(lat: Double, lon: Double, city: String? = nil, region: String? = nil, country: String? = nil,
                    visit: String? = nil) {
            self.lat = lat
            self.lon = lon
            self.city = city
            self.region = region
            self.country = country
            self.visit = visit
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(lat, forKey: .lat)
            try container.encode(lon, forKey: .lon)
            try container.encode(city, forKey: .city)
            try container.encode(region, forKey: .region)
            try container.encode(country, forKey: .country)
            try container.encode(visit, forKey: .visit)
        }

        enum CodingKeys: String, CodingKey { case lat, lon, city, region, country, visit }
    }

    /// A code's symbology and payload: the payload's text when it is text (`encoding` "text"), else its bytes
    /// in base64 (`encoding` "base64").
    public struct Code: Sendable, Equatable, Encodable {
        public var format: String
        public var payload: String
        public var encoding: String
    }

    public var id: String
    public var source: String
    public var path: String
    /// ISO 8601, UTC, with milliseconds.
    public var date: String
    /// Where `date` came from: "exif", "xmp", "png" (a PNG "Creation Time" text chunk), "fileName" (a time in
    /// the file's name), "fileNameDay" (a day only in the name) or "file" (the file's modification time).
    public var dateSource: String
    public var location: Location?
    public var kind: String
    public var format: String
    public var width: Int
    public var height: Int
    public var text: String?
    public var codes: [Code]
    /// Label names, most confident first.
    public var labels: [String]
    /// Sixteen hex digits.
    public var fingerprint: String?
    public var sharpness: Double?
    public var outOfFocus: Bool?
    /// The id of the moment (burst of near-identical shots) the capture belongs to: the id of its earliest shot;
    /// null when the capture is alone (or has no fingerprint).
    public var moment: String?
    /// Whether this capture shows its moment: true for the sharpest shot of a moment and for every capture alone,
    /// false for the other shots of a moment. Keeping the lines where it is true shows each moment once.
    public var momentRepresentative: Bool
    /// The sensitive category the privacy gate found.
    public var sensitive: String?
    public var links: [JSONValue]
    public var leads: [JSONValue]
    public var things: [JSONValue]
    /// The fields stage families add (see `StoredFamily`), written after export's own; one named like an own field
    /// (`sensitive`, `links`, `leads`, `things`) replaces it.
    public var fields: [String: JSONValue] = [:]

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, source, path, date, dateSource, location, kind, format, width, height, text, codes, labels
        case fingerprint, sharpness, outOfFocus, moment, momentRepresentative, sensitive, links, leads, things

        static let allNames = Set(allCases.map(\.rawValue))
    }

    /// A family's field name as a coding key.
    struct FieldKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Writes every key, nil ones as JSON null, so each line has the same keys.
    public func encode(to encoder: any Encoder) throws {
        var own = self
        if let value = fields["sensitive"] {
            own.sensitive = nil
            if case .string(let category) = value { own.sensitive = category }
        }
        for key in ["links", "leads", "things"] {
            guard let value = fields[key] else { continue }
            let list: [JSONValue] = if case .array(let items) = value { items } else { [value] }
            switch key {
            case "links": own.links = list
            case "leads": own.leads = list
            default: own.things = list
            }
        }
        try own.encodeOwn(to: encoder)
        var extra = encoder.container(keyedBy: FieldKey.self)
        for (key, value) in fields where !CodingKeys.allNames.contains(key) {
            try extra.encode(value, forKey: FieldKey(stringValue: key))
        }
    }

    private func encodeOwn(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(source, forKey: .source)
        try container.encode(path, forKey: .path)
        try container.encode(date, forKey: .date)
        try container.encode(dateSource, forKey: .dateSource)
        try container.encode(location, forKey: .location)
        try container.encode(kind, forKey: .kind)
        try container.encode(format, forKey: .format)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(text, forKey: .text)
        try container.encode(codes, forKey: .codes)
        try container.encode(labels, forKey: .labels)
        try container.encode(fingerprint, forKey: .fingerprint)
        try container.encode(sharpness, forKey: .sharpness)
        try container.encode(outOfFocus, forKey: .outOfFocus)
        try container.encode(moment, forKey: .moment)
        try container.encode(momentRepresentative, forKey: .momentRepresentative)
        try container.encode(sensitive, forKey: .sensitive)
        try container.encode(links, forKey: .links)
        try container.encode(leads, forKey: .leads)
        try container.encode(things, forKey: .things)
    }
}
