import FoundationEssentials
import Core
import Domain


/// A set as the JSON shows it.
struct SetJSON: Encodable, Sendable {
    let set: WorkoutSet

    enum Keys: String, CodingKey {
        case exercise, weightKg = "weight_kg", reps, durationS = "duration_s", distanceM = "distance_m", kcal, warmup, rpe, rir
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(set.exercise, forKey: .exercise)
        try container.encode(set.weightKg.map(round2), forKey: .weightKg)
        try container.encode(set.reps, forKey: .reps)
        try container.encode(set.seconds, forKey: .durationS)
        try container.encode(set.metres, forKey: .distanceM)
        try container.encode(set.calories, forKey: .kcal)
        try container.encode(set.isWarmup, forKey: .warmup)
        try container.encode(set.rpe, forKey: .rpe)
        try container.encode(set.rir, forKey: .rir)
    }
}

struct WODJSON: Encodable, Sendable {
    let wod: WODResult

    enum Keys: String, CodingKey {
        case format, name, rounds, reps, durationS = "duration_s", capped, capS = "cap_s", rx, movements, summary
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(wod.format.rawValue, forKey: .format)
        try container.encode(wod.name, forKey: .name)
        try container.encode(wod.rounds, forKey: .rounds)
        try container.encode(wod.reps, forKey: .reps)
        try container.encode(wod.seconds, forKey: .durationS)
        try container.encode(wod.capped, forKey: .capped)
        try container.encode(wod.capMinutes.map { round2($0 * 60) }, forKey: .capS)
        try container.encode(wod.rx, forKey: .rx)
        try container.encode(wod.movements, forKey: .movements)
        try container.encode(wod.summary, forKey: .summary)
    }
}

/// A session: `id`, `kind`, `started_at`, `sets`, `result`, and (when just logged) `new_prs`.
public struct SessionJSON: Encodable, Sendable {
    struct Record: Encodable, Sendable {
        let exercise: String
        let records: [String]
    }

    let session: WorkoutSession
    let zone: TimeZone
    let newRecords: [Record]?
    let xpEarned: Int?

    public init(_ session: WorkoutSession, zone: TimeZone, logged: WorkoutUseCases.Logged? = nil) {
        self.session = session
        self.zone = zone
        newRecords = logged.map { $0.newRecords.sorted { $0.key < $1.key }.map { Record(exercise: $0.key, records: $0.value) } }
        xpEarned = logged?.xpEarned
    }

    enum Keys: String, CodingKey {
        case id, handle, kind, startedAt = "started_at", title, notes, durationS = "duration_s", felt, sets, result
        case newPRs = "new_prs", xpEarned = "xp_earned"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(session.id, forKey: .id)
        try container.encode(Handle.of(session.id), forKey: .handle)
        try container.encode(session.kind.rawValue, forKey: .kind)
        try container.encode(ISO8601.format(session.startedAt, in: zone), forKey: .startedAt)
        try container.encode(session.title, forKey: .title)
        try container.encode(session.notes, forKey: .notes)
        try container.encode(session.durationMinutes.map { round2($0 * 60) }, forKey: .durationS)
        try container.encode(session.felt, forKey: .felt)
        try container.encode(session.sets.map(SetJSON.init), forKey: .sets)
        try container.encode(session.wod.map(WODJSON.init), forKey: .result)
        try container.encode(newRecords ?? [], forKey: .newPRs)
        if let xpEarned { try container.encode(xpEarned, forKey: .xpEarned) }
    }
}

/// `tend --json workout prs EXERCISE`.
public struct RecordsJSON: Encodable, Sendable {
    let records: PersonalRecords

    public init(_ records: PersonalRecords) { self.records = records }

    enum Keys: String, CodingKey {
        case exercise, heaviestKg = "heaviest_kg", e1rmKg = "e1rm_kg", repMaxKg = "rep_max_kg", volume = "best_set_volume_kg"
    }
    struct RepKeys: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(records.exercise, forKey: .exercise)
        try container.encode(records.heaviestKg.map(round2), forKey: .heaviestKg)
        try container.encode(records.e1rmKg.map(round2), forKey: .e1rmKg)
        var reps = container.nestedContainer(keyedBy: RepKeys.self, forKey: .repMaxKg)
        for count in PersonalRecords.repMaxCounts {
            try reps.encode(records.repMaxKg[count].map(round2), forKey: RepKeys(stringValue: String(count)))
        }
        try container.encode(records.bestSetVolumeKg.map(round2), forKey: .volume)
    }
}

/// `tend --json workout stats`.
public struct StatsJSON: Encodable, Sendable {
    let stats: TrainingStats

    public init(_ stats: TrainingStats) { self.stats = stats }

    enum Keys: String, CodingKey {
        case xp, level, nextLevelXP = "next_level_xp", current = "current_streak_days", longest = "longest_streak_days", week
        case weeksMeetingGoal = "weeks_meeting_goal", monthDurationS = "month_duration_s", monthSessions = "month_sessions"
        case todayPlan = "today_plan"
    }
    enum WeekKeys: String, CodingKey { case done, goal }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(stats.xp, forKey: .xp)
        try container.encode(stats.level, forKey: .level)
        try container.encode(stats.nextLevelXP, forKey: .nextLevelXP)
        try container.encode(stats.currentStreakDays, forKey: .current)
        try container.encode(stats.longestStreakDays, forKey: .longest)
        var week = container.nestedContainer(keyedBy: WeekKeys.self, forKey: .week)
        try week.encode(stats.weekDone, forKey: .done)
        try week.encode(stats.weekGoal, forKey: .goal)
        try container.encode(stats.weeksMeetingGoal, forKey: .weeksMeetingGoal)
        try container.encode(round2(stats.monthMinutes * 60), forKey: .monthDurationS)
        try container.encode(stats.monthSessions, forKey: .monthSessions)
        try container.encode(stats.todayPlan, forKey: .todayPlan)
    }
}

