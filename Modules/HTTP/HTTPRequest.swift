import FoundationEssentials
import Core

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
    /// The client's IP address as the socket saw it (`203.0.113.7`, `2001:db8::1`), for limits
    /// per client; nil where there is no socket (tests in process).
    public var remoteAddress: String?

    public init(method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
                body: Data = Data(), requestID: String = "", remoteAddress: String? = nil) {
        self.remoteAddress = remoteAddress
        self.method = method.uppercased()
        self.path = path
        self.query = query
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
        self.body = body
        self.requestID = requestID
    }

    /// For the server, whose header names are lowercased already: no second pass over them.
    public init(method: String, path: String, query: [String: String], lowercasedHeaders: [String: String],
                body: Data, remoteAddress: String?) {
        self.method = method.utf8.allSatisfy({ $0 < 0x61 || ($0 > 0x7A && $0 < 0x80) }) ? method : method.uppercased()
        self.path = path
        self.query = query
        headers = lowercasedHeaders
        self.body = body
        requestID = ""
        self.remoteAddress = remoteAddress
    }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The first of `languages` (e.g. ["en", "ko"]) that `Accept-Language` ranks highest by its
    /// q-values (a tag matches by prefix: "ko-KR" is "ko"), or nil when it names none of them.
    public func preferredLanguage(among languages: [String]) -> String? {
        var best: (language: String, quality: Double)?
        for part in (header("accept-language") ?? "").split(separator: ",") {
            let pieces = part.split(separator: ";").map { String($0).trimmed.lowercased() }
            guard let tag = pieces.first, let language = languages.first(where: { tag.hasPrefix($0) }) else { continue }
            let quality = pieces.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            if quality > 0, quality > (best?.quality ?? -1) { best = (language, quality) }
        }
        return best?.language
    }

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
    /// On the UTF-8 bytes: every authenticated request trims its token, and reversing the
    /// characters twice cost about 190k instructions a request (callgrind, GET /v1/insulin/status).
    var trimmingSpaces: String {
        let bytes = utf8
        guard let first = bytes.firstIndex(where: { $0 != 0x20 }), let last = bytes.lastIndex(where: { $0 != 0x20 }) else {
            return ""
        }
        return String(self[first..<bytes.index(after: last)])
    }
}
