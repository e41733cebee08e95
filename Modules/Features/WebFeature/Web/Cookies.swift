import FoundationEssentials
import Core
import HTTP

/// The web app's cookies: reading the `Cookie` header and writing `Set-Cookie`.
public enum Cookies {
    /// The browser session's token: HttpOnly, never readable by a script.
    public static let session = "tend_session"
    /// The value a logged-out form's CSRF field must repeat (double submit).
    public static let csrf = "tend_csrf"
    /// The language the person picked, over `Accept-Language`.
    public static let language = "tend_lang"

    /// The cookies a request carries, by name (the first of a repeated name).
    public static func parse(_ header: String?) -> [String: String] {
        var cookies: [String: String] = [:]
        for part in (header ?? "").split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            let name = String(pair[0]).trimmed
            if cookies[name] == nil { cookies[name] = String(pair[1]).trimmed }
        }
        return cookies
    }

    /// A `Set-Cookie` value. Always `Path=/`, `HttpOnly` and `SameSite=Lax`; `Secure` when the
    /// request came over TLS. A nil `maxAge` is a cookie for the browser's session.
    public static func header(name: String, value: String, maxAge: Int?, secure: Bool) -> String {
        var parts = ["\(name)=\(value)", "Path=/", "HttpOnly", "SameSite=Lax"]
        if let maxAge { parts.append("Max-Age=\(maxAge)") }
        if secure { parts.append("Secure") }
        return parts.joined(separator: "; ")
    }

    /// Removes a cookie.
    public static func expired(name: String, secure: Bool) -> String {
        header(name: name, value: "", maxAge: 0, secure: secure)
    }
}

extension HTTPResponse {
    /// Adds a `Set-Cookie` header (several may be set at once, unlike `setHeader`).
    mutating func addCookie(_ value: String) {
        headers.append(("Set-Cookie", value))
    }
}
