import FoundationEssentials
import Core
import Domain
import HTTP

/// `/couple`: pairing by invite code, the home (both local times, day or night, weather, moods,
/// the next meeting's D-day, the bridge and its stage), today's mood, and disconnecting — the
/// use cases of `tend couple` and `/v1/couple`.
struct CoupleController: Sendable {
    let couples: CoupleUseCases
    let message: @Sendable (AppError, Language) -> String
    let routes: WebRouteMaker
    let layout: Layout

    func make() -> [Route] {
        [
            routes.get("/couple") { context in
                try page(context, notice: context.request.query["done"].flatMap { Self.doneNotice($0, words: context.words) })
            },
            routes.post("/couple/invites") { context, _ in
                let invite = try couples.createInvite(accountID: context.account!.id)
                return try page(context, notice: context.words.inviteShown(invite.code), status: 201)
            },
            routes.post("/couple/join") { context, form in
                do {
                    _ = try couples.join(accountID: context.account!.id, code: form["code"] ?? "", from: context.clientAddress)
                } catch let error as AppError where error.kind != .internalFailure {
                    return try page(context, error: message(error, context.language), status: HTTPStatus.code(for: error.kind))
                }
                return WebResponses.redirect("/couple", context: context)
            },
            routes.post("/couple/mood") { context, form in
                do {
                    guard let mood = form["mood"].flatMap(Mood.init(rawValue:)) else {
                        throw AppError.invalidInput("mood must be one of \(Mood.allCases.map(\.rawValue).joined(separator: ", "))", code: "invalid_mood")
                    }
                    _ = try couples.setMood(accountID: context.account!.id, mood: mood, status: form.text("status"), note: form.text("note"))
                } catch let error as AppError where error.kind == .invalidInput {
                    return try page(context, error: message(error, context.language), status: 400)
                }
                return WebResponses.redirect("/couple", context: context)
            },
            routes.post("/couple/disconnect") { context, form in
                guard form["confirm"] == "yes" else { return WebResponses.redirect("/couple", context: context) }
                try couples.disconnect(accountID: context.account!.id)
                return WebResponses.redirect("/couple", context: context)
            },
        ] + spaceRoutes()
    }

    func page(_ context: WebContext, notice: String? = nil, error: String? = nil, status: Int = 200) throws -> HTTPResponse {
        let words = context.words
        let id = context.account!.id
        let home: CoupleHome?
        do { home = try couples.home(accountID: id, on: nil) } catch let error as AppError where error.kind == .notFound { home = nil }
        // The refusal the script says before an oversized photo is sent: the server's own words.
        let tooLarge = message(AppError(.tooLarge, code: "image_too_large", "the photo is larger than 10 MiB"), context.language)
        let html = layout.document(context, title: words.us, tab: .couple) {
            el("h1") { words.us }
            if let notice { el("p", .class("notice"), Attribute("role", "status"), Attribute("data-focus", nil)) { notice } }
            if let error { el("p", .class("notice error"), Attribute("role", "alert"), Attribute("data-focus", nil)) { error } }
            if let home {
                CoupleSpacePages.sections(context, current: .home)
                CouplePages.home(context, home, tooLarge: tooLarge)
            } else {
                CouplePages.pairing(context)
            }
        }
        return WebResponses.page(html, context: context, status: status)
    }
}
