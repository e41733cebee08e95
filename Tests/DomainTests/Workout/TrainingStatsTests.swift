import Core
import Domain
import Foundation
import Testing

@Suite("TrainingStats: XP, levels, streaks, goals, the month, today's plan")
struct TrainingStatsTests {
    let seoul = TimeZone(identifier: "Asia/Seoul")!
    let thursday = WO.day("2026-11-26")

    /// Three weeks of November 2026 (Mondays 9, 16 and 23), by hand:
    ///
    /// | day | sets | minutes | XP |
    /// |---|---|---|---|
    /// | Mon 9 | back squat 100 kg 5×5 (first back squat: no PR XP) | 60 | 50 + 25 = 75 |
    /// | Wed 11 | back squat 105 kg 3×5 (a PR) | 45 | 50 + 15 + 25 = 90 |
    /// | Fri 13 | pull-up 3×10 (first pull-ups) | 30 | 50 + 15 = 65 |
    /// | Tue 17 | deadlift 140 kg 3 (first deadlift) | 40 | 50 + 5 = 55 |
    /// | Thu 19 | back squat 60 kg 5 warm-up + 100 kg 5 (no PR) | 40 | 50 + 5 = 55 |
    /// | Mon 23 | deadlift 150 kg 3 (a PR) | 50 | 50 + 5 + 25 = 80 |
    /// | Tue 24 | bench 80 kg 5 (first bench) | 35 | 50 + 5 = 55 |
    /// | Wed 25 | Fran 7:32, no sets | 10 | 50 |
    ///
    /// 525 XP of sessions, + 100 for the week of the 9th (3 sessions) and of the 23rd (3): 725.
    var history: [WorkoutSession] {
        [
            WO.session(WO.at("2026-11-09 19:00"), "back squat 100kg 5x5", minutes: 60),
            WO.session(WO.at("2026-11-11 19:00"), "back squat 105kg 3x5", minutes: 45),
            WO.session(WO.at("2026-11-13 19:00"), "pull-up 3x10", minutes: 30),
            WO.session(WO.at("2026-11-17 19:00"), "deadlift 140kg 3", minutes: 40),
            WO.session(WO.at("2026-11-19 19:00"), "back squat 60kg 5 warmup", "back squat 100kg 5", minutes: 40),
            WO.session(WO.at("2026-11-23 19:00"), "deadlift 150kg 3", minutes: 50),
            WO.session(WO.at("2026-11-24 19:00"), "bench 80kg 5", minutes: 35),
            WO.session(WO.at("2026-11-25 19:00"), minutes: 10, wod: WODResult(format: .fortime, name: "Fran", seconds: 452)),
        ]
    }

    func compute(_ sessions: [WorkoutSession], other: Set<LocalDate> = [], settings: WorkoutSettings = WorkoutSettings(),
               today: LocalDate? = nil, formula: PersonalRecords.Formula = .epley) -> TrainingStats {
        TrainingStats(sessions: sessions, otherTrainingDays: other, settings: settings, today: today ?? thursday, zone: seoul,
                      formula: formula)
    }

    @Test("XP of a hand-built history: sessions, working sets, PR exercises after their first session, weeks on goal")
    func xpOfAHistory() {
        let stats = compute(history, settings: WorkoutSettings(weeklySessions: 3, plan: [4: "legs: squat 5x5", 1: "push"]))
        #expect(stats.xp == 725)
        #expect(stats.level == 4)
        #expect(stats.nextLevelXP == 1000)
        #expect(stats.weekDone == 3)
        #expect(stats.weekGoal == 3)
        #expect(stats.weeksMeetingGoal == 1)
        #expect(stats.monthMinutes == 310)
        #expect(stats.monthSessions == 8)
        #expect(stats.todayPlan == "legs: squat 5x5")
        // Days: 9, 11, 13, 17, 19, 23, 24, 25; today (26) still open.
        #expect(stats.currentStreakDays == 3)
        #expect(stats.longestStreakDays == 3)
    }

    @Test("each piece of XP, one session at a time")
    func xpPieces() {
        let one = [WO.session(WO.at("2026-11-09 19:00"), "back squat 100kg 5x5")]
        #expect(compute(one).xp == 50 + 25)
        // Warm-ups earn no set XP.
        let warm = [WO.session(WO.at("2026-11-09 19:00"), "back squat 40kg 2x5 warmup")]
        #expect(compute(warm).xp == 50)
        // Two exercises improved in one session: 25 each.
        let ordered = [WO.session(WO.at("2026-11-08 19:00"), "deadlift 100kg 5")] + one + [
            WO.session(WO.at("2026-11-10 19:00"), "back squat 110kg 5", "deadlift 120kg 5"),
        ]
        let expected = (50 + 5) + (50 + 25) + (50 + 10 + 25 + 25)
        #expect(compute(ordered).xp == expected)
        // A weekly goal of 1: every week with a session earns 100.
        #expect(compute(ordered, settings: WorkoutSettings(weeklySessions: 1)).xp == 240 + 100 + 100)
    }

