import FoundationEssentials
import Core
import Domain
import HTTP

/// `/quest…`: onboarding with Bori, today's quest (written for a question journey, done for an
/// action one), editing what was written, progress through the 5 stages, and the finished
/// journeys — the use cases of `tend quest` and `/v1/quest`.
struct QuestController: Sendable {
    let quests: QuestUseCases
    let message: @Sendable (AppError, Language) -> String
    let routes: WebRouteMaker
    let layout: Layout

    func make() -> [Route] {
        // Literal paths before `{number}`: the router takes the first pattern that matches.
        [
            routes.get("/quest") { context in try home(context, notice: Self.notice(context)) },
            routes.post("/quest/start") { context, form in
                do {
                    let pace = try form.text("pace_days").map { text -> Int in
                        guard let days = Int(text) else { throw AppError.invalidInput("the pace must be 1 to 7 days per quest", code: "invalid_pace") }
                        return days
                    } ?? 1
                    guard let feeling = form.text("feeling").flatMap(Feeling.init(word:)) else {
                        throw AppError.invalidInput("feeling must be one of \(Feeling.allCases.map(\.rawValue).joined(separator: ", "))",
                                                    code: "invalid_feeling")
                    }
                    guard let style = form.text("style").flatMap(QuestStyle.init(rawValue:)) else {
                        throw AppError.invalidInput("style must be question or action", code: "invalid_style")
                    }
                    _ = try quests.start(ownerID: context.account!.id,
                                         .init(nickname: form["nickname"] ?? "", feeling: feeling, style: style, paceDays: pace))
                } catch let error as AppError where error.kind == .invalidInput {
                    return try home(context, error: message(error, context.language), values: form, status: 400)
                }
                return WebResponses.redirect("/quest", context: context)
            },
            routes.post("/quest/answer") { context, form in
                try complete(context, form) {
                    _ = try quests.answer(ownerID: context.account!.id, text: form["text"] ?? "", language: context.language)
                }
            },
            routes.post("/quest/done") { context, form in
                try complete(context, form) {
                    let felt = try form.text("felt").map { text -> QuestFelt in
                        guard let felt = QuestFelt(word: text) else {
                            throw AppError.invalidInput("felt must be better, same or harder", code: "invalid_felt")
                        }
                        return felt
                    }
                    _ = try quests.done(ownerID: context.account!.id, reflection: form["reflection"], felt: felt, language: context.language)
                }
            },
            routes.post("/quest/new") { context, form in
                do {
                    _ = try quests.startNew(ownerID: context.account!.id, style: form.text("style").flatMap(QuestStyle.init(rawValue:)))
                } catch let error as AppError where error.kind == .invalidInput {
                    return try home(context, error: message(error, context.language), status: 400)
                }
                return WebResponses.redirect("/quest", context: context)
            },
            routes.get("/quest/journeys") { context in try journeysPage(context) },
            routes.get("/quest/journeys/{id}") { context in
                let state = try quests.review(ownerID: context.account!.id, journeyID: context.request.pathParameters["id"] ?? "")
                return QuestJourneyPages(context: context, layout: layout).review(state)
            },
        ] + journeyRoutes() + [
            routes.get("/quest/{number}") { context in try questPage(context) },
            routes.post("/quest/{number}") { context, form in
                let number = try Self.number(context)
                do {
                    _ = try quests.edit(ownerID: context.account!.id, number: number, text: form["text"] ?? "")
                } catch let error as AppError where error.kind == .invalidInput {
                    return try questPage(context, error: message(error, context.language), text: form["text"], status: 400)
                }
                return WebResponses.redirect("/quest?done=edited", context: context)
            },
        ]
    }

    /// Answers or marks done; a refusal (too short, the other kind, not open yet) shows the
    /// quest again with the reason and what was typed.
    private func complete(_ context: WebContext, _ form: FormBody, _ action: () throws -> Void) throws -> HTTPResponse {
        do {
            try action()
        } catch let error as AppError where error.kind == .invalidInput || error.kind == .conflict {
            return try home(context, error: message(error, context.language), values: form, status: HTTPStatus.code(for: error.kind))
        }
        return WebResponses.redirect("/quest?done=saved", context: context)
    }

    func home(_ context: WebContext, notice: String? = nil, error: String? = nil, values: FormBody? = nil,
              status: Int = 200) throws -> HTTPResponse {
        let words = context.words
        let pages = QuestPages(context: context)
        let today: QuestUseCases.Today?
        do { today = try quests.today(ownerID: context.account!.id) } catch let error as AppError where error.code == "no_journey" { today = nil }
        let content = today == nil ? try quests.questContent() : nil
        let html = layout.document(context, title: words.quest, tab: .quest) {
            Notices.status(notice)
            Notices.alert(error)
            if let today { pages.today(today, values: values) }
            if let content { pages.onboarding(content, values: values) }
        }
        return WebResponses.page(html, context: context, status: status)
    }

    func questPage(_ context: WebContext, error: String? = nil, text: String? = nil, status: Int = 200) throws -> HTTPResponse {
        let view = try quests.show(ownerID: context.account!.id, number: try Self.number(context))
        let html = layout.document(context, title: view.quest.title.text(context.language), tab: .quest) {
            Notices.alert(error)
            QuestPages(context: context).quest(view, text: text)
        }
        return WebResponses.page(html, context: context, status: status)
    }

    /// `/quest/7`: a number 1–30; anything else is a page that does not exist.
    static func number(_ context: WebContext) throws -> Int {
        guard let number = Int(context.request.pathParameters["number"] ?? ""), (1...QuestContent.questCount).contains(number) else {
            throw AppError.notFound("no such quest", code: "quest_not_found")
        }
        return number
    }

    static func notice(_ context: WebContext) -> String? {
        switch context.request.query["done"] {
        case "saved": context.words.answerSaved
        case "edited": context.words.editSaved
        default: nil
        }
    }
}
