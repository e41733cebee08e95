import HTTP

/// The OpenAPI description of each quest endpoint, named as its handler is.
enum QuestOperations {
    typealias S = OpenAPISchema

    static let lang = S.queryParameter("lang", "Language of the texts: en or ko", S.enumeration(["en", "ko"]))
    static let journeyID = S.pathParameter("id", "The journey's id")
    static let number = S.pathParameter("number", "The quest number, 1-30")

    // MARK: Journeys

    static let startJourney = OpenAPIOperation(
        summary: "Start a journey (nickname, feeling, style), or a new one after a finished one (style only)",
        tag: "quests", parameters: [lang], requestBody: S.jsonBody(S.ref("JourneyStart")),
        responses: [("201", S.jsonResponse("The journey", S.ref("Journey")))])

    static let listJourneys = OpenAPIOperation(
        summary: "Every journey, newest first", tag: "quests", parameters: [lang],
        responses: [("200", S.jsonResponse("The journeys", S.ref("JourneyList")))])

    static let reviewJourney = OpenAPIOperation(
        summary: "A journey in full, with what was written", tag: "quests", parameters: [journeyID, lang],
        responses: [("200", S.jsonResponse("The journey", S.ref("Journey")))])

    static let exportJourney = OpenAPIOperation(
        summary: "A journey as Markdown", tag: "quests", parameters: [journeyID, lang],
        responses: [("200", ["description": "Markdown", "content": ["text/markdown": ["schema": S.string]]])])

    static let deleteJourney = OpenAPIOperation(
        summary: "Delete a journey and its answers", tag: "quests", parameters: [journeyID],
        responses: [("204", S.emptyResponse("Deleted"))])

    // MARK: The daily step

    static let today = OpenAPIOperation(
        summary: "Bori's message and today's quest", tag: "quests", parameters: [lang],
        responses: [("200", S.jsonResponse("Today", S.ref("QuestToday")))])

    static let progress = OpenAPIOperation(
        summary: "Progress of the journey in progress (or the last finished one)", tag: "quests",
        responses: [("200", S.jsonResponse("Progress", S.ref("QuestProgress")))])

    static let answer = OpenAPIOperation(
        summary: "Answer today's question quest", tag: "quests", parameters: [lang],
        requestBody: S.jsonBody(S.ref("QuestAnswer")),
        responses: [("201", S.jsonResponse("Progress after the answer", S.ref("QuestProgress")))])

    static let done = OpenAPIOperation(
        summary: "Mark today's action quest done", tag: "quests", parameters: [lang],
        requestBody: S.jsonBody(S.ref("QuestDone"), required: false),
        responses: [("201", S.jsonResponse("Progress after the quest", S.ref("QuestProgress")))])

    // MARK: Quests and the reminder

    static let showQuest = OpenAPIOperation(
        summary: "A quest of the current journey, with what was written", tag: "quests", parameters: [number, lang],
        responses: [("200", S.jsonResponse("The quest", S.ref("Quest")))])

    static let editQuest = OpenAPIOperation(
        summary: "Change the answer or reflection of a done quest", tag: "quests", parameters: [number, lang],
        requestBody: S.jsonBody(S.ref("QuestAnswer")),
        responses: [("200", S.jsonResponse("The quest", S.ref("Quest")))])

    static let reminder = OpenAPIOperation(
        summary: "The daily quest reminder: its time and whether it is on", tag: "quests",
        responses: [("200", S.jsonResponse("The reminder", S.ref("QuestReminder")))])

    static let setReminder = OpenAPIOperation(
        summary: "Set the daily quest reminder's time, switch it off or on, or both", tag: "quests",
        requestBody: S.jsonBody(S.ref("QuestReminderChange")),
        responses: [("200", S.jsonResponse("The reminder", S.ref("QuestReminder")))])
}
