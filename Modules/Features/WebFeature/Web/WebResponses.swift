import FoundationEssentials
import Core
import HTTP

/// The headers every page carries, and the shapes of the web app's answers.
enum WebResponses {
    /// No inline script or style and no other origin; forms post only here; no framing.
    static let contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
        + "connect-src 'self'; manifest-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

    static func page(_ html: HTMLPage, context: WebContext, status: Int = 200) -> HTTPResponse {
        var response = HTTPResponse(status: status, headers: [("Content-Type", "text/html; charset=utf-8")], body: Data(html.bytes))
        finish(&response, context: context)
        // A person's page is never stored by a shared cache, nor kept for the back button after logout.
        response.setHeader("Cache-Control", "no-store")
        response.setHeader("Vary", "Cookie, Accept-Language")
        return response
    }

    /// 303 See Other: the answer to a form post (POST-redirect-GET), or a page that moved.
    static func redirect(_ location: String, context: WebContext) -> HTTPResponse {
        var response = HTTPResponse(status: 303, headers: [("Location", location)])
        finish(&response, context: context)
        response.setHeader("Cache-Control", "no-store")
        return response
    }

    /// The security headers and the logged-out CSRF cookie when the request had none.
    static func finish(_ response: inout HTTPResponse, context: WebContext) {
        response.setHeader("Content-Security-Policy", contentSecurityPolicy)
        response.setHeader("X-Content-Type-Options", "nosniff")
        response.setHeader("Referrer-Policy", "same-origin")
        response.setHeader("X-Frame-Options", "DENY")
        if context.secure { response.setHeader("Strict-Transport-Security", "max-age=31536000") }
        if let token = context.newCSRFCookie {
            response.addCookie(Cookies.header(name: Cookies.csrf, value: token, maxAge: nil, secure: context.secure))
        }
    }

    /// A path inside this site to go back to; anything else (`//evil`, `https://…`) is `fallback`.
    static func localPath(_ text: String?, fallback: String = "/today") -> String {
        guard let text, text.hasPrefix("/"), !text.hasPrefix("//"), !text.hasPrefix("/\\"),
              !text.contains(where: { $0.isNewline || $0 == "\\" }) else { return fallback }
        return text
    }
}
