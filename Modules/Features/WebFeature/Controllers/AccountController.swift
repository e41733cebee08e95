import FoundationEssentials
import Core
import Domain
import HTTP

/// `/account`: name and time zone, the sessions and tokens (revocable), and logging out.
struct AccountController: Sendable {
    let services: WebServices
    let routes: WebRouteMaker
    let layout: Layout

    func make() -> [Route] {
        [
            routes.get("/account") { context in
                render(context, notice: context.request.query["done"].map { $0 == "revoked" ? context.words.revoked : context.words.saved })
            },
            routes.post("/account") { context, form in
                let account = context.account!
                do {
                    _ = try services.accounts.updateProfile(id: account.id, displayName: form.text("display_name"),
                                                             timeZone: form.text("time_zone"))
                } catch let error as AppError where error.kind == .invalidInput {
                    return render(context, error: services.message(error, context.language), status: 400)
                }
                return WebResponses.redirect("/account?done=saved", context: context)
            },
            routes.post("/account/sessions/{id}/revoke") { context, _ in
                let id = context.request.pathParameters["id"] ?? ""
                try services.sessions.revoke(accountID: context.account!.id, sessionID: id)
                if id == context.sessionID {
                    var response = WebResponses.redirect("/login", context: context)
                    response.addCookie(Cookies.expired(name: Cookies.session, secure: context.secure))
                    return response
                }
                return WebResponses.redirect("/account?done=revoked", context: context)
            },
        ]
    }

    func render(_ context: WebContext, notice: String? = nil, error: String? = nil, status: Int = 200) -> HTTPResponse {
        let words = context.words
        let account = context.account!
        let sessions = (try? services.sessions.list(accountID: account.id)) ?? []
        let zone = TimeZone(stored: account.timeZoneIdentifier)
        let html = layout.document(context, title: words.account, tab: .account) {
            el("h1") { words.account }
            if let notice { el("p", .class("notice"), Attribute("role", "status"), Attribute("data-focus", nil)) { notice } }
            if let error { el("p", .class("notice error"), Attribute("role", "alert"), Attribute("data-focus", nil)) { error } }
            el("section", .class("card"), Attribute("aria-labelledby", "profile-title")) {
                el("h2", .id("profile-title")) { words.profile }
                el("p", .class("muted small")) { account.email }
                el("form", Attribute("method", "post"), Attribute("action", "/account")) {
                    context.csrfField
                    Tags.field(words.displayName, name: "display_name", value: account.displayName,
                               extra: [.required, Attribute("maxlength", "60"), Attribute("autocomplete", "nickname")])
                    AuthPages.timeZoneField(words, zone: account.timeZoneIdentifier)
                    el("button", .type("submit")) { words.save }
                }
            }
            el("section", .class("card"), Attribute("aria-labelledby", "sessions-title")) {
                el("h2", .id("sessions-title")) { words.sessions }
                el("p", .class("muted small")) { words.sessionsHint }
                el("ul", .class("plain")) {
                    for session in sessions {
                        el("li") {
                            el("div") {
                                el("strong") { session.kind == .browser ? (session.label ?? words.browserSession) : words.apiToken }
                                if session.id == context.sessionID { " · " + words.thisBrowser }
                                el("br")
                                el("span", .class("muted small")) {
                                    (session.kind == .browser ? words.browserSession : words.apiToken) + " · "
                                        + words.since(zone.dateTimeText(of: session.createdAt))
                                }
                            }
                            el("form", Attribute("method", "post"),
                               Attribute("action", "/account/sessions/\(PercentEncoding.encode(session.id))/revoke")) {
                                context.csrfField
                                el("button", .type("submit"), .class("danger"),
                                   .aria(label: "\(words.revoke): \(session.label ?? words.apiToken)")) { words.revoke }
                            }
                        }
                    }
                }
            }
            el("form", Attribute("method", "post"), Attribute("action", "/logout")) {
                context.csrfField
                el("button", .type("submit"), .class("secondary wide")) { words.logOut }
            }
        }
        return WebResponses.page(html, context: context, status: status)
    }
}
