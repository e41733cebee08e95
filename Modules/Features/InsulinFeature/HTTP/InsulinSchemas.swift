import HTTP

extension InsulinRoutes {
    /// The JSON Schemas of the insulin API, for `/openapi.json`.
    public static let schemas: [(String, JSONValue)] = {
        typealias S = OpenAPISchema
        let kind = S.enumeration(["long", "rapid"])
        let nullableDose: JSONValue = ["anyOf": [S.ref("Dose"), ["type": "null"]]]
        return [
            ("Dose", S.object([
                ("id", S.string), ("handle", S.string), ("kind", kind), ("units", S.number), ("taken_at", S.dateTime),
                ("insulin_day", S.date), ("note", S.nullable("string")),
            ], required: ["id", "handle", "kind", "units", "taken_at", "insulin_day", "note"])),
            ("DoseList", S.object([("doses", S.array(S.ref("Dose")))], required: ["doses"])),
            ("NewDose", S.object([
                ("id", ["type": "string", "format": "uuid"]), ("kind", kind),
                ("units", ["type": "number", "exclusiveMinimum": 0, "maximum": 100, "multipleOf": 0.5]),
                ("taken_at", S.dateTime), ("note", ["type": "string", "maxLength": 500]), ("force", S.boolean),
            ], required: ["kind"], closed: false)),
            ("DosePatch", S.object([
                ("kind", kind), ("units", ["type": "number", "exclusiveMinimum": 0, "maximum": 100, "multipleOf": 0.5]),
                ("taken_at", S.dateTime), ("note", S.nullable("string")), ("force", S.boolean),
            ], required: [], closed: false)),
            ("InsulinSettings", S.object([
                ("long_name", S.string), ("long_units", S.number), ("rapid_name", S.string), ("rapid_units", S.number),
                ("day_starts", S.timeOfDay), ("time_zone", S.string), ("long_guard_s", S.integer),
                ("rapid_window_s", S.integer), ("reminder", S.timeOfDay),
            ], required: ["long_name", "long_units", "rapid_name", "rapid_units", "day_starts", "time_zone",
                          "long_guard_s", "rapid_window_s", "reminder"])),
            ("InsulinSettingsUpdate", S.object([
                ("long_name", S.string), ("long_units", S.number), ("rapid_name", S.string), ("rapid_units", S.number),
                ("day_starts", S.timeOfDay), ("time_zone", S.string),
                ("long_guard_s", ["type": "integer", "minimum": 0, "maximum": 172_800, "multipleOf": 60]),
                ("rapid_window_s", ["type": "integer", "minimum": 0, "maximum": 14_400, "multipleOf": 60]), ("reminder", S.timeOfDay),
            ], required: [], closed: false)),
            ("InsulinStatus", S.object([
                ("now", S.dateTime), ("insulin_day", S.date),
                ("long", S.object([
                    ("name", S.string), ("taken", S.boolean), ("dose", nullableDose), ("last_dose", nullableDose),
                    ("due", S.boolean), ("reminder", S.timeOfDay), ("guard_ends_at", S.nullable("string")),
                ], required: ["name", "taken", "dose", "last_dose", "due", "reminder", "guard_ends_at"])),
                ("rapid", S.object([
                    ("name", S.string), ("last_dose", nullableDose), ("since_last_s", S.nullable("integer")),
                    ("count_today", S.integer), ("units_today", S.number),
                ], required: ["name", "last_dose", "since_last_s", "count_today", "units_today"])),
            ], required: ["now", "insulin_day", "long", "rapid"])),
            ("InsulinMonth", S.object([
                ("month", ["type": "string", "pattern": "^[0-9]{4}-[0-9]{2}$"]),
                ("long_dose_days", S.integer), ("elapsed_days", S.integer),
                ("adherence_pct", ["type": ["number", "null"], "minimum": 0, "maximum": 100]),
                ("average_long_time", S.nullable("string")),
                ("current_streak_days", S.integer), ("longest_streak_days", S.integer),
                ("days", S.array(S.object([("date", S.date), ("doses", ["type": ["array", "null"], "items": S.ref("Dose")]),
                                           ("time_in_range_pct", ["type": ["number", "null"], "minimum": 0, "maximum": 100])],
                                          required: ["date", "doses", "time_in_range_pct"]))),
                ("rapid", S.object([
                    ("by_hour", ["type": "array", "items": S.integer, "minItems": 24, "maxItems": 24]),
                    ("average_units", S.nullable("number")),
                ], required: ["by_hour", "average_units"])),
            ], required: ["month", "long_dose_days", "elapsed_days", "adherence_pct", "average_long_time",
                          "current_streak_days", "longest_streak_days", "days", "rapid"])),
        ]
    }()
}
