import FoundationEssentials
import Core
import Domain
import HTTP

/// What a page needs to know about the request that asked for it: the language, the person
/// (if logged in), the CSRF token its forms carry, and whether it came over TLS.
public struct WebContext: Sendable {
    public let request: HTTPRequest
    public let language: Language
    public let secure: Bool
    /// The client's address, through a trusted proxy's `X-Forwarded-For`.
    public let clientAddress: String?
    public let account: Account?
    public let sessionID: String?
    /// The token every form repeats in its `csrf` field.
    public let csrfToken: String
    /// A new logged-out CSRF cookie to set with the response, when the request had none.
    let newCSRFCookie: String?

    public var words: WebWords { WebWords(language) }
    public var isKorean: Bool { language == .ko }

    /// The CSRF field of a form.
    public var csrfField: Node { Tags.hidden("csrf", csrfToken) }

    /// Whether a posted form is this session's own: its `csrf` field repeats the token, and an
    /// `Origin` header, when the browser sends one, is this server's.
    func isGenuine(_ form: FormBody) -> Bool {
        guard let sent = form["csrf"], Self.constantTimeEqual(sent, csrfToken), newCSRFCookie == nil else { return false }
        if let origin = request.header("origin"), origin != "null" {
            let host = request.header("host") ?? ""
            let originHost = origin.split(separator: "/", omittingEmptySubsequences: true).dropFirst().first.map(String.init) ?? ""
            return originHost == host
        }
        return true
    }

    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }
}

/// Makes a `WebContext` from a request: cookie session, language, TLS, CSRF.
struct WebContextMaker: Sendable {
    let sessions: BrowserSessions
    let configuration: WebConfiguration
    /// A one-way digest (SHA-256, hex): the logged-in CSRF token is the digest of the session's
    /// token, which a page of another origin can neither read nor compute.
    let digest: @Sendable (String) -> String

    func make(_ request: HTTPRequest) -> WebContext {
        let cookies = Cookies.parse(request.header("cookie"))
        let fromProxy = request.remoteAddress.map { configuration.trustedProxies.contains($0) } ?? false
        let secure = configuration.alwaysSecure || (fromProxy && request.header("x-forwarded-proto")?.lowercased() == "https")
        let forwardedFor = fromProxy
            ? request.header("x-forwarded-for")?.split(separator: ",").last.map { String($0).trimmed } : nil
        let language = Self.language(request, cookies: cookies)
        var account: Account?
        var sessionID: String?
        var csrf: String
        var newCookie: String?
        if let token = cookies[Cookies.session], let found = try? sessions.session(token: token) {
            account = found.account
            sessionID = found.sessionID
            csrf = String(digest("tend csrf " + token).prefix(40))
        } else if let token = cookies[Cookies.csrf], token.count == 64, token.allSatisfy(\.isHexDigit) {
            csrf = token
        } else {
            csrf = Self.randomToken()
            newCookie = csrf
        }
        return WebContext(request: request, language: language, secure: secure, clientAddress: forwardedFor ?? request.remoteAddress,
                          account: account, sessionID: sessionID, csrfToken: csrf, newCSRFCookie: newCookie)
    }

    /// The `tend_lang` cookie, else `Accept-Language`, else English.
    static func language(_ request: HTTPRequest, cookies: [String: String]) -> Language {
        if let chosen = cookies[Cookies.language].flatMap(Language.init(rawValue:)) { return chosen }
        return request.preferredLanguage(among: ["en", "ko"]).flatMap(Language.init(rawValue:)) ?? .en
    }

    /// 32 random bytes as hex, from the system's generator (getrandom on Linux).
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let value = generator.next() as UInt64
            let hex = String(value, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }
}
