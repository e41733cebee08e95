import FoundationEssentials
import Core

/// The rules a record must pass when it arrives by sync, as when it arrives by a command or a
/// route: the same Domain checks, on the record's values after the merge. Types and required
/// fields are checked by storage; these are the rules of each kind.
public enum SyncValidation {
    /// How far ahead of the server's clock a dose's time may be: the device checked it against
    /// its own clock, which may be hours off (the server refuses clocks further ahead anyway).
    public static let futureTolerance = TimeInterval(HybridLogicalClock.defaultMaximumDrift / 1000)

    /// The times and days of each kind, bounded as where they enter by a command or a route.
    static let instants = ["insulin_doses": ["taken_at"], "weights": ["taken_at"], "workouts": ["started_at"],
                           "activities": ["started_at"], "supplement_intakes": ["taken_at"], "quest_journeys": ["started_at"],
                           "glucose_readings": ["date"]]
    static let days = ["diet_entries": ["day"], "supplement_intakes": ["day"]]

    public static func validate(table: String, values: [String: SyncValue], now: Date) throws {
        try validateText(values)
        for field in instants[table] ?? [] {
            if let ms = values[field]?.doubleValue { try PlausibleTime.check(Date(timeIntervalSince1970: ms / 1000), field) }
        }
        for field in days[table] ?? [] {
            if let day = values[field].flatMap(text) {
                guard let date = LocalDate(day) else {
                    throw AppError.invalidInput("'\(day)' is not a day", code: "invalid_day")
                }
                try PlausibleTime.check(date, field)
            }
        }
        switch table {
        case "insulin_doses":
            guard let kind = values["kind"].flatMap(text), InsulinKind(rawValue: kind) != nil else {
                throw AppError.invalidInput("a dose is long or rapid", code: "invalid_kind")
            }
            if let units = values["units"]?.doubleValue { try DoseRules.validate(units: units) }
            try DoseRules.validate(note: values["note"].flatMap(text))
            if let taken = values["taken_at"]?.doubleValue, taken / 1000 > now.timeIntervalSince1970 + futureTolerance {
                throw AppError.invalidInput("the dose time is in the future", code: "future_dose")
            }
        case "insulin_settings":
            for field in ["long_units", "rapid_units"] {
                if let units = values[field]?.doubleValue { try DoseRules.validate(units: units) }
            }
            for field in ["long_guard_minutes", "rapid_window_minutes", "day_start_minutes", "reminder_minutes"] {
                if let minutes = values[field]?.doubleValue, !(0...1440).contains(minutes) {
                    throw AppError.invalidInput("\(field) is 0 to 1440 minutes", code: "invalid_settings").with(["field": field])
                }
            }
        case "quest_settings":
            // As `QuestSettings` holds them: a time of day, and the switch 1 (on) or 0 (off).
            if let minutes = values["reminder_minutes"]?.doubleValue, !(0..<1440).contains(minutes) {
                throw AppError.invalidInput("reminder_minutes is 0 to 1439", code: "invalid_settings").with(["field": "reminder_minutes"])
            }
            if let enabled = values["reminder_enabled"]?.doubleValue, enabled != 0, enabled != 1 {
                throw AppError.invalidInput("reminder_enabled is 1 (on) or 0 (off)", code: "invalid_settings")
                    .with(["field": "reminder_enabled"])
            }
        case "weights":
            if let kg = values["kg"]?.doubleValue, !(20...400).contains(kg) {
                throw AppError.invalidInput("a weight is 20 to 400 kg (got \(kg))", code: "invalid_weight")
            }
        case "diet_entries":
            if let meal = values["meal"].flatMap(text), Meal(rawValue: meal) == nil {
                throw AppError.invalidInput("'\(meal)' is not a meal", code: "invalid_meal")
            }
            for field in ["kcal", "protein_g", "carbs_g", "fat_g", "grams"] {
                if let number = values[field]?.doubleValue, !(0...100_000).contains(number) {
                    throw AppError.invalidInput("\(field) is out of range", code: "invalid_amount").with(["field": field])
                }
            }
        case "quest_entries":
            if let number = values["quest_number"]?.doubleValue, !(1...30).contains(number) {
                throw AppError.invalidInput("a quest is numbered 1 to 30", code: "invalid_quest")
            }
            for field in ["answer", "reflection"] where (values[field].flatMap(text)?.count ?? 0) > QuestUseCases.maximumTextLength {
                throw AppError.invalidInput("the text is too long", code: "answer_too_long")
            }
        case "places":
            if let latitude = values["latitude"]?.doubleValue, !(-90...90).contains(latitude) {
                throw AppError.invalidInput("a latitude is -90 to 90", code: "invalid_coordinates")
            }
            if let longitude = values["longitude"]?.doubleValue, !(-180...180).contains(longitude) {
                throw AppError.invalidInput("a longitude is -180 to 180", code: "invalid_coordinates")
            }
        case "activities":
            if let distance = values["distance_m"]?.doubleValue, !(0...1_000_000).contains(distance) {
                throw AppError.invalidInput("a distance is 0 to 1,000 km", code: "invalid_distance")
            }
            if let duration = values["duration_s"]?.doubleValue, !(0...(7 * 86_400)).contains(duration) {
                throw AppError.invalidInput("a duration is up to a week", code: "invalid_duration")
            }
        case "workouts":
            if let felt = values["felt"]?.doubleValue, !(1...5).contains(felt) {
                throw AppError.invalidInput("how it felt is 1 to 5", code: "invalid_felt")
            }
        case "supplements":
            if let amount = values["amount"]?.doubleValue, !(amount > 0 && amount <= 100_000) {
                throw AppError.invalidInput("an amount is more than 0", code: "invalid_amount")
            }
        case "glucose_readings":
            // As the Nightscout API takes an entry: a plausible value (or none: a calibration), a type, an object.
            if let mgdl = values["mgdl"]?.doubleValue, !GlucoseRange.plausible.contains(mgdl) {
                throw AppError.invalidInput("a glucose value is 10 to 600 mg/dL", code: "invalid_glucose")
            }
            if let type = values["type"].flatMap(text), type.trimmed.isEmpty || type.count > 64 {
                throw AppError.invalidInput("an entry needs its type (sgv, mbg, cal)", code: "invalid_entry")
            }
            if let document = values["document"].flatMap(text) {
                guard case .object = try? DocumentValue.parse(document) else {
                    throw AppError.invalidInput("an entry must be a JSON object", code: "invalid_entry")
                }
            }
        case "nutrition_goals", "foods":
            for field in ["kcal", "protein_g", "carbs_g", "fat_g"] {
                if let number = values[field]?.doubleValue, !(0...100_000).contains(number) {
                    throw AppError.invalidInput("\(field) is out of range", code: "invalid_amount").with(["field": field])
                }
            }
        default:
            break
        }
    }

    /// Every text field — and every string inside one that carries JSON (a session's sets, a
    /// food's measures) — is free of control characters other than newline and tab, as a name
    /// or a note typed into `tend` or posted to the server must be: `invalid_text` naming it.
    static func validateText(_ values: [String: SyncValue]) throws {
        for field in values.keys.sorted() {
            guard case .string(let text) = values[field] else { continue }
            if text.hasControlCharacters {
                throw refused(field)
            }
            // JSON in a field hides a control character behind an escape (`\u001b`).
            if let first = text.utf8.first, first == UInt8(ascii: "[") || first == UInt8(ascii: "{"),
               let inner = JSONControlCharacters.firstField(in: Data(text.utf8)) {
                throw refused(inner.isEmpty ? field : inner.hasPrefix("[") ? field + inner : field + "." + inner)
            }
        }
    }

    private static func refused(_ field: String) -> AppError {
        AppError.invalidInput("\(field) holds a control character (such as ESC, BEL or NUL); text may hold newlines and tabs only",
                              code: "invalid_text").with(["field": field])
    }

    private static func text(_ value: SyncValue) -> String? {
        if case .string(let text) = value { return text }
        return nil
    }
}