/// `tend --json timer … --plan`.
public struct TimerJSON: Encodable, Sendable {
    struct Phase: Encodable, Sendable {
        let kind: String
        let round: Int
        let startS: Double
        let endS: Double

        enum CodingKeys: String, CodingKey { case kind, round, startS = "start_s", endS = "end_s" }
    }

    let name: String
    let phases: [Phase]
    let totalS: Double

    public init(_ schedule: TimerSchedule) {
        name = schedule.name
        phases = schedule.phases.map { Phase(kind: $0.kind.rawValue, round: $0.round, startS: $0.start, endS: $0.end) }
        totalS = schedule.total
    }

    enum CodingKeys: String, CodingKey { case name, phases, totalS = "total_s" }
}

struct SupplementJSON: Encodable, Sendable {
    let name: String
    let amount: Double
    let unit: String
    let times: [String]
    let days: [String]

    init(_ supplement: Supplement) {
        name = supplement.name
        amount = supplement.amount
        unit = supplement.unit
        times = supplement.times.map(\.description)
        days = supplement.weekdays.map { WorkoutInput.weekdayNames[$0 - 1] }
    }
}

/// An exercise of the catalog or of your own: `{name, measure, aliases, is_custom}`.
struct ExerciseJSON: Encodable, Sendable {
    let name: String
    let measure: String
    let aliases: [String]
    let isCustom: Bool

    init(_ exercise: Exercise) {
        name = exercise.name
        measure = exercise.measure.rawValue
        aliases = exercise.aliases
        isCustom = exercise.isCustom
    }

    enum CodingKeys: String, CodingKey { case name, measure, aliases, isCustom = "is_custom" }
}

/// The weekly plan, `tend --json plan show` and `/v1/plan`: every weekday `mon` … `sun`, null
/// on a day without a plan.
struct PlanJSON: Encodable, Sendable {
    let plan: [Int: String]

    init(_ settings: WorkoutSettings) { plan = settings.plan }

    struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for day in 1...7 {
            try container.encode(plan[day], forKey: Key(stringValue: WorkoutInput.weekdayNames[day - 1]))
        }
    }
}

/// `tend --json workout calendar`: every day of the month, its sessions and time trained.
struct CalendarJSON: Encodable {
    struct Day: Encodable {
        let date: String
        let sessions: Int
        /// Seconds trained (a session without a duration counts 30 min); null on a day without a session.
        let durationS: Double?

        enum CodingKeys: String, CodingKey { case date, sessions, durationS = "duration_s" }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(date, forKey: .date)
            try container.encode(sessions, forKey: .sessions)
            try container.encode(durationS, forKey: .durationS)
        }
    }

    let month: String
    let days: [Day]

    init(_ month: YearMonth, sessions: [WorkoutSession], minutes: [LocalDate: Double], zone: TimeZone) {
        self.month = month.description
        days = month.days.map { day in
            Day(date: day.description, sessions: sessions.filter { zone.localDate(of: $0.startedAt) == day }.count,
                durationS: minutes[day].map { round2($0 * 60) })
        }
    }
}

/// `tend --json workout prs`: every record, and the best result of each benchmark WOD.
struct AllRecordsJSON: Encodable {
    let records: [RecordsJSON]
    let benchmarks: [String: WODJSON]
}

/// `tend --json workout goal`: the goals, the 1RM formula and the display unit.
struct GoalJSON: Encodable {
    let weekly: Int
    let monthlySessions: Int?
    let monthlyMinutes: Int?
    let formula: String
    let unit: String

    init(_ settings: WorkoutSettings) {
        weekly = settings.weeklySessions
        monthlySessions = settings.monthlySessions
        monthlyMinutes = settings.monthlyMinutes
        formula = settings.oneRepMaxFormula
        unit = settings.displayUnit
    }

    enum CodingKeys: String, CodingKey {
        case weekly, monthlySessions = "monthly_sessions", monthlyDurationS = "monthly_duration_s", formula, unit
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(weekly, forKey: .weekly)
        try container.encode(monthlySessions, forKey: .monthlySessions)
        try container.encode(monthlyMinutes.map { $0 * 60 }, forKey: .monthlyDurationS)
        try container.encode(formula, forKey: .formula)
        try container.encode(unit, forKey: .unit)
    }
}

/// `tend --json supps list`: a supplement and this month's adherence.
struct AdherenceJSON: Encodable {
    let supplement: SupplementJSON
    let taken: Int
    let scheduled: Int
}

/// Today's supplement checklist, `tend --json supps today` and `/v1/supplements/today`.
struct ChecklistJSON: Encodable {
    struct Item: Encodable {
        let name: String
        let slot: String
        let taken: Bool
        let overdue: Bool
    }

    let date: String
    let items: [Item]

    init(_ checklist: SupplementUseCases.Checklist) {
        date = checklist.date.description
        items = checklist.items.map { Item(name: $0.supplement.name, slot: $0.slot.description, taken: $0.taken, overdue: $0.overdue) }
    }
}
