import FoundationEssentials
import Console
import Core
import Domain

/// `tend workout import strong FILE.csv` and `tend workout import hevy FILE.csv`: training
/// history from the apps lifters use.
struct ImportCommands: Sendable {
    let makeContext: WorkoutCommands.ContextProvider

    static let file = Argument("file", help: "The app's CSV export.")
    static let unit = Option.value("unit", valueName: "UNIT", help: "Weights in kg or lb when the file does not say (default: your display unit).",
                                   allowedValues: WeightUnit.allCases.map(\.rawValue))
    static let distanceUnit = Option.value(
        "distance-unit", valueName: "UNIT", help: "Distances in km, mi or m when the file does not say (default: km with kg, mi with lb).",
        allowedValues: WorkoutImport.DistanceUnit.allCases.map(\.rawValue))
    static let dryRun = Option.flag("dry-run", help: "Read and check the file, and say what it would add, without storing anything.")

    var group: Command {
        Command(name: "import", abstract: "Bring in training history from Strong or Hevy (their CSV export).", subcommands: [
            Command(name: "strong", abstract: "Import Strong's CSV export (Settings → Export data).",
                    discussion: "Both layouts of Strong's export are read: the older one separated by ';' with Weight Unit and "
                        + "Distance Unit columns, and the newer one separated by ',' (its weights are in the unit the app was set to: "
                        + "--unit). Warm-up sets (Set Order W) stay warm-ups; rest timers are left out. Importing the same file "
                        + "again adds only what is new.",
                    arguments: [Self.file], options: [Self.unit, Self.distanceUnit, Self.dryRun]) { try run($0, source: .strong) },
            Command(name: "hevy", abstract: "Import Hevy's CSV export (Settings → Export & Import Data).",
                    discussion: "The header says the unit (weight_kg or weight_lbs). Warm-up sets stay warm-ups. Importing the "
                        + "same file again adds only what is new.",
                    arguments: [Self.file], options: [Self.dryRun]) { try run($0, source: .hevy) },
        ])
    }

    func run(_ invocation: Invocation, source: WorkoutImportSource) throws {
        let path = invocation.argument("file") ?? ""
        // Only Strong's comma layout leaves the units out.
        let unit = source == .strong ? invocation.option(Self.unit).flatMap(WeightUnit.init(rawValue:)) : nil
        let distance = source == .strong ? invocation.option(Self.distanceUnit).flatMap(WorkoutImport.DistanceUnit.init(rawValue:)) : nil
        let data = try Self.read(path)
        let context = try makeContext(invocation)
        let report = try context.workouts.importHistory(
            ownerID: context.ownerID, source: source, data: data,
            options: .init(weightUnit: unit, distanceUnit: distance, dryRun: invocation.flag(Self.dryRun)))
        let language = WorkoutSessionCommands.language(invocation)
        try invocation.respond(json: { ImportJSON(report) }, text: { Self.text(report, language: language) })
    }

    /// The file's bytes: a regular file of at most `WorkoutImport.maximumBytes`.
    static func read(_ path: String) throws -> Data {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              (attributes[.type] as? FileAttributeType) == .typeRegular else {
            throw AppError.invalidInput("cannot read the file \(path)", code: "file_not_found").with(["path": path])
        }
        let size = (attributes[.size] as? Int) ?? Int((attributes[.size] as? UInt64) ?? 0)
        let limit = WorkoutImport.maximumBytes >> 20
        guard size <= WorkoutImport.maximumBytes else {
            throw AppError(.tooLarge, code: "import_too_large",
                           "\(path) is \(size >> 20) MiB; an export of at most \(limit) MiB is read")
                .with(["size": "\(size >> 20)", "limit": "\(limit)"])
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw AppError.invalidInput("cannot read the file \(path)", code: "file_not_found").with(["path": path])
        }
        return data
    }

