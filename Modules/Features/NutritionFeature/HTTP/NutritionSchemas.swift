import HTTP

extension NutritionRoutes {
    /// The JSON Schemas of the nutrition API, for `/openapi.json`.
    public static let schemas: [(String, JSONValue)] = {
        typealias S = OpenAPISchema
        let macros = S.ref("Macros")
        let entry = S.ref("DietEntry")
        return [
            ("Macros", S.object([("kcal", S.number), ("protein_g", S.number), ("carbs_g", S.number), ("fat_g", S.number)],
                                required: ["kcal", "protein_g", "carbs_g", "fat_g"])),
            ("Food", S.object([
                ("id", S.string), ("name", S.string), ("source", S.enumeration(["usda", "korean", "custom"])), ("kcal_per_100g", S.number),
                ("protein_g_per_100g", S.number), ("carbs_g_per_100g", S.number), ("fat_g_per_100g", S.number),
                ("measures", S.array(S.object([("name", S.string), ("grams", S.number)], required: ["name", "grams"]))),
                ("favorite", S.boolean), ("name_ko", S.nullable("string")), ("name_en", S.nullable("string")),
            ], required: ["id", "name", "source", "kcal_per_100g", "protein_g_per_100g", "carbs_g_per_100g", "fat_g_per_100g",
                          "measures", "favorite", "name_ko", "name_en"])),
            ("FoodList", S.object([("foods", S.array(S.ref("Food")))], required: ["foods"])),
            ("FoodDetail", S.object([("food", S.ref("Food")),
                                     ("nutrients", S.array(S.object([("name", S.string), ("amount", S.number), ("unit", S.string)],
                                                                    required: ["name", "amount", "unit"])))],
                                    required: ["food", "nutrients"])),
            ("CustomFood", S.object([("name", ["type": "string", "minLength": 1]), ("serving", S.string),
                                     ("grams", ["type": "number", "exclusiveMinimum": 0, "maximum": 5000]),
                                     ("kcal", ["type": "number", "minimum": 0, "maximum": 10000]), ("protein_g", S.number),
                                     ("carbs_g", S.number), ("fat_g", S.number)],
                                    required: ["name", "serving", "grams", "kcal"], closed: false)),
            ("DietEntry", S.object([
                ("id", S.string), ("handle", S.string), ("date", S.date),
                ("meal", S.enumeration(["breakfast", "lunch", "dinner", "snack"])),
                ("food_id", S.nullable("string")), ("name", S.string), ("amount", S.string), ("grams", S.nullable("number")),
                ("kcal", S.number), ("protein_g", S.number), ("carbs_g", S.number), ("fat_g", S.number),
            ], required: ["id", "handle", "date", "meal", "food_id", "name", "amount", "grams", "kcal", "protein_g", "carbs_g", "fat_g"])),
            ("DietEntryList", S.object([("entries", S.array(entry))], required: ["entries"])),
            ("NewDietEntry", S.object([("meal", S.enumeration(["breakfast", "lunch", "dinner", "snack"])), ("food", S.string),
                                       ("amount", S.string), ("date", S.date)], required: ["meal", "food", "amount"], closed: false)),
            ("DietAmount", S.object([("amount", S.string)], required: ["amount"], closed: false)),
            ("DietCopy", S.object([("from", S.string), ("meal", S.enumeration(["breakfast", "lunch", "dinner", "snack"])),
                                   ("to", S.string)],
                                  required: ["from", "meal"], closed: false)),
            ("DietDay", S.object([
                ("date", S.date), ("totals", macros), ("goals", macros), ("remaining_kcal", S.number),
                ("meals", S.object([("breakfast", S.array(entry)), ("lunch", S.array(entry)),
                                    ("dinner", S.array(entry)), ("snack", S.array(entry))],
                                   required: ["breakfast", "lunch", "dinner", "snack"])),
            ], required: ["date", "totals", "goals", "remaining_kcal", "meals"])),
            ("DietWeek", S.object([
                ("days", S.array(S.object([("date", S.date), ("totals", ["anyOf": [macros, ["type": "null"]]]),
                                           ("on_target", S.nullable("boolean"))],
                                      required: ["date", "totals", "on_target"]))),
                ("average", ["anyOf": [macros, ["type": "null"]]]), ("goals", macros), ("logged_days", S.integer),
                ("days_on_target", S.integer),
            ], required: ["days", "average", "goals", "logged_days", "days_on_target"])),
            ("GoalsUpdate", S.object([("kcal", S.number), ("protein_g", S.number), ("protein_pct", S.number), ("carbs_g", S.number),
                                      ("carbs_pct", S.number), ("fat_g", S.number), ("fat_pct", S.number)], required: [], closed: false)),
            ("Weight", S.object([("id", S.string), ("handle", S.string), ("taken_at", S.dateTime), ("kg", S.number),
                                 ("fat_pct", S.nullable("number")), ("muscle_kg", S.nullable("number"))],
                                required: ["id", "handle", "taken_at", "kg", "fat_pct", "muscle_kg"])),
            ("WeightList", S.object([("entries", S.array(S.ref("Weight")))], required: ["entries"])),
            ("NewWeight", S.object([("kg", ["type": "number", "minimum": 20, "maximum": 400]), ("taken_at", S.dateTime),
                                    ("fat_pct", ["type": "number", "minimum": 2, "maximum": 75]), ("muscle_kg", S.number)],
                                   required: ["kg"], closed: false)),
            ("WeightTrend", S.object([
                ("entries", S.array(S.object([("date", S.date), ("kg", S.number), ("trend_kg", S.number)],
                                             required: ["date", "kg", "trend_kg"]))),
                ("weekly_change_kg", S.nullable("number")),
            ], required: ["entries", "weekly_change_kg"])),
        ]
    }()
}
