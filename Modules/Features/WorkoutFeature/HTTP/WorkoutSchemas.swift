import HTTP

extension WorkoutRoutes {
    /// The JSON Schemas of the workout API, for `/openapi.json`.
    public static let schemas: [(String, JSONValue)] = {
        typealias S = OpenAPISchema
        let number = S.nullable("number")
        let integer = S.nullable("integer")
        let set = S.object([("exercise", S.string), ("weight_kg", number), ("reps", integer), ("duration_s", number),
                            ("distance_m", number), ("kcal", number), ("warmup", S.boolean), ("rpe", number), ("rir", integer)],
                           required: ["exercise", "weight_kg", "reps", "duration_s", "distance_m", "kcal", "warmup", "rpe", "rir"])
        let wod: JSONValue = ["anyOf": [S.object([("format", S.string), ("name", S.nullable("string")), ("rounds", integer),
                                                  ("reps", integer), ("duration_s", number), ("capped", S.boolean), ("cap_s", number),
                                                  ("rx", S.boolean), ("movements", S.nullable("string")), ("summary", S.string)],
                                                 required: ["format", "capped", "rx", "summary"], closed: false), ["type": "null"]]]
        return [
            ("Workout", S.object([
                ("id", S.string), ("handle", S.string), ("kind", S.enumeration(["strength", "wod", "cardio"])), ("started_at", S.dateTime),
                ("title", S.nullable("string")), ("notes", S.nullable("string")), ("duration_s", number), ("felt", integer),
                ("sets", S.array(set)), ("result", wod),
                ("new_prs", S.array(S.object([("exercise", S.string), ("records", S.array(S.string))], required: ["exercise", "records"]))),
                ("xp_earned", S.integer),
            ], required: ["id", "handle", "kind", "started_at", "sets", "result", "new_prs"])),
            ("WorkoutList", S.object([("sessions", S.array(S.ref("Workout")))], required: ["sessions"])),
            ("NewWorkout", S.object([
                ("sets", S.array(S.string)), ("kind", S.enumeration(["strength", "wod", "cardio"])), ("title", S.string),
                ("started_at", S.dateTime), ("duration_s", ["type": "number", "exclusiveMinimum": 0, "maximum": 86_400]),
                ("notes", S.string),
                ("felt", ["type": "integer", "minimum": 1, "maximum": 5]),
                ("wod", S.object([("format", S.enumeration(["amrap", "fortime", "emom", "tabata"])), ("result", S.string),
                                  ("name", S.string), ("cap_s", ["type": "number", "exclusiveMinimum": 0, "maximum": 36_000]),
                                  ("rx", S.boolean), ("movements", S.string)],
                                 required: ["format", "result"], closed: false)),
            ], required: [], closed: false)),
            ("WorkoutPatch", S.object([("title", S.string), ("notes", S.string), ("felt", ["type": "integer", "minimum": 1, "maximum": 5]),
                                       ("duration_s", ["type": "number", "exclusiveMinimum": 0, "maximum": 86_400]),
                                       ("started_at", S.dateTime), ("sets", S.array(S.string))],
                                      required: [], closed: false)),
            ("WorkoutStats", S.object([
                ("xp", S.integer), ("level", S.integer), ("next_level_xp", S.integer), ("current_streak_days", S.integer),
                ("longest_streak_days", S.integer),
                ("week", S.object([("done", S.integer), ("goal", S.integer)], required: ["done", "goal"])),
                ("weeks_meeting_goal", S.integer), ("month_duration_s", S.number), ("month_sessions", S.integer),
                ("today_plan", S.nullable("string")),
            ], required: ["xp", "level", "current_streak_days", "longest_streak_days", "week", "month_duration_s", "today_plan"])),
            ("Records", S.object([("exercise", S.string), ("heaviest_kg", number), ("e1rm_kg", number),
                                  ("rep_max_kg", S.object([("1", number), ("3", number), ("5", number), ("10", number)],
                                                          required: ["1", "3", "5", "10"])),
                                  ("best_set_volume_kg", number)],
                                 required: ["exercise", "heaviest_kg", "e1rm_kg", "rep_max_kg", "best_set_volume_kg"])),
            ("RecordList", S.object([("records", S.array(S.ref("Records")))], required: ["records"])),
            ("Exercise", S.object([("name", S.string), ("measure", S.string), ("aliases", S.array(S.string)), ("is_custom", S.boolean)],
                                  required: ["name", "measure", "aliases", "is_custom"])),
            ("ExerciseList", S.object([("exercises", S.array(S.ref("Exercise")))], required: ["exercises"])),
            ("NewExercise", S.object([("name", S.string),
                                      ("measure", S.enumeration(["weight-reps", "reps", "time", "distance", "calories"]))],
                                     required: ["name", "measure"], closed: false)),
            ("Plan", ["type": "object", "additionalProperties": S.nullable("string")]),
            ("Supplement", S.object([("name", S.string), ("amount", S.number), ("unit", S.string), ("times", S.array(S.string)),
                                     ("days", S.array(S.string))], required: ["name", "amount", "unit", "times", "days"])),
            ("SupplementList", S.object([("supplements", S.array(S.ref("Supplement")))], required: ["supplements"])),
            ("NewSupplement", S.object([("name", S.string), ("amount", ["type": "number", "exclusiveMinimum": 0]), ("unit", S.string),
                                        ("times", ["type": "array", "items": S.timeOfDay, "minItems": 1]),
                                        ("days", S.array(S.enumeration(["mon", "tue", "wed", "thu", "fri", "sat", "sun"])))],
                                       required: ["name", "amount", "unit", "times"], closed: false)),
            ("SupplementChecklist", S.object([("date", S.date),
                                              ("items", S.array(S.object([("name", S.string), ("slot", S.string),
                                                                          ("taken", S.boolean), ("overdue", S.boolean)],
                                                                         required: ["name", "slot", "taken", "overdue"])))],
                                             required: ["date", "items"])),
            ("Intake", S.object([("name", S.string), ("slot", S.string)], required: ["name", "slot"])),
        ]
    }()
}
