import FoundationEssentials
import Core
import Domain
import HTTP

/// `/v1/quests/…`: the same use cases as `tend quest`, for the account of the token.
/// Texts follow `?lang=en|ko`, else `Accept-Language`, else English.
public enum QuestRoutes {
    public static func make(quests: QuestUseCases) -> [Route] {
        typealias S = OpenAPISchema
        let lang = S.queryParameter("lang", "Language of the texts: en or ko", S.enumeration(["en", "ko"]))
        let journeyID = S.pathParameter("id", "The journey's id")
        let number = S.pathParameter("number", "The quest number, 1-30")
        return [
            Route("POST", "/v1/quests/journeys", operation: OpenAPIOperation(
                summary: "Start a journey (nickname, feeling, style), or a new one after a finished one (style only)",
                tag: "quests", parameters: [lang], requestBody: S.jsonBody(S.ref("JourneyStart")),
                responses: [("201", S.jsonResponse("The journey", S.ref("Journey")))]
            )) { request in
                let body = try request.decode(JourneyStartBody.self)
                let owner = request.accountID ?? ""
                let state: JourneyState
                if let nickname = body.nickname {
                    guard let feelingText = body.feeling, let feeling = Feeling(word: feelingText) else {
                        throw AppError.invalidInput("field 'feeling' must be one of \(Feeling.allCases.map(\.rawValue).joined(separator: ", "))", code: "invalid_field")
                    }
                    state = try quests.start(ownerID: owner, .init(nickname: nickname, feeling: feeling,
                                                                   style: try body.parsedStyle() ?? .question, paceDays: body.paceDays ?? 1))
                } else {
                    state = try quests.startNew(ownerID: owner, style: try body.parsedStyle(), paceDays: body.paceDays)
                }
                return try .json(JourneyJSON(state, language: language(request), full: false), status: 201)
            },
            Route("GET", "/v1/quests/journeys", operation: OpenAPIOperation(
                summary: "Every journey, newest first", tag: "quests", parameters: [lang],
                responses: [("200", S.jsonResponse("The journeys", S.ref("JourneyList")))]
            )) { request in
                try .json(JourneyListJSON(try quests.allJourneys(ownerID: request.accountID ?? ""), language: language(request)))
            },
            Route("GET", "/v1/quests/journeys/{id}", operation: OpenAPIOperation(
                summary: "A journey in full, with what was written", tag: "quests", parameters: [journeyID, lang],
                responses: [("200", S.jsonResponse("The journey", S.ref("Journey")))]
            )) { request in
                let state = try quests.review(ownerID: request.accountID ?? "", journeyID: request.pathParameters["id"] ?? "")
                return try .json(JourneyJSON(state, language: language(request), full: true))
            },
            Route("GET", "/v1/quests/journeys/{id}/export", operation: OpenAPIOperation(
                summary: "A journey as Markdown", tag: "quests", parameters: [journeyID, lang],
                responses: [("200", ["description": "Markdown", "content": ["text/markdown": ["schema": S.string]]])]
            )) { request in
                let state = try quests.review(ownerID: request.accountID ?? "", journeyID: request.pathParameters["id"] ?? "")
                return HTTPResponse(status: 200, headers: [("Content-Type", "text/markdown; charset=utf-8")],
                                    body: Data(JourneyMarkdown.render(state, language: language(request)).utf8))
            },
            Route("DELETE", "/v1/quests/journeys/{id}", operation: OpenAPIOperation(
                summary: "Delete a journey and its answers", tag: "quests", parameters: [journeyID],
                responses: [("204", S.emptyResponse("Deleted"))]
            )) { request in
                try quests.delete(ownerID: request.accountID ?? "", journeyID: request.pathParameters["id"] ?? "")
                return .noContent()
            },
            Route("GET", "/v1/quests/today", operation: OpenAPIOperation(
                summary: "Bori's message and today's quest", tag: "quests", parameters: [lang],
                responses: [("200", S.jsonResponse("Today", S.ref("QuestToday")))]
            )) { request in
                try .json(TodayJSON(try quests.today(ownerID: request.accountID ?? ""), language: language(request)))
            },
            Route("GET", "/v1/quests/progress", operation: OpenAPIOperation(
                summary: "Progress of the journey in progress (or the last finished one)", tag: "quests",
                responses: [("200", S.jsonResponse("Progress", S.ref("QuestProgress")))]
            )) { request in
                try .json(ProgressJSON(try quests.currentState(ownerID: request.accountID ?? "")))
            },
            Route("POST", "/v1/quests/answer", operation: OpenAPIOperation(
                summary: "Answer today's question quest", tag: "quests", parameters: [lang],
                requestBody: S.jsonBody(S.ref("QuestAnswer")),
                responses: [("201", S.jsonResponse("Progress after the answer", S.ref("QuestProgress")))]
            )) { request in
                let body = try request.decode(AnswerBody.self)
                let owner = request.accountID ?? ""
                _ = try quests.answer(ownerID: owner, text: body.text, language: language(request))
                return try .json(ProgressJSON(try quests.currentState(ownerID: owner)), status: 201)
            },
            Route("POST", "/v1/quests/done", operation: OpenAPIOperation(
                summary: "Mark today's action quest done", tag: "quests", parameters: [lang],
                requestBody: S.jsonBody(S.ref("QuestDone"), required: false),
                responses: [("201", S.jsonResponse("Progress after the quest", S.ref("QuestProgress")))]
            )) { request in
                let body = request.body.isEmpty ? DoneBody(reflection: nil, felt: nil) : try request.decode(DoneBody.self)
                var felt: QuestFelt?
                if let text = body.felt {
                    guard let parsed = QuestFelt(word: text) else {
                        throw AppError.invalidInput("field 'felt' must be better, same or harder", code: "invalid_field")
                    }
                    felt = parsed
                }
                let owner = request.accountID ?? ""
                _ = try quests.done(ownerID: owner, reflection: body.reflection, felt: felt, language: language(request))
                return try .json(ProgressJSON(try quests.currentState(ownerID: owner)), status: 201)
            },
            Route("GET", "/v1/quests/quest/{number}", operation: OpenAPIOperation(
                summary: "A quest of the current journey, with what was written", tag: "quests", parameters: [number, lang],
                responses: [("200", S.jsonResponse("The quest", S.ref("Quest")))]
            )) { request in
                let view = try quests.show(ownerID: request.accountID ?? "", number: try questNumber(request))
                return try .json(QuestJSON(view.quest, state: view.state, language: language(request)))
            },
            Route("PUT", "/v1/quests/quest/{number}", operation: OpenAPIOperation(
                summary: "Change the answer or reflection of a done quest", tag: "quests", parameters: [number, lang],
                requestBody: S.jsonBody(S.ref("QuestAnswer")),
                responses: [("200", S.jsonResponse("The quest", S.ref("Quest")))]
            )) { request in
                let owner = request.accountID ?? ""
                let entry = try quests.edit(ownerID: owner, number: try questNumber(request), text: try request.decode(AnswerBody.self).text)
                let view = try quests.show(ownerID: owner, number: entry.questNumber)
                return try .json(QuestJSON(view.quest, state: view.state, language: language(request)))
            },
            Route("PUT", "/v1/quests/reminder", operation: OpenAPIOperation(
                summary: "Set the daily quest reminder", tag: "quests",
                requestBody: S.jsonBody(S.ref("QuestReminder")),
                responses: [("200", S.jsonResponse("The reminder", S.ref("QuestReminder")))]
            )) { request in
                let body = try request.decode(ReminderBody.self)
                guard let time = LocalTime(body.reminder) else {
                    throw AppError.invalidInput("field 'reminder' must be a time as HH:MM", code: "invalid_field")
                }
                return try .json(["reminder": try quests.setReminder(ownerID: request.accountID ?? "", at: time).reminder.description])
            },
        ]
    }

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

struct JourneyStartBody: Decodable {
    let nickname: String?
    let feeling: String?
    let style: String?
    let paceDays: Int?

    enum CodingKeys: String, CodingKey {
        case nickname, feeling, style, paceDays = "pace_days"
    }

    func parsedStyle() throws -> QuestStyle? {
        guard let style else { return nil }
        guard let parsed = QuestInput.style(style) else {
            throw AppError.invalidInput("field 'style' must be question or action", code: "invalid_field")
        }
        return parsed
    }
}

struct AnswerBody: Decodable {
    let text: String
}

struct DoneBody: Decodable {
    let reflection: String?
    let felt: String?
}

struct ReminderBody: Decodable {
    /// HH:MM, as `reminder` in the insulin settings.
    let reminder: String
}
