import FoundationEssentials
import Core
import Domain
import HTTP

/// Log in, sign up, log out, and the language switch. A login makes a browser session whose
/// token lives only in the HttpOnly `tend_session` cookie.
struct AuthController: Sendable {
    let services: WebServices
    let routes: WebRouteMaker
    let layout: Layout

    func make() -> [Route] {
        [
            routes.get("/", loggedIn: false) { context in
                WebResponses.redirect(context.account == nil ? "/login" : "/today", context: context)
            },
            routes.get("/login", loggedIn: false) { context in
                if context.account != nil { return WebResponses.redirect("/today", context: context) }
                let next = WebResponses.localPath(context.request.query["next"])
                return page(context, title: context.words.logIn, AuthPages.login(context, next: next))
            },
            routes.post("/login", loggedIn: false, login),
            routes.get("/signup", loggedIn: false) { context in
                if context.account != nil { return WebResponses.redirect("/today", context: context) }
                return page(context, title: context.words.signUp, AuthPages.signup(context))
            },
            routes.post("/signup", loggedIn: false, signup),
            routes.post("/logout", loggedIn: false) { context, _ in
                if let token = Cookies.parse(context.request.header("cookie"))[Cookies.session] { try? services.accounts.logout(token: token) }
                var response = WebResponses.redirect("/login", context: context)
                response.addCookie(Cookies.expired(name: Cookies.session, secure: context.secure))
                return response
            },
            routes.get("/language", loggedIn: false) { context in
                let chosen = context.request.query["set"].flatMap(Language.init(rawValue:)) ?? .en
                var response = WebResponses.redirect(WebResponses.localPath(context.request.query["back"]), context: context)
                response.addCookie(Cookies.header(name: Cookies.language, value: chosen.rawValue, maxAge: 365 * 24 * 3600,
                                                  secure: context.secure))
                return response
            },
        ]
    }

    func page(_ context: WebContext, title: String, status: Int = 200, _ nodes: [Node]) -> HTTPResponse {
        WebResponses.page(layout.document(context, title: title, tab: .none) { nodes }, context: context, status: status)
    }

    func login(_ context: WebContext, _ form: FormBody) throws -> HTTPResponse {
        let email = form["email"] ?? ""
        let next = WebResponses.localPath(form["next"])
        do {
            let result = try services.sessions.login(email: email, password: form["password"] ?? "",
                                                     label: UserAgent.label(context.request.header("user-agent")))
            return loggedIn(context, token: result.token, to: next)
        } catch let error as AppError where error.kind == .unauthorized || error.kind == .tooManyRequests {
            let words = context.words
            let seconds = (error.details as? Int) ?? 60
            let text = error.kind == .tooManyRequests ? words.tooManyAttempts(seconds) : words.wrongLogin
            var response = page(context, title: words.logIn, status: HTTPStatus.code(for: error.kind),
                                AuthPages.login(context, email: email, next: next, error: text))
            if error.kind == .tooManyRequests { response.setHeader("Retry-After", String(max(1, seconds))) }
            return response
        }
    }

    func signup(_ context: WebContext, _ form: FormBody) throws -> HTTPResponse {
        let registration = AccountUseCases.Registration(
            email: form["email"] ?? "", password: form["password"] ?? "", displayName: form["display_name"] ?? "",
            timeZone: form.text("time_zone"))
        do {
            _ = try services.accounts.register(registration, from: context.clientAddress)
            let result = try services.sessions.login(email: registration.email, password: registration.password,
                                                     label: UserAgent.label(context.request.header("user-agent")))
            return loggedIn(context, token: result.token, to: "/today")
        } catch let error as AppError where error.kind != .internalFailure {
            var response = page(context, title: context.words.signUp, status: HTTPStatus.code(for: error.kind),
                                AuthPages.signup(context, values: form, error: services.message(error, context.language)))
            if error.kind == .tooManyRequests { response.setHeader("Retry-After", String(max(1, (error.details as? Int) ?? 60))) }
            return response
        }
    }

    /// Sets the session cookie (30 days, as the token lives) and goes on.
    private func loggedIn(_ context: WebContext, token: String, to path: String) -> HTTPResponse {
        var response = WebResponses.redirect(path, context: context)
        response.addCookie(Cookies.header(name: Cookies.session, value: token, maxAge: Int(AccountUseCases.sessionLifetime),
                                          secure: context.secure))
        return response
    }
}

/// A short name for a browser from its `User-Agent`, for the session list ("Chrome on Android").
enum UserAgent {
    static func label(_ header: String?) -> String? {
        guard let header, !header.isEmpty else { return nil }
        let browsers = [("Edg/", "Edge"), ("SamsungBrowser", "Samsung Internet"), ("Firefox/", "Firefox"), ("Chrome/", "Chrome"),
                        ("Safari/", "Safari")]
        let systems = [("Android", "Android"), ("iPhone", "iPhone"), ("iPad", "iPad"), ("Mac OS X", "macOS"), ("Windows", "Windows"),
                       ("Linux", "Linux")]
        let browser = browsers.first { header.contains($0.0) }?.1
        let system = systems.first { header.contains($0.0) }?.1
        switch (browser, system) {
        case let (browser?, system?): return "\(browser) on \(system)"
        case let (browser?, nil): return browser
        case let (nil, system?): return system
        default: return String(header.prefix(40).filter { !$0.isNewline })
        }
    }
}
