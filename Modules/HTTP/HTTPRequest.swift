import FoundationEssentials

/// One HTTP request as the router and handlers see it.
public struct HTTPRequest: Sendable {
    public var method: String
    /// The decoded path, without the query.
    public var path: String
    public var query: [String: String]
    /// Header names are lowercased.
    public var headers: [String: String]
    public var body: Data
    /// Echoed as `X-Request-Id` and written in the log line.
    public var requestID: String
    /// Values of `{name}` segments in the matched route's pattern.
    public var pathParameters: [String: String] = [:]
    /// The account the auth middleware resolved, for routes that require one.
    public var accountID: String?

    public init(method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
                body: Data = Data(), requestID: String = "") {
        self.method = method.uppercased()
        self.path = path
        self.query = query
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
        self.body = body
        self.requestID = requestID
    }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The bearer token of the `Authorization` header, if any.
    public var bearerToken: String? {
        guard let value = header("authorization") else { return nil }
        let parts = value.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingSpaces
        return token.isEmpty ? nil : token
    }
}

extension Substring {
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
