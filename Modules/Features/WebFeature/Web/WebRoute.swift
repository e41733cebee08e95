import FoundationEssentials
import Core
import Domain
import HTTP

/// Turns a page handler into a `Route`: builds the `WebContext`, sends a logged-out person to
/// the login page, refuses a form without this session's CSRF token, and renders an error as a
/// page (never the API's JSON). Web routes are left out of `/openapi.json`: they are pages.
struct WebRouteMaker: Sendable {
    let contexts: WebContextMaker
    let layout: Layout
    let message: @Sendable (AppError, Language) -> String
    let snapshot: @Sendable (() throws -> HTTPResponse) throws -> HTTPResponse

    typealias PageHandler = @Sendable (WebContext) throws -> HTTPResponse
    typealias FormHandler = @Sendable (WebContext, FormBody) throws -> HTTPResponse

    static let operation = OpenAPIOperation(summary: "A page of the web app", tag: "web", responses: [])

    func get(_ path: String, loggedIn: Bool = true, _ handler: @escaping PageHandler) -> Route {
        let contexts = contexts
        let failure = failurePage
        let snapshot = snapshot
        return Route("GET", path, requiresAuth: false, operation: Self.operation) { request in
            // The session check and every read of the page in one snapshot; a write a GET makes
            // (none should) would still take the writer.
            let page = {
                let context = contexts.make(request)
                if loggedIn, context.account == nil { return Self.toLogin(context) }
                do { return try handler(context) } catch { return failure(context, error) }
            }
            do { return try snapshot(page) } catch { return failure(contexts.make(request), error) }
        }
    }

    func post(_ path: String, loggedIn: Bool = true, _ handler: @escaping FormHandler) -> Route {
        let contexts = contexts
        let failure = failurePage
        let expired = expiredPage
        var route = Route("POST", path, requiresAuth: false, accepts: ["application/x-www-form-urlencoded"],
                          operation: Self.operation) { request in
            let context = contexts.make(request)
            do {
                let form = try request.form()
                guard context.isGenuine(form) else { return expired(context) }
                if loggedIn, context.account == nil { return Self.toLogin(context) }
                return try handler(context, form)
            } catch {
                return failure(context, error)
            }
        }
        // A body over the server's limit, refused before it is read: a page, not the API's JSON.
        route.refusalPage = { request, error in failure(contexts.make(request), error) }
        return route
    }

    static func toLogin(_ context: WebContext) -> HTTPResponse {
        let next = context.request.method == "GET" ? context.request.path : "/today"
        return WebResponses.redirect("/login?next=" + PercentEncoding.encode(next), context: context)
    }

    /// 403 for a form that does not carry this session's token (expired, or posted by another site).
    var expiredPage: @Sendable (WebContext) -> HTTPResponse {
        let layout = layout
        return { context in
            let html = layout.document(context, title: context.words.somethingWrong, tab: .none) {
                el("h1") { context.words.somethingWrong }
                el("p", .class("notice error"), Attribute("role", "alert")) { context.words.formExpired }
                el("p") { el("a", .href(context.account == nil ? "/login" : "/today")) { context.words.today } }
            }
            return WebResponses.page(html, context: context, status: 403)
        }
    }

    /// An error no page handled itself: its message in the person's language, with its status.
    var failurePage: @Sendable (WebContext, any Error) -> HTTPResponse {
        let layout = layout
        let message = message
        return { context, error in
            let appError = error as? AppError
            let status = appError.map { HTTPStatus.code(for: $0.kind) } ?? 500
            let words = context.words
            let text: String
            if let appError, appError.kind != .internalFailure {
                text = appError.kind == .notFound ? words.notFound : message(appError, context.language)
            } else {
                text = words.somethingWrong
            }
            let html = layout.document(context, title: words.somethingWrong, tab: .none) {
                el("h1") { appError?.kind == .notFound ? words.notFound : words.somethingWrong }
                el("p", .class("notice error"), Attribute("role", "alert")) { text }
                el("p") { el("a", .href(context.account == nil ? "/login" : "/today")) { words.today } }
            }
            return WebResponses.page(html, context: context, status: status == 500 ? 500 : status)
        }
    }
}
