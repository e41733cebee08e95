import FoundationEssentials
import Core

/// The app an export comes from.
public enum WorkoutImportSource: String, Sendable, Codable, CaseIterable {
    case strong, hevy

    public var title: String { self == .strong ? "Strong" : "Hevy" }
}

extension WorkoutImport {
    /// The unit of distances in a file that does not say (Strong's comma layout).
    public enum DistanceUnit: String, Sendable, CaseIterable {
        case km, mi, m

        var metres: Double {
            switch self {
            case .km: 1000
            case .mi: 1609.344
            case .m: 1
            }
        }
    }

    /// One row of an export, read: the session it belongs to and the set it holds (nil for a
    /// row that is not a set: Strong's rest timers and notes, an empty row).
    struct Row: Sendable {
        let line: Int
        /// When the session started, as the file writes it, and its wall-clock reading (or the
        /// instant itself when the file gives an offset).
        let start: When
        let end: When?
        let title: String?
        let durationMinutes: Double?
        let workoutNotes: String?
        let exercise: String
        let exerciseNotes: String?
        let set: WorkoutSet?
    }

    enum When: Sendable, Hashable {
        case wall(LocalDate, secondOfDay: Int)
        case instant(Date)

        func instant(in zone: TimeZone) -> Date {
            switch self {
            case .instant(let date): return date
            case .wall(let date, let second):
                return zone.instant(of: date, minutes: second / 60).addingTimeInterval(Double(second % 60))
            }
        }
    }

    /// Where each column is, by the names of the header (case and spacing do not matter).
    struct Columns {
        let names: [String]
        private let index: [String: Int]

        init(_ header: Record) {
            names = header.fields
            var index: [String: Int] = [:]
            for (position, name) in header.fields.enumerated() {
                let key = Columns.key(name)
                if index[key] == nil { index[key] = position }
            }
            self.index = index
        }

        static func key(_ name: String) -> String {
            name.trimmed.lowercased().split(whereSeparator: { $0 == " " || $0 == "_" }).joined(separator: " ")
        }

        func has(_ name: String) -> Bool { index[Columns.key(name)] != nil }
        func position(_ name: String) -> Int? { index[Columns.key(name)] }
        func value(_ name: String, in record: Record) -> String {
            guard let position = position(name), position < record.fields.count else { return "" }
            return record.fields[position].trimmed
        }
    }

    // MARK: - Strong

    /// Strong's export, one row per set. Two layouts are read (learnt from public parsers and
    /// real exports: mtanzim/vis-strong-go, a-mufasa/hevy-tools, DaKheera47/strong-statistics,
    /// the OpenBody Strong mapping):
    /// - the older one, `;`-separated, with the units in columns of their own:
    ///   `Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes[;Workout Duration]`
    /// - the newer one, `,`-separated, with the workout's duration and without units (weights
    ///   and distances are in the unit the app was set to: `--unit`, `--distance-unit`):
    ///   `Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds[,Notes,Workout Notes],RPE`
    /// `Set Order` is a number, `W` for a warm-up, `D` for a drop set, `F` for a set to failure;
    /// `Rest Timer` and `Note` rows are not sets. Dates are wall-clock times in the person's
    /// zone: `2019-01-11 12:31:54`, `2024-11-28 5:36:08 PM`.
    struct StrongLayout {
        static let required = ["Date", "Workout Name", "Exercise Name", "Set Order", "Weight", "Reps"]
        let columns: Columns
        let weightUnit: WeightUnit
        let distanceUnit: DistanceUnit
        let decimalComma: Bool

        func row(_ record: Record) throws -> Row {
            let line = record.line
            let value = { (name: String) in columns.value(name, in: record) }
            let start = try WorkoutImport.when(value("Date"), column: "Date", line: line)
            let exercise = try WorkoutImport.name(value("Exercise Name"), column: "Exercise Name", line: line)
            let order = value("Set Order")
            let duration = columns.has("Duration") ? value("Duration") : value("Workout Duration")
            let minutes = try WorkoutImport.durationMinutes(duration, line: line)
            let notes = try WorkoutImport.text(value("Notes"), column: "Notes", line: line)
            let base = { (set: WorkoutSet?) in
                Row(line: line, start: start, end: nil, title: try WorkoutImport.title(value("Workout Name"), line: line),
                    durationMinutes: minutes, workoutNotes: try WorkoutImport.text(value("Workout Notes"), column: "Workout Notes", line: line),
                    exercise: exercise, exerciseNotes: notes, set: set)
            }
            let kind = order.lowercased()
            if kind == "rest timer" || kind == "note" || kind == "rest" { return try base(nil) }
            let isWarmup = kind == "w" || kind == "warmup" || kind == "warm-up"
            guard isWarmup || ["d", "f"].contains(kind) || (Int(order).map { $0 >= 0 } ?? false) || order.isEmpty else {
                throw WorkoutImport.error(
                    "line \(line): Set Order '\(order.printable)' is not a set number, W (warm-up), D (drop set) or F (failure)",
                    key: "set_order", ["line": "\(line)", "value": order.printable])
            }
            let weightUnit = try columns.has("Weight Unit") ? WorkoutImport.weightUnit(value("Weight Unit"), line: line) ?? self.weightUnit
                : self.weightUnit
            let distanceUnit = try columns.has("Distance Unit")
                ? WorkoutImport.distanceUnit(value("Distance Unit"), line: line) ?? self.distanceUnit : self.distanceUnit
            let number = { (name: String) in
                try WorkoutImport.number(value(name), column: name, line: line, decimalComma: decimalComma)
            }
            let set = try WorkoutImport.set(
                exercise: exercise, weight: number("Weight").map(weightUnit.kilograms), reps: number("Reps"),
                metres: number("Distance").map { $0 * distanceUnit.metres }, seconds: number("Seconds"), rpe: number("RPE"),
                isWarmup: isWarmup, line: line)
            return try base(set)
        }
    }

