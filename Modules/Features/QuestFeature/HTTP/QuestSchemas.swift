import HTTP

extension QuestRoutes {
    /// The JSON Schemas of the quest API, for `/openapi.json`.
    public static let schemas: [(String, JSONValue)] = {
        typealias S = OpenAPISchema
        let style = S.enumeration(["question", "action"])
        let status = S.enumeration(["open", "done", "locked"])
        return [
            ("QuestProgress", S.object([
                ("journey_id", S.string), ("style", style), ("stage", S.integer), ("quest", S.integer),
                ("completed", S.integer), ("total", S.integer), ("completed_pct", ["type": "integer", "minimum": 0, "maximum": 100]),
                ("next_opens_at", S.nullable("string")), ("is_complete", S.boolean), ("days_on_journey", S.integer),
                ("started_at", S.dateTime), ("completed_at", S.nullable("string")),
            ], required: ["journey_id", "style", "stage", "quest", "completed", "total", "completed_pct", "next_opens_at",
                          "is_complete", "days_on_journey", "started_at", "completed_at"])),
            ("Quest", S.object([
                ("number", S.integer), ("stage", S.integer), ("kind", style), ("title", S.string), ("prompt", S.string),
                ("tip", S.string), ("status", status), ("answer", S.nullable("string")), ("reflection", S.nullable("string")),
                ("felt", S.nullable("string")), ("completed_at", S.nullable("string")),
            ], required: ["number", "stage", "kind", "title", "prompt", "tip", "status", "answer", "reflection", "felt", "completed_at"])),
            ("QuestToday", S.object([("message", S.string), ("quest", S.ref("Quest")), ("progress", S.ref("QuestProgress"))],
                                    required: ["message", "quest", "progress"])),
            ("Journey", S.object([
                ("id", S.string), ("style", style), ("name", S.string), ("nickname", S.string), ("feeling", S.string),
                ("progress", S.ref("QuestProgress")),
                ("stages", ["type": ["array", "null"], "items": S.object([("number", S.integer), ("name", S.string), ("purpose", S.string),
                                              ("quests", S.array(S.ref("Quest")))], required: ["number", "name", "purpose", "quests"])]),
            ], required: ["id", "style", "name", "nickname", "feeling", "progress", "stages"])),
            ("JourneyList", S.object([("journeys", S.array(S.ref("Journey")))], required: ["journeys"])),
            ("JourneyStart", S.object([
                ("nickname", ["type": "string", "minLength": 1, "maxLength": 30]),
                ("feeling", S.enumeration(["sad", "angry", "empty", "anxious", "regretful", "confused", "relieved"])),
                ("style", style), ("pace_days", ["type": "integer", "minimum": 1, "maximum": 7]),
            ], required: [], closed: false)),
            ("QuestAnswer", S.object([("text", ["type": "string", "minLength": 10])], required: ["text"], closed: false)),
            ("QuestDone", S.object([("reflection", S.string), ("felt", S.enumeration(["better", "same", "harder"]))],
                                   required: [], closed: false)),
            ("QuestReminder", S.object([("reminder", S.timeOfDay), ("reminder_enabled", S.boolean)],
                                       required: ["reminder", "reminder_enabled"])),
            ("QuestReminderChange", S.object([("reminder", S.timeOfDay), ("reminder_enabled", S.boolean)],
                                             required: [], closed: false)),
        ]
    }()
}