    @Test("the first session of an exercise earns no PR XP, even when its later sets beat its earlier ones")
    func noPRXPInAFirstSession() {
        // A warm-up first: 50 + 5 × 5 working sets, nothing for records.
        let warmedUp = [WO.session(WO.at("2026-11-09 19:00"), "back squat 60kg 5 warmup", "back squat 100kg 5x5")]
        #expect(compute(warmedUp).xp == 75)
        // Ramping up: 50 + 2 × 5, nothing for records.
        let ramp = [WO.session(WO.at("2026-11-09 19:00"), "back squat 100kg 5", "back squat 110kg 3")]
        #expect(compute(ramp).xp == 60)
    }

    @Test("levels start at 50·L·(L−1): 0 → 1, 100 → 2, 299 → 2, 300 → 3")
    func levels() {
        #expect(TrainingStats.level(forXP: 0) == 1)
        #expect(TrainingStats.level(forXP: 99) == 1)
        #expect(TrainingStats.level(forXP: 100) == 2)
        #expect(TrainingStats.level(forXP: 299) == 2)
        #expect(TrainingStats.level(forXP: 300) == 3)
        #expect(TrainingStats.level(forXP: 599) == 3)
        #expect(TrainingStats.level(forXP: 600) == 4)
        #expect(TrainingStats.level(forXP: 1000) == 5)
        #expect((1...5).map(TrainingStats.levelStart) == [0, 100, 300, 600, 1000])
        let empty = compute([])
        #expect(empty.xp == 0 && empty.level == 1 && empty.nextLevelXP == 100)
        #expect(empty.currentStreakDays == 0 && empty.longestStreakDays == 0 && empty.weekDone == 0 && empty.weekGoal == 3)
        #expect(empty.monthMinutes == 0 && empty.todayPlan == nil)
    }

    @Test("runs and hikes count for the streak, not for XP or the weekly goal")
    func otherTrainingDays() {
        let other: Set<LocalDate> = [WO.day("2026-11-22"), WO.day("2026-11-26")]
        let stats = compute(history, other: other)
        #expect(stats.currentStreakDays == 5) // 22 (hike), 23, 24, 25, 26 (run)
        #expect(stats.longestStreakDays == 5)
        #expect(stats.xp == 725)
        #expect(stats.weekDone == 3)
        #expect(stats.monthMinutes == 310)
    }

    @Test("streaks across weeks and a month's edge; the month's time is this month's only")
    func monthEdge() {
        let sessions = [
            WO.session(WO.at("2026-10-30 19:00"), "deadlift 100kg 5", minutes: 30),
            WO.session(WO.at("2026-10-31 19:00"), "deadlift 100kg 5", minutes: 90),
            WO.session(WO.at("2026-11-01 09:00"), "deadlift 100kg 5", minutes: 20),
            WO.session(WO.at("2026-11-02 07:00"), "deadlift 100kg 5", minutes: 25),
        ]
        let monday = WO.day("2026-11-02")
        let stats = compute(sessions, today: monday)
        #expect(stats.currentStreakDays == 4)
        #expect(stats.longestStreakDays == 4)
        #expect(stats.monthMinutes == 45)
        #expect(stats.monthSessions == 2)
        // The week of Monday 2 November holds one session; the week of 26 October three.
        #expect(stats.weekDone == 1)
        #expect(stats.weeksMeetingGoal == 1)
        // Seen from Sunday 1 November, the Monday's session is in the future: not this month's yet.
        let sunday = compute(sessions, today: WO.day("2026-11-01"))
        #expect(sunday.monthMinutes == 20)
        #expect(sunday.currentStreakDays == 3)
        #expect(sunday.weekDone == 3)
    }

    @Test("days are the owner's: 23:30 in Seoul is that day, not the UTC one")
    func daysInTheZone() {
        let sessions = [
            WO.session(WO.at("2026-11-24 23:30"), "deadlift 100kg 5"),
            WO.session(WO.at("2026-11-25 00:30"), "deadlift 100kg 5"),
        ]
        let stats = compute(sessions)
        #expect(stats.currentStreakDays == 2)
        // In UTC both are on the 24th (14:30 and 15:30).
        let utc = TrainingStats(sessions: sessions, otherTrainingDays: [], settings: WorkoutSettings(), today: thursday, zone: .gmt,
                                formula: .epley)
        #expect(utc.currentStreakDays == 0)
        #expect(utc.longestStreakDays == 1)
    }