    // MARK: - Hevy

    /// Hevy's export, one row per set, `,`-separated with every field quoted (learnt from public
    /// parsers: Jake-Leicht/Hevy-Dashboard-App, multiplex55/Multi_Hevy_Workout_Dashboard,
    /// DaKheera47/strong-statistics' Hevy reader):
    /// `"title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_kg","reps","distance_km","duration_seconds","rpe"`
    /// in kilograms and kilometres, or with `weight_lbs` and `distance_miles` for an account set
    /// to pounds: the header names the unit. `set_type` is `normal`, `warmup`, `failure` or
    /// `dropset`. Times are wall-clock times in the person's zone: `26 Jul 2025, 07:06`.
    struct HevyLayout {
        static let required = ["title", "start_time", "exercise_title"]
        static let weights: [(column: String, unit: WeightUnit)] = [("weight_kg", .kg), ("weight_lbs", .lb), ("weight_lb", .lb)]
        static let distances: [(column: String, unit: DistanceUnit)] = [
            ("distance_km", .km), ("distance_miles", .mi), ("distance_mi", .mi), ("distance_meters", .m), ("distance_m", .m),
        ]
        let columns: Columns

        var weight: (column: String, unit: WeightUnit)? { Self.weights.first { columns.has($0.column) } }
        var distance: (column: String, unit: DistanceUnit)? { Self.distances.first { columns.has($0.column) } }

        func row(_ record: Record) throws -> Row {
            let line = record.line
            let value = { (name: String) in columns.value(name, in: record) }
            let start = try WorkoutImport.when(value("start_time"), column: "start_time", line: line)
            let endText = value("end_time")
            let end = endText.isEmpty ? nil : try WorkoutImport.when(endText, column: "end_time", line: line)
            let exercise = try WorkoutImport.name(value("exercise_title"), column: "exercise_title", line: line)
            let type = value("set_type").lowercased()
            let number = { (name: String) in try WorkoutImport.number(value(name), column: name, line: line, decimalComma: false) }
            let weight = try weight.flatMap { try number($0.column).map(self.weight!.unit.kilograms) }
            let metres = try distance.flatMap { try number($0.column).map { $0 * self.distance!.unit.metres } }
            let set = try WorkoutImport.set(
                exercise: exercise, weight: weight, reps: number("reps"), metres: metres, seconds: number("duration_seconds"),
                rpe: number("rpe"), isWarmup: type == "warmup" || type == "warm-up" || type == "warm_up", line: line)
            return Row(line: line, start: start, end: end, title: try WorkoutImport.title(value("title"), line: line),
                       durationMinutes: nil, workoutNotes: try WorkoutImport.text(value("description"), column: "description", line: line),
                       exercise: exercise, exerciseNotes: try WorkoutImport.text(value("exercise_notes"), column: "exercise_notes", line: line),
                       set: set)
        }
    }

    /// The header read as `source`'s layout; refused when a column it needs is missing (and
    /// named, with a hint when the file is the other app's export).
    static func rows(of csv: CSV, source: WorkoutImportSource, weightUnit: WeightUnit, distanceUnit: DistanceUnit?) throws
        -> (rows: [Row], weightUnit: WeightUnit?) {
        let columns = Columns(csv.header)
        let required = source == .strong ? StrongLayout.required : HevyLayout.required
        let missing = required.filter { !columns.has($0) }
        let other: WorkoutImportSource = source == .strong ? .hevy : .strong
        let looksLikeOther = (other == .strong ? StrongLayout.required : HevyLayout.required).allSatisfy(columns.has)
        if !missing.isEmpty || (source == .hevy && HevyLayout(columns: columns).weight == nil && !looksLikeOther) {
            let names = missing.isEmpty ? ["weight_kg or weight_lbs"] : missing
            if looksLikeOther {
                throw error("this is \(other.title)'s export, not \(source.title)'s: import it as \(other.title)'s",
                            key: "other_app", ["app": other.title, "expected": source.title, "command": other.rawValue])
            }
            let header = csv.header.fields.prefix(20).map { $0.printable }.joined(separator: String(csv.delimiter))
            throw error("the header is not \(source.title)'s export: no column \(names.joined(separator: ", ")) (line 1: \(header))",
                        key: "header", ["app": source.title, "missing": names.joined(separator: ", ")])
        }
        if source == .hevy, looksLikeOther, HevyLayout(columns: columns).weight == nil {
            throw error("this is Strong's export, not Hevy's: import it as Strong's",
                        key: "other_app", ["app": "Strong", "expected": "Hevy", "command": "strong"])
        }
        switch source {
        case .strong:
            let layout = StrongLayout(columns: columns, weightUnit: weightUnit,
                                      distanceUnit: distanceUnit ?? (weightUnit == .lb ? .mi : .km), decimalComma: csv.delimiter == ";")
            return (try csv.records.map(layout.row), columns.has("Weight Unit") ? nil : weightUnit)
        case .hevy:
            let layout = HevyLayout(columns: columns)
            return (try csv.records.map(layout.row), layout.weight?.unit)
        }
    }
}
