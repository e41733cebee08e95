import FoundationEssentials
import Core
import Domain
import HTTP

/// `/v1/quests/…`: the same use cases as `tend quest`, for the account of the token.
/// Texts follow `?lang=en|ko`, else `Accept-Language`, else English.
struct QuestController: Sendable {
    let quests: QuestUseCases

    func routes() -> [Route] {
        typealias Doc = QuestOperations
        return [
            Route("POST", "/v1/quests/journeys", operation: Doc.startJourney, handler: startJourney),
            Route("GET", "/v1/quests/journeys", operation: Doc.listJourneys, handler: listJourneys),
            Route("GET", "/v1/quests/journeys/{id}", operation: Doc.reviewJourney, handler: reviewJourney),
            Route("GET", "/v1/quests/journeys/{id}/export", operation: Doc.exportJourney, handler: exportJourney),
            Route("DELETE", "/v1/quests/journeys/{id}", operation: Doc.deleteJourney, handler: deleteJourney),
            Route("GET", "/v1/quests/today", operation: Doc.today, handler: today),
            Route("GET", "/v1/quests/progress", operation: Doc.progress, handler: progress),
            Route("POST", "/v1/quests/answer", operation: Doc.answer, handler: answer),
            Route("POST", "/v1/quests/done", operation: Doc.done, handler: done),
            Route("GET", "/v1/quests/quest/{number}", operation: Doc.showQuest, handler: showQuest),
            Route("PUT", "/v1/quests/quest/{number}", operation: Doc.editQuest, handler: editQuest),
            Route("GET", "/v1/quests/reminder", operation: Doc.reminder, handler: reminder),
            Route("PUT", "/v1/quests/reminder", operation: Doc.setReminder, handler: setReminder),
        ]
    }

    // MARK: Journeys

    func startJourney(_ request: HTTPRequest) throws -> HTTPResponse {
        let body = try request.decode(JourneyStartBody.self)
        let ownerID = owner(request)
        let state: JourneyState
        if let nickname = body.nickname {
            state = try quests.start(ownerID: ownerID, .init(nickname: nickname, feeling: try body.parsedFeeling(),
                                                             style: try body.parsedStyle() ?? .question, paceDays: body.paceDays ?? 1))
        } else {
            state = try quests.startNew(ownerID: ownerID, style: try body.parsedStyle(), paceDays: body.paceDays)
        }
        return try .json(JourneyJSON(state, language: Self.language(request), full: false), status: 201)
    }

    func listJourneys(_ request: HTTPRequest) throws -> HTTPResponse {
        try .json(JourneyListJSON(try quests.allJourneys(ownerID: owner(request)), language: Self.language(request)))
    }

    func reviewJourney(_ request: HTTPRequest) throws -> HTTPResponse {
        let state = try quests.review(ownerID: owner(request), journeyID: request.pathParameters["id"] ?? "")
        return try .json(JourneyJSON(state, language: Self.language(request), full: true))
    }

    func exportJourney(_ request: HTTPRequest) throws -> HTTPResponse {
        let state = try quests.review(ownerID: owner(request), journeyID: request.pathParameters["id"] ?? "")
        return HTTPResponse(status: 200, headers: [("Content-Type", "text/markdown; charset=utf-8")],
                            body: Data(JourneyMarkdown.render(state, language: Self.language(request)).utf8))
    }

    func deleteJourney(_ request: HTTPRequest) throws -> HTTPResponse {
        try quests.delete(ownerID: owner(request), journeyID: request.pathParameters["id"] ?? "")
        return .noContent()
    }

    // MARK: The daily step

    func today(_ request: HTTPRequest) throws -> HTTPResponse {
        try .json(TodayJSON(try quests.today(ownerID: owner(request)), language: Self.language(request)))
    }

    func progress(_ request: HTTPRequest) throws -> HTTPResponse {
        try .json(ProgressJSON(try quests.currentState(ownerID: owner(request))))
    }

    func answer(_ request: HTTPRequest) throws -> HTTPResponse {
        let body = try request.decode(AnswerBody.self)
        _ = try quests.answer(ownerID: owner(request), text: body.text, language: Self.language(request))
        return try .json(ProgressJSON(try quests.currentState(ownerID: owner(request))), status: 201)
    }

    func done(_ request: HTTPRequest) throws -> HTTPResponse {
        let body = request.body.isEmpty ? DoneBody(reflection: nil, felt: nil) : try request.decode(DoneBody.self)
        let felt = try body.parsedFelt()
        _ = try quests.done(ownerID: owner(request), reflection: body.reflection, felt: felt, language: Self.language(request))
        return try .json(ProgressJSON(try quests.currentState(ownerID: owner(request))), status: 201)
    }

    // MARK: Quests and the reminder

    func showQuest(_ request: HTTPRequest) throws -> HTTPResponse {
        let view = try quests.show(ownerID: owner(request), number: try Self.questNumber(request))
        return try .json(QuestJSON(view.quest, state: view.state, language: Self.language(request)))
    }

    func editQuest(_ request: HTTPRequest) throws -> HTTPResponse {
        let entry = try quests.edit(ownerID: owner(request), number: try Self.questNumber(request),
                                    text: try request.decode(AnswerBody.self).text)
        let view = try quests.show(ownerID: owner(request), number: entry.questNumber)
        return try .json(QuestJSON(view.quest, state: view.state, language: Self.language(request)))
    }

    func reminder(_ request: HTTPRequest) throws -> HTTPResponse {
        try .json(QuestReminderJSON(try quests.settings(ownerID: owner(request))))
    }

    func setReminder(_ request: HTTPRequest) throws -> HTTPResponse {
        let body = try request.decode(ReminderBody.self)
        let time = try body.reminder.map { text in
            guard let time = LocalTime(text) else {
                throw AppError.invalidInput("field 'reminder' must be a time as HH:MM", code: "invalid_field")
            }
            return time
        }
        guard time != nil || body.reminderEnabled != nil else {
            throw AppError.invalidInput("give 'reminder' (HH:MM), 'reminder_enabled' (true or false) or both", code: "invalid_field")
        }
        return try .json(QuestReminderJSON(
            try quests.updateReminder(ownerID: owner(request), at: time, enabled: body.reminderEnabled)))
    }

    // MARK: Reading a request

    private func owner(_ request: HTTPRequest) -> String { request.accountID ?? "" }

    static func language(_ request: HTTPRequest) -> Language {
        if let query = request.query["lang"], let language = Language(rawValue: query.lowercased()) { return language }
        return request.preferredLanguage(among: ["en", "ko"]).flatMap(Language.init) ?? .en
    }

    static func questNumber(_ request: HTTPRequest) throws -> Int {
        guard let text = request.pathParameters["number"], let number = Int(text) else {
            throw AppError.invalidInput("a quest number is 1 to 30", code: "invalid_quest_number")
        }
        return number
    }
}