    @Test("a current streak ends when yesterday was missed; the longest stays")
    func brokenStreak() {
        let early = (1...5).map { WO.session(WO.at("2026-11-0\($0) 08:00"), "burpee 50") }
        let late = [WO.session(WO.at("2026-11-23 08:00"), "burpee 50"), WO.session(WO.at("2026-11-24 08:00"), "burpee 50")]
        #expect(compute(early + late).currentStreakDays == 0)
        #expect(compute(early + late).longestStreakDays == 5)
        #expect(compute(early + late, today: WO.day("2026-11-25")).currentStreakDays == 2)
    }

    @Test("weeks in a row on goal: counted back from this week, or from last week while this one is open")
    func weeksInARow() {
        let extra = WO.session(WO.at("2026-11-20 19:00"), "pull-up 3x10", minutes: 30)
        let full = (history + [extra]).sorted { $0.startedAt < $1.startedAt }
        let stats = compute(full)
        #expect(stats.weeksMeetingGoal == 3) // 23, 16 and 9 November; not 2 November
        #expect(stats.xp == 725 + 65 + 100)
        // This week not yet on goal: the run of the weeks before still shows.
        let open = full.filter { $0.startedAt < WO.at("2026-11-24 00:00") }
        let openStats = compute(open)
        #expect(openStats.weekDone == 1)
        #expect(openStats.weeksMeetingGoal == 2)
        // A goal of 4: no week made it.
        #expect(compute(full, settings: WorkoutSettings(weeklySessions: 4)).weeksMeetingGoal == 0)
    }

    @Test("today's plan is the plan of today's weekday")
    func todayPlan() {
        let plan: [Int: String] = [1: "push", 4: "legs", 7: "long run"]
        #expect(compute([], settings: WorkoutSettings(plan: plan)).todayPlan == "legs")
        #expect(compute([], settings: WorkoutSettings(plan: plan), today: WO.day("2026-11-29")).todayPlan == "long run")
        #expect(compute([], settings: WorkoutSettings(plan: plan), today: WO.day("2026-11-25")).todayPlan == nil)
    }
}

@Suite("Workout stats through the use cases: runs and hikes from the activity repository")
struct WorkoutStatsUseCaseTests {
    @Test("a run today and a hike on Sunday extend the streak; a deleted run does not")
    func activitiesCount() throws {
        let world = WorkoutWorld(now: WO.at("2026-11-26 20:00"))
        try world.log("deadlift 140kg 3", at: WO.at("2026-11-23 19:00"), minutes: 40)
        try world.log("bench 80kg 5", at: WO.at("2026-11-24 19:00"), minutes: 35)
        #expect(try world.workouts().stats(ownerID: world.owner).currentStreakDays == 0)
        world.seedActivity(.run, at: WO.at("2026-11-25 07:00"))
        world.seedActivity(.hike, at: WO.at("2026-11-22 09:00"), minutes: 240)
        world.seedActivity(.run, at: WO.at("2026-11-26 07:00"), deleted: true)
        world.seedActivity(.run, at: WO.at("2026-11-21 07:00"), owner: "someone")
        let stats = try world.workouts().stats(ownerID: world.owner)
        #expect(stats.currentStreakDays == 4) // 22, 23, 24, 25
        #expect(stats.longestStreakDays == 4)
        #expect(stats.weekDone == 2)
        #expect(stats.monthMinutes == 75 + 30 + 240) // the workouts, the run and the hike (the deleted run is not there)
        #expect(stats.xp == 55 + 55)
        // Without an activity repository only the workouts count.
        #expect(try world.workouts(activities: false).stats(ownerID: world.owner).currentStreakDays == 0)
    }

    @Test("the plan and the goal come from the owner's settings")
    func settingsFeedStats() throws {
        let world = WorkoutWorld(now: WO.at("2026-11-26 20:00"))
        _ = try world.workouts().updateSettings(ownerID: world.owner) { settings in
            settings.weeklySessions = 2
            settings.plan[4] = "legs"
        }
        try world.log("deadlift 140kg 3", at: WO.at("2026-11-23 19:00"))
        let logged = try world.log("bench 80kg 5", at: WO.at("2026-11-24 19:00"))
        // The second session of the week meets the goal of 2.
        #expect(logged.xpEarned == 55 + 100)
        let stats = try world.workouts().stats(ownerID: world.owner)
        #expect(stats.weekDone == 2 && stats.weekGoal == 2 && stats.weeksMeetingGoal == 1)
        #expect(stats.todayPlan == "legs")
        #expect(stats.xp == 210)
        #expect(stats.level == 2)
    }
}