    static func text(_ report: WorkoutImportReport, language: Language) -> String {
        let korean = language == .ko
        var lines: [String] = []
        let span = report.firstDay.map { first in first == report.lastDay ? "\(first)" : "\(first) … \(report.lastDay ?? first)" }
        let sessions = report.sessionsAdded
        if korean {
            let verb = report.dryRun ? "가져올 수 있어요 (저장하지 않았어요)" : "가져왔어요"
            lines.append(sessions == 0 ? "\(report.source.title)에서 새로 가져올 세션이 없어요."
                : "\(report.source.title)에서 세션 \(sessions)개\(span.map { " (\($0))" } ?? ""), 세트 \(report.setsAdded)개"
                    + "\(report.warmupSets > 0 ? " (워밍업 \(report.warmupSets)개)" : "")를 \(verb).")
            if report.sessionsSkipped > 0 { lines.append("이미 있는 세션 \(report.sessionsSkipped)개는 건너뛰었어요.") }
        } else {
            let verb = report.dryRun ? "Would import" : "Imported"
            lines.append(sessions == 0 ? "Nothing new to import from \(report.source.title)."
                : "\(verb) \(counted(sessions, "session")) from \(report.source.title)\(span.map { " (\($0))" } ?? ""): "
                    + "\(counted(report.setsAdded, "set"))\(report.warmupSets > 0 ? ", \(report.warmupSets) of them warm-ups" : "")"
                    + "\(report.dryRun ? " (nothing stored)" : "").")
            if report.sessionsSkipped > 0 {
                lines.append("Already in the log: \(counted(report.sessionsSkipped, "session")) (skipped).")
            }
        }
        if let unit = report.weightUnit, sessions > 0 {
            lines.append(korean ? "무게 단위: \(unit)." : "Weights read in \(unit).")
        }
        if !report.exercisesMatched.isEmpty {
            let pairs = report.exercisesMatched.sorted { $0.key < $1.key }.map { "\($0.key.printable) → \($0.value)" }
            lines.append((korean ? "운동 목록과 맞춘 이름: " : "Matched to the catalog: ") + pairs.joined(separator: ", "))
        }
        if !report.exercisesCreated.isEmpty {
            lines.append((korean ? "새로 만든 나만의 운동: " : "New own exercises: ")
                + report.exercisesCreated.map(\.printable).joined(separator: ", "))
        }
        if sessions > 0 {
            let records = report.exercisesWithNewRecords.count
            lines.append(korean ? "+\(report.xpEarned) XP · 개인 기록이 바뀐 운동 \(records)개"
                : "+\(report.xpEarned) XP · records in \(counted(records, "exercise"))")
        }
        return lines.joined(separator: "\n")
    }
}

/// `tend --json workout import …`.
struct ImportJSON: Encodable, Sendable {
    let report: WorkoutImportReport

    init(_ report: WorkoutImportReport) { self.report = report }

    enum Keys: String, CodingKey {
        case source, dryRun = "dry_run", sessionsAdded = "sessions_added", sessionsSkipped = "sessions_skipped"
        case setsAdded = "sets_added", warmupSets = "warmup_sets", rowsWithoutSet = "rows_without_set"
        case exercisesMatched = "exercises_matched", exercisesCreated = "exercises_created", weightUnit = "weight_unit"
        case firstDay = "first_day", lastDay = "last_day", xpEarned = "xp_earned", exercisesWithNewRecords = "exercises_with_new_records"
        case sessionIDs = "session_ids"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(report.source.rawValue, forKey: .source)
        try container.encode(report.dryRun, forKey: .dryRun)
        try container.encode(report.sessionsAdded, forKey: .sessionsAdded)
        try container.encode(report.sessionsSkipped, forKey: .sessionsSkipped)
        try container.encode(report.setsAdded, forKey: .setsAdded)
        try container.encode(report.warmupSets, forKey: .warmupSets)
        try container.encode(report.rowsWithoutSet, forKey: .rowsWithoutSet)
        try container.encode(report.exercisesMatched, forKey: .exercisesMatched)
        try container.encode(report.exercisesCreated, forKey: .exercisesCreated)
        try container.encode(report.weightUnit, forKey: .weightUnit)
        try container.encode(report.firstDay?.description, forKey: .firstDay)
        try container.encode(report.lastDay?.description, forKey: .lastDay)
        try container.encode(report.xpEarned, forKey: .xpEarned)
        try container.encode(report.exercisesWithNewRecords, forKey: .exercisesWithNewRecords)
        try container.encode(report.sessionIDs, forKey: .sessionIDs)
    }
}
