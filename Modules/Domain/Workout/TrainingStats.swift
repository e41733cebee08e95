import FoundationEssentials
import Core

/// XP, level, attendance and goals, derived from the history every time (never a counter that
/// can drift). XP rules: 50 a session, 5 a working set, 25 for each exercise whose records a
/// session improved (the first session of an exercise sets records but earns no PR XP), 100 for
/// each week (from Monday) that met the weekly goal. Level L starts at 50·L·(L−1) XP: level 1
/// at 0, 2 at 100, 3 at 300, 4 at 600, …
public struct TrainingStats: Sendable, Equatable {
    public static let sessionXP = 50
    public static let setXP = 5
    public static let recordXP = 25
    public static let weeklyGoalXP = 100

    public let xp: Int
    public let level: Int
    public let nextLevelXP: Int
    public let currentStreakDays: Int
    public let longestStreakDays: Int
    public let weeksMeetingGoal: Int
    public let weekDone: Int
    public let weekGoal: Int
    public let monthMinutes: Double
    public let monthSessions: Int
    public let todayPlan: String?

    public static func levelStart(_ level: Int) -> Int { 50 * level * (level - 1) }

    public static func level(forXP xp: Int) -> Int {
        var level = 1
        while levelStart(level + 1) <= xp { level += 1 }
        return level
    }

    /// - Parameters:
    ///   - sessions: every workout, oldest first.
    ///   - otherTrainingDays: days with a run or hike (they count for attendance).
    ///   - otherMonthMinutes: this month's runs and hikes, in minutes and sessions (training time).
    public init(sessions: [WorkoutSession], otherTrainingDays: Set<LocalDate>, settings: WorkoutSettings, today: LocalDate,
                zone: TimeZone, formula: PersonalRecords.Formula, otherMonth: (minutes: Double, sessions: Int) = (0, 0)) {
        var xp = 0
        var records: [String: PersonalRecords] = [:]
        var sessionsPerWeek: [LocalDate: Int] = [:]
        var days = otherTrainingDays
        var monthMinutes = otherMonth.minutes
        var monthSessions = otherMonth.sessions
        for session in sessions {
            xp += Self.sessionXP + Self.setXP * session.sets.filter { !$0.isWarmup }.count
            var improvedExercises = Set<String>()
            let seenBefore = Set(records.keys)
            for set in session.sets {
                let improved = records[set.exercise, default: PersonalRecords(exercise: set.exercise)].add(set, formula: formula)
                if !improved.isEmpty && seenBefore.contains(set.exercise) { improvedExercises.insert(set.exercise) }
            }
            xp += Self.recordXP * improvedExercises.count
            let day = zone.localDate(of: session.startedAt)
            days.insert(day)
            sessionsPerWeek[day.adding(days: 1 - day.isoWeekday), default: 0] += 1
            if day.yearMonth == today.yearMonth, day <= today {
                monthMinutes += session.durationMinutes ?? 0
                monthSessions += 1
            }
        }
        let goal = max(settings.weeklySessions, 1)
        let metWeeks = sessionsPerWeek.filter { $0.value >= goal }.keys
        xp += Self.weeklyGoalXP * metWeeks.count
        let thisMonday = today.adding(days: 1 - today.isoWeekday)
        // Weeks in a row meeting the goal, up to this week (or last week while this one is still open).
        var week = (sessionsPerWeek[thisMonday] ?? 0) >= goal ? thisMonday : thisMonday.adding(days: -7)
        var streakWeeks = 0
        while (sessionsPerWeek[week] ?? 0) >= goal {
            streakWeeks += 1
            week = week.adding(days: -7)
        }
        let streaks = Streaks(days: days, today: today)
        self.xp = xp
        level = Self.level(forXP: xp)
        nextLevelXP = Self.levelStart(level + 1)
        currentStreakDays = streaks.current
        longestStreakDays = streaks.longest
        weeksMeetingGoal = streakWeeks
        weekDone = sessionsPerWeek[thisMonday] ?? 0
        weekGoal = goal
        self.monthMinutes = monthMinutes
        self.monthSessions = monthSessions
        todayPlan = settings.plan[today.isoWeekday]
    }
}
