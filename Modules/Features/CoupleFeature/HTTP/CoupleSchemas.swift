import HTTP

extension CoupleRoutes {
    /// The couple API's shapes in `/openapi.json`.
    public static let schemas: [(String, JSONValue)] = {
        typealias S = OpenAPISchema
        let nullableString = S.nullable("string")
        let moodNames = S.enumeration(["happy", "calm", "excited", "loving", "tired", "sad", "stressed", "sick"])
        let mood = S.object([
            ("id", S.string), ("account_id", S.string), ("date", S.date), ("mood", moodNames), ("status", nullableString),
            ("note", nullableString), ("updated_at", S.dateTime),
        ], required: ["id", "account_id", "date", "mood", "status", "note", "updated_at"])
        let photo = S.object([
            ("id", S.string), ("account_id", S.string), ("date", S.date), ("media_type", S.string), ("bytes", S.integer),
            ("caption", nullableString), ("url", S.string), ("updated_at", S.dateTime),
        ], required: ["id", "account_id", "date", "media_type", "bytes", "caption", "url", "updated_at"])
        let meeting = S.object([
            ("id", S.string), ("date", S.date), ("place", nullableString), ("d_day", S.string),
            ("countdowns", S.array(S.object([("account_id", S.string), ("d_day", S.string)], required: ["account_id", "d_day"]))),
        ], required: ["id", "date", "place", "d_day", "countdowns"])
        let event = S.object([
            ("id", S.string), ("handle", S.string), ("title", S.string), ("for", S.enumeration(["me", "partner", "us"])),
            ("all_day", S.boolean), ("start", S.string), ("end", nullableString),
            ("repeat", ["type": ["string", "null"], "enum": ["yearly", "monthly", "weekly", nil]]),
            ("author_id", S.string),
        ], required: ["id", "handle", "title", "for", "all_day", "start", "end", "repeat", "author_id"])
        let care = S.object([
            ("id", S.string), ("handle", S.string), ("text", S.string), ("for", S.enumeration(["me", "partner"])),
            ("for_account_id", S.string),
            ("author_id", S.string), ("due", S.nullable("string")), ("done", S.boolean), ("done_by", nullableString),
            ("done_at", S.nullable("string")),
        ], required: ["id", "handle", "text", "for", "for_account_id", "author_id", "due", "done", "done_by", "done_at"])
        let parts = S.object([("mood", S.integer), ("photo", S.integer), ("care", S.integer), ("calendar", S.integer)],
                             required: ["mood", "photo", "care", "calendar"])
        let bridge = S.object([
            ("date", S.date), ("score", S.integer),
            ("stage", S.enumeration(["waiting", "started", "on_the_way", "halfway", "almost", "complete"])),
            ("stage_label", S.string), ("parts", parts), ("streak", S.integer),
        ], required: ["date", "score", "stage", "stage_label", "parts", "streak"])
        let weather = S.object([
            ("temp_c", S.number), ("description", S.string), ("icon", S.string), ("city", S.string), ("observed_at", S.dateTime),
            ("stale", S.boolean),
        ], required: ["temp_c", "description", "icon", "city", "observed_at", "stale"])
        let member = S.object([
            ("account_id", S.string), ("display_name", S.string), ("is_me", S.boolean), ("time_zone", S.string),
            ("local_time", S.dateTime), ("utc_offset", S.string), ("daytime", S.boolean), ("city", nullableString),
            ("weather", ["oneOf": [weather, ["type": "null"]]]), ("weather_configured", S.boolean),
            ("mood", ["oneOf": [mood, ["type": "null"]]]), ("photo", ["oneOf": [photo, ["type": "null"]]]),
        ], required: ["account_id", "display_name", "is_me", "time_zone", "local_time", "utc_offset", "daytime", "city", "weather",
                       "weather_configured", "mood", "photo"])
        return [
            ("Invite", S.object([("code", S.string), ("expires_at", S.dateTime)], required: ["code", "expires_at"])),
            ("Join", S.object([("code", ["type": "string", "minLength": 1])], required: ["code"], closed: false)),
            ("Couple", S.object([
                ("id", S.string), ("paired_at", S.dateTime),
                ("members", S.array(S.object([
                    ("account_id", S.string), ("display_name", S.string), ("time_zone", S.string), ("city", nullableString),
                ], required: ["account_id", "display_name", "time_zone", "city"]))),
            ], required: ["id", "paired_at", "members"])),
            ("Location", S.object([
                ("city", S.string), ("lat", ["type": "number", "minimum": -90, "maximum": 90]),
                ("lon", ["type": "number", "minimum": -180, "maximum": 180]),
            ], required: ["city", "lat", "lon"], closed: false)),
            ("MoodInput", S.object([("mood", moodNames), ("status", S.string), ("note", S.string)], required: ["mood"], closed: false)),
            ("Mood", mood),
            ("MoodList", S.object([("moods", S.array(mood))], required: ["moods"])),
            ("MeetingInput", S.object([("date", S.date), ("place", S.string)], required: ["date"], closed: false)),
            ("Meeting", meeting),
            ("MeetingList", S.object([("meetings", S.array(meeting))], required: ["meetings"])),
            ("EventInput", S.object([
                ("title", S.string), ("start", S.string), ("end", S.string), ("all_day", S.boolean),
                ("repeat", S.enumeration(["yearly", "monthly", "weekly"])), ("for", S.enumeration(["me", "partner", "us"])),
            ], required: ["title", "start"], closed: false)),
            ("EventPatch", S.object([
                ("title", S.string), ("start", S.string), ("end", nullableString), ("all_day", S.boolean),
                ("repeat", ["type": ["string", "null"], "enum": ["yearly", "monthly", "weekly", nil]]),
                ("for", S.enumeration(["me", "partner", "us"])),
            ], required: [], closed: false)),
            ("Event", event),
            ("EventList", S.object([("events", S.array(event))], required: ["events"])),
            ("CalendarCheck", S.object([("date", S.date), ("account_id", S.string)], required: ["date", "account_id"])),
            ("CareInput", S.object([("text", S.string), ("for", S.enumeration(["me", "partner"])), ("due", S.date)],
                                   required: ["text"], closed: false)),
            ("Care", care),
            ("CareList", S.object([("care", S.array(care))], required: ["care"])),
            ("Photo", photo),
            ("PhotoList", S.object([("photos", S.array(photo))], required: ["photos"])),
            ("Bridge", bridge),
            ("Home", S.object([
                ("date", S.date), ("meeting", ["oneOf": [meeting, ["type": "null"]]]), ("bridge", bridge), ("members", S.array(member)),
                ("difference_s", S.integer),
                ("call_window", ["oneOf": [S.object([("starts_at", S.dateTime), ("ends_at", S.dateTime)],
                                                    required: ["starts_at", "ends_at"]),
                                           ["type": "null"]]]),
                ("recent", S.array(S.object([
                    ("kind", S.enumeration(["mood", "photo", "care_added", "care_done", "event", "meeting"])), ("account_id", S.string),
                    ("posted_at", S.dateTime), ("text", S.string),
                ], required: ["kind", "account_id", "posted_at", "text"]))),
            ], required: ["date", "meeting", "bridge", "members", "difference_s", "call_window", "recent"])),
            ("Archive", S.object([
                ("couple_id", S.string), ("expires_at", S.nullable("string")), ("moods", S.array(mood)),
                ("events", S.array(event)), ("care", S.array(care)),
                ("meetings", S.array(S.object([("id", S.string), ("date", S.date), ("place", nullableString)],
                                              required: ["id", "date", "place"]))),
                ("photos", S.array(photo)),
            ], required: ["couple_id", "expires_at", "moods", "events", "care", "meetings", "photos"])),
        ]
    }()
}
