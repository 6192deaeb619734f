import Foundation

/// A chat endpoint: its full URL (`http://127.0.0.1:8080/v1/chat/completions`, `http://localhost:11434/api/chat`),
/// the model asked for, its dialect, and extra headers (an `Authorization` line for a hosted service, given by the
/// caller; never logged).
public struct NamingEndpoint: Sendable, Equatable {
    public var url: String
    public var model: String
    public var dialect: ChatDialect
    public var headers: [String: String]

    public init(url: String, model: String, dialect: ChatDialect? = nil, headers: [String: String] = [:]) {
        self.url = url
        self.model = model
        self.dialect = dialect ?? ChatDialect.implied(by: url)
        self.headers = headers
    }

    /// The URL's host, lowercased, without IPv6 brackets; nil when the URL has none.
    public var host: String? {
        URLComponents(string: url)?.host.map { $0.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]")) }
    }

    /// Whether the endpoint runs on this device: its host is `localhost`, a 127.0.0.0/8 address or `::1`. Any other
    /// endpoint is cloud assist.
    public var isOnDevice: Bool {
        guard let host else { return false }
        return host == "localhost" || host == "::1" || host == "0:0:0:0:0:0:0:1" || host.hasPrefix("127.")
            && host.split(separator: ".").count == 4 && host.split(separator: ".").allSatisfy { UInt8($0) != nil }
    }
}
