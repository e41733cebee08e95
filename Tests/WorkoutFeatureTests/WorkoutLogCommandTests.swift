import Foundation
import Testing
import Domain

@Suite("tend workout log and wod")
struct WorkoutLogCommandTests {
    static let squatRecords = ["heaviest", "e1RM", "1RM", "3RM", "5RM", "volume"]

    @Test("--json log prints the session: id, kind, started_at, sets, result, new_prs, the XP earned")
    func logJSON() throws {
        let tend = try WorkoutHarness()
        let result = tend.run("--json", "workout", "log", "back squat 100kg 5x5", "pull-up 3x10", "--title", "Legs", "--duration", "60",
                              "--felt", "4", "--notes", "felt strong", "--at", "19:00")
        #expect(result.status == 0, "\(result)")
        let session = try result.json()
        let id = try #require(session.string("id"))
        #expect(id.count == 36 && id == id.lowercased())
        #expect(session.string("kind") == "strength")
        #expect(session.string("started_at") == "2026-11-26T19:00:00+09:00")
        #expect(session.string("title") == "Legs")
        #expect(session.string("notes") == "felt strong")
        #expect(session.double("duration_s") == 3600)
        #expect(session.int("felt") == 4)
        #expect(session.isNull("result"))
        let sets = session.objects("sets")
        #expect(sets.count == 8)
        #expect(sets[0].string("exercise") == "back squat")
        #expect(sets[0].double("weight_kg") == 100)
        #expect(sets[0].int("reps") == 5)
        #expect(sets[0]["warmup"] as? Bool == false)
        #expect(sets[0].isNull("rpe") && sets[0].isNull("rir") && sets[0].isNull("duration_s") && sets[0].isNull("distance_m")
            && sets[0].isNull("kcal"))
        #expect(sets[5].string("exercise") == "pull-up")
        #expect(sets[5].isNull("weight_kg"))
        #expect(sets[5].int("reps") == 10)
        let prs = session.objects("new_prs")
        #expect(prs.count == 1)
        #expect(prs.first?.string("exercise") == "back squat")
        #expect(prs.first?.strings("records") == Self.squatRecords)
        // 50 + 8 working sets × 5; first sessions earn no PR XP.
        #expect(session.int("xp_earned") == 90)
    }

    @Test("text output: the session, each new PR, the XP and the id")
    func logText() throws {
        let tend = try WorkoutHarness()
        let result = tend.run("workout", "log", "deadlift 140kg 3", "--at", "2026-11-24 18:00", "--duration", "45")
        #expect(result.status == 0, "\(result)")
        let lines = result.lines
        #expect(lines.count == 4, "\(result)")
        #expect(lines.first == "Strength · 2026-11-24 18:00 · 45 min")
        #expect(lines.dropFirst().first == "  deadlift 140 kg × 3")
        #expect(lines.dropFirst(2).first == "🏆 new PR: deadlift (heaviest, e1RM, 1RM, 3RM, volume)")
        #expect(lines.last?.hasPrefix("+55 XP · handle ") == true)
        // Identical sets fold into one line.
        let folded = tend.run("workout", "log", "back squat 100kg 5x5", "squat 60kg 5 warmup", "--at", "2026-11-25 18:00")
        #expect(folded.lines.dropFirst().prefix(2) == ["  back squat 100 kg × 5 (5 sets)", "  back squat 60 kg × 5 (warm-up)"])
    }

    @Test("every SET form of the issue, in one session: lb converted, reps, times, distances")
    func setForms() throws {
        let tend = try WorkoutHarness()
        let session = tend.json("workout", "log", "back squat 100kg 5x5", "deadlift 140kg 3", "pull-up 3x10", "row 2000m 7:32",
                                "bench 225lb 1x5", "burpee 50", "deadlift 180kg 3 @9", "squat 100kg 5 rir2", "squat 60kg 5 warmup")
        let sets = session.objects("sets")
        #expect(sets.count == 15, "\(session)")
        guard sets.count == 15 else { return }
        #expect(sets.map { $0.string("exercise") ?? "" } == Array(repeating: "back squat", count: 5) + ["deadlift"]
            + Array(repeating: "pull-up", count: 3) + ["row", "bench press", "burpee", "deadlift", "back squat", "back squat"])
        #expect(sets[9].double("distance_m") == 2000 && sets[9].double("duration_s") == 452 && sets[9].isNull("reps"))
        #expect(sets[10].double("weight_kg") == 102.06) // 225 lb = 102.058 kg, shown to 0.01
        #expect(sets[11].int("reps") == 50 && sets[11].isNull("weight_kg"))
        #expect(sets[12].double("rpe") == 9)
        #expect(sets[13].int("rir") == 2)
        #expect(sets[14]["warmup"] as? Bool == true)
        #expect(session.string("kind") == "strength")
        #expect(tend.json("workout", "log", "row 2000m 7:32").string("kind") == "cardio")
    }

    @Test("pounds: the records of bench 225 lb × 5")
    func poundRecords() throws {
        let tend = try WorkoutHarness()
        tend.log("bench 225lb 1x5")
        let records = tend.json("workout", "prs", "bench")
        #expect(records.string("exercise") == "bench press")
        #expect(records.double("heaviest_kg") == 102.06)
        #expect(records.double("e1rm_kg") == 119.07) // 102.058 × (1 + 5/30)
        let repMax = records.object("rep_max_kg")
        #expect(repMax.double("1") == 102.06 && repMax.double("3") == 102.06 && repMax.double("5") == 102.06)
        #expect(repMax.isNull("10"))
        #expect(records.double("best_set_volume_kg") == 510.29)
    }

    @Test("bad sets are refused with a clear message, exit 2, and nothing is stored")
    func badSets() throws {
        let tend = try WorkoutHarness()
        let unknown = tend.run("workout", "log", "squatt 100kg 5")
        #expect(unknown.status == 2)
        #expect(unknown.stderr == "error: unknown exercise 'squatt'; did you mean 'squat'?\nhint: tend exercises list\n", "\(unknown)")
        let negative = tend.run("workout", "log", "deadlift -100kg 3")
        #expect(negative.status == 2)
        #expect(negative.stderr.contains("'deadlift -100kg 3': a weight is more than 0 and at most 600 kg"), "\(negative)")
        let token = tend.run("workout", "log", "deadlift 140kg 3 banana")
        #expect(token.status == 2)
        #expect(token.stderr.contains("cannot read 'banana'"), "\(token)")
        let noReps = tend.run("workout", "log", "deadlift 140kg")
        #expect(noReps.status == 2)
        #expect(noReps.stderr.contains("how many reps?"), "\(noReps)")
        let zero = tend.run("workout", "log", "squat 100kg 0")
        #expect(zero.status == 2 && zero.stderr.contains("1 to 10,000 reps"))
        let none = tend.run("workout", "log")
        #expect(none.status == 2)
        #expect(none.stderr.contains("missing argument <set>"), "\(none)")
        // One bad set refuses the whole session.
        #expect(tend.run("workout", "log", "deadlift 140kg 3", "squatt 100kg 5").status == 2)
        #expect(tend.run("workout", "log", "deadlift 140kg 3", "--felt", "9").stderr.contains("--felt is 1 to 5"))
        #expect(tend.run("workout", "log", "deadlift 140kg 3", "--felt", "great").status == 2)
        #expect(tend.run("workout", "log", "deadlift 140kg 3", "--duration", "0").status == 2)
        #expect(tend.run("workout", "log", "deadlift 140kg 3", "--at", "tomorrow").status == 2)
        #expect(tend.run("workout", "log", "deadlift 140kg 3", "--kind", "yoga").status == 2)
        #expect(tend.json("workout", "list").objects("sessions").isEmpty)
    }

    @Test("options may come between the sets: every SET is kept, in order")
    func interleavedOptions() throws {
        let tend = try WorkoutHarness()
        let session = tend.json("workout", "log", "deadlift 100kg 5", "--title", "Pulls", "pull-up 3x10", "--kind", "wod", "burpee 10")
        #expect(session.objects("sets").map { $0.string("exercise") ?? "" } == ["deadlift", "pull-up", "pull-up", "pull-up", "burpee"])
        #expect(session.string("title") == "Pulls")
        #expect(session.string("kind") == "wod")
        // `--` lets a SET start with a dash-like word, and ends the options.
        let after = tend.json("workout", "log", "--", "burpee 20")
        #expect(after.objects("sets").count == 1)
    }

    @Test("wod: For Time with a name is a benchmark PR; its title and duration come from the result")
    func wodForTime() throws {
        let tend = try WorkoutHarness()
        let session = tend.json("workout", "wod", "fortime", "--result", "7:32", "--name", "Fran", "--cap", "10", "--at", "18:00")
        #expect(session.string("kind") == "wod", "\(session)")
        #expect(session.string("title") == "Fran")
        #expect(session.double("duration_s") == 452)
        #expect(session.objects("sets").isEmpty)
        let wod = session.object("result")
        #expect(wod.string("format") == "fortime")
        #expect(wod.string("name") == "Fran")
        #expect(wod.double("duration_s") == 452)
        #expect(wod.isNull("rounds") && wod.isNull("reps") && wod.isNull("movements"))
        #expect(wod["capped"] as? Bool == false)
        #expect(wod.double("cap_s") == 600)
        #expect(wod["rx"] as? Bool == true)
        #expect(wod.string("summary") == "7:32")
        #expect(session.objects("new_prs").map { $0.string("exercise") ?? "" } == ["fran"])
        #expect(session.objects("new_prs").first?.strings("records") == ["benchmark"])
        #expect(session.int("xp_earned") == 50)
        // Slower: no PR.
        #expect(tend.json("workout", "wod", "fortime", "--result", "8:10", "--name", "fran", "--at", "19:00").objects("new_prs").isEmpty)
        // Past the cap.
        let capped = tend.json("workout", "wod", "fortime", "--result", "cap+45", "--cap", "20", "--name", "Grace", "--at", "17:00")
        #expect(capped.object("result")["capped"] as? Bool == true)
        #expect(capped.object("result").int("reps") == 45)
        #expect(capped.object("result").string("summary") == "cap+45")
        #expect(capped.double("duration_s") == 1200)
    }

    @Test("wod: AMRAP rounds+reps, scaled, with movements; EMOM rounds in text")
    func wodAmrapEmom() throws {
        let tend = try WorkoutHarness()
        let amrap = tend.json("workout", "wod", "amrap", "--result", "12+5", "--scaled", "--name", "Cindy", "--cap", "20",
                              "--movements", "5 pull-ups, 10 push-ups, 15 air squats", "--at", "07:00")
        let wod = amrap.object("result")
        #expect(wod.int("rounds") == 12 && wod.int("reps") == 5, "\(amrap)")
        #expect(wod["rx"] as? Bool == false)
        #expect(wod.string("movements") == "5 pull-ups, 10 push-ups, 15 air squats")
        #expect(wod.string("summary") == "12+5")
        #expect(amrap.double("duration_s") == 1200)
        #expect(amrap.objects("new_prs").first?.string("exercise") == "cindy")
        let emom = tend.run("workout", "wod", "emom", "--result", "10", "--at", "08:00")
        #expect(emom.status == 0, "\(emom)")
        #expect(emom.lines.prefix(2) == ["WOD · 2026-11-26 08:00", "  EMOM: 10 rounds Rx"])
        #expect(emom.lines.last?.hasPrefix("+50 XP · handle ") == true)
        let text = tend.run("workout", "show", tend.json("workout", "list").objects("sessions").first?.string("id") ?? "")
        #expect(text.lines == ["WOD — Cindy · 2026-11-26 07:00 · 20 min", "  AMRAP Cindy: 12+5 scaled (cap 20 min) — 5 pull-ups, 10 push-ups, 15 air squats"])
    }

    @Test("a result that does not fit the WOD type is refused, exit 2, and nothing is stored")
    func wodRefusals() throws {
        let tend = try WorkoutHarness()
        let amrap = tend.run("workout", "wod", "amrap", "--result", "7:32")
        #expect(amrap.status == 2)
        #expect(amrap.stderr.contains("'7:32' is not an AMRAP result: rounds+reps such as 12+5"), "\(amrap)")
        let forTime = tend.run("workout", "wod", "fortime", "--result", "12+5")
        #expect(forTime.status == 2)
        #expect(forTime.stderr.contains("a time such as 7:32, or cap+45"), "\(forTime)")
        #expect(tend.run("workout", "wod", "emom", "--result", "5:00").status == 2)
        #expect(tend.run("workout", "wod", "tabata", "--result", "8+1").status == 2)
        let overCap = tend.run("workout", "wod", "fortime", "--result", "12:00", "--cap", "10")
        #expect(overCap.status == 2)
        #expect(overCap.stderr.contains("a finished time of 12:00 is over the 10 min cap: write cap+REPS"), "\(overCap)")
        #expect(tend.run("workout", "wod", "amrap").stderr.contains("missing --result R"))
        let endless = tend.run("workout", "wod", "fortime", "--result", "9999999999999999:59:59")
        #expect(endless.status == 2 && endless.stderr.contains("a time such as 7:32"), "\(endless)")
        #expect(tend.run("workout", "wod", "fortime", "--result", "7:32", "--cap", "1e300").status == 2)
        #expect(tend.run("workout", "wod", "amrap", "--result", "12", "--rx", "--scaled").status == 2)
        #expect(tend.run("workout", "wod", "amrap", "--result", "12", "--cap", "0").status == 2)
        let format = tend.run("workout", "wod", "crossfit", "--result", "1")
        #expect(format.status == 2)
        #expect(format.stderr.contains("invalid value 'crossfit' for <format>"), "\(format)")
        #expect(tend.json("workout", "list").objects("sessions").isEmpty)
    }
}

@Suite("tend workout list, show, edit, delete and prs")
struct WorkoutHistoryCommandTests {
    func records(_ tend: WorkoutHarness, _ exercise: String) -> String {
        let json = tend.json("workout", "prs", exercise)
        let repMax = json.object("rep_max_kg")
        func text(_ value: Double?) -> String { value.map { $0 == $0.rounded() ? String(Int($0)) : String($0) } ?? "-" }
        return "\(text(json.double("heaviest_kg"))) \(text(json.double("e1rm_kg"))) "
            + ["1", "3", "5", "10"].map { text(repMax.double($0)) }.joined(separator: "/") + " \(text(json.double("best_set_volume_kg")))"
    }

    @Test("records are recomputed after a delete and after an edit")
    func recompute() throws {
        let tend = try WorkoutHarness()
        let a = tend.log("deadlift 140kg 3", "--at", "2026-11-23 18:00")
        let b = tend.log("deadlift 160kg 1", "--at", "2026-11-25 18:00")
        #expect(records(tend, "deadlift") == "160 160 160/140/-/- 420")
        #expect(tend.json("workout", "list").objects("sessions").map { $0.string("id") ?? "" } == [a, b])

        let deleted = tend.run("workout", "delete", b)
        #expect(deleted.status == 0 && deleted.stdout == "Deleted.\n")
        #expect(records(tend, "deadlift") == "140 154 140/140/-/- 420")
        let gone = tend.run("workout", "show", b)
        #expect(gone.status == 1)
        #expect(gone.stderr == "error: no workout with id \(b)\n")
        #expect(tend.run("workout", "delete", b).status == 1)

        let edited = tend.json("workout", "edit", a, "--set", "deadlift 150kg 3", "--set", "deadlift 120kg 8", "--title", "Pulls", "--felt", "5")
        #expect(edited.objects("sets").count == 2, "\(edited)")
        #expect(edited.string("title") == "Pulls" && edited.int("felt") == 5)
        #expect(records(tend, "deadlift") == "150 165 150/150/120/- 960")
        // A bad set leaves the session as it was.
        #expect(tend.run("workout", "edit", a, "--set", "deadlift 150kg").status == 2)
        #expect(tend.json("workout", "show", a).objects("sets").count == 2)
        #expect(tend.run("workout", "edit", "0190-nope", "--title", "x").status == 1)
        // Moving a session in time keeps its id; the show JSON has no new PRs.
        let moved = tend.json("workout", "edit", a, "--at", "2026-11-22 09:30")
        #expect(moved.string("started_at") == "2026-11-22T09:30:00+09:00")
        #expect(tend.json("workout", "show", a).objects("new_prs").isEmpty)
        #expect(tend.json("workout", "show", a)["xp_earned"] == nil)
    }

    @Test("list by days, newest first in text; refusals")
    func list() throws {
        let tend = try WorkoutHarness()
        let a = tend.log("deadlift 140kg 3", "--at", "2026-11-23 18:00", "--title", "Pulls")
        let b = tend.log("bench 80kg 5", "back squat 100kg 5", "--at", "2026-11-25 18:00")
        #expect(tend.json("workout", "list", "--from", "2026-11-24", "--to", "2026-11-25").objects("sessions").map { $0.string("id") ?? "" } == [b])
        let text = tend.run("workout", "list")
        #expect(text.status == 0)
        #expect(text.lines.count == 4, "\(text)") // a header, its rule, two rows
        guard text.lines.count == 4 else { return }
        #expect(text.lines[2].contains("2026-11-25 18:00") && text.lines[2].contains("back squat, bench press") && text.lines[2].contains(String(b.suffix(7))))
        #expect(text.lines[3].contains("Pulls") && text.lines[3].contains(String(a.suffix(7))))
        let reversed = tend.run("workout", "list", "--from", "2026-11-26", "--to", "2026-11-25")
        #expect(reversed.status == 2)
        #expect(reversed.stderr.contains("the end date 2026-11-25 is before the start date 2026-11-26"))
        #expect(tend.run("workout", "list", "--from", "26-11-2026").status == 2)
        let empty = try WorkoutHarness().run("workout", "list")
        #expect(empty.stdout == "No sessions yet: tend workout log \"back squat 100kg 5x5\"\n")
    }

    @Test("prs: every exercise with a weight, and the benchmarks; one exercise by alias; none yet")
    func prs() throws {
        let tend = try WorkoutHarness()
        tend.log("back squat 100kg 5x5", "pull-up 3x10", "--at", "2026-11-24 18:00")
        _ = tend.json("workout", "wod", "fortime", "--result", "7:32", "--name", "Fran", "--at", "2026-11-25 18:00")
        let all = tend.json("workout", "prs")
        #expect(all.objects("records").map { $0.string("exercise") ?? "" } == ["back squat"], "\(all)")
        #expect(all.object("benchmarks").object("fran").string("summary") == "7:32")
        #expect(records(tend, "squat") == "100 116.67 100/100/100/- 500")
        // An exercise never lifted: every record null.
        #expect(records(tend, "front squat") == "- - -/-/-/- -")
        let text = tend.run("workout", "prs")
        #expect(text.stdout.contains("back squat") && text.stdout.contains("116.67 kg") && text.stdout.contains("Fran: 7:32 Rx"), "\(text)")
        #expect(try WorkoutHarness().run("workout", "prs").stdout == "No records yet.\n")
    }

    @Test("prs of an unknown exercise is refused with a suggestion, like a set")
    func prsUnknown() throws {
        let tend = try WorkoutHarness()
        let unknown = tend.run("workout", "prs", "squatt")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown exercise 'squatt'"), "\(unknown)")
        #expect(unknown.stderr.contains("did you mean 'squat'?"), "\(unknown)")
    }

    @Test("with the display unit set to lb, text shows pounds (JSON stays in kg)")
    func displayUnit() throws {
        let tend = try WorkoutHarness()
        let id = tend.log("bench 225lb 1x5")
        #expect(tend.json("workout", "goal", "--unit", "lb").string("unit") == "lb")
        let prs = tend.run("workout", "prs", "bench")
        #expect(prs.stdout.contains("225 lb"), "\(prs)")
        #expect(!prs.stdout.contains(" kg"), "\(prs)")
        let show = tend.run("workout", "show", id)
        #expect(show.stdout.contains("bench press 225 lb × 5"), "\(show)")
        #expect(tend.json("workout", "prs", "bench").double("heaviest_kg") == 102.06)
    }

    @Test("the 1RM formula and the goals are set with workout goal")
    func goal() throws {
        let tend = try WorkoutHarness()
        tend.log("back squat 100kg 5")
        let goal = tend.json("workout", "goal", "--weekly", "4", "--monthly-sessions", "12", "--monthly-minutes", "600")
        #expect(goal.int("weekly") == 4 && goal.int("monthly_sessions") == 12 && goal.int("monthly_duration_s") == 36_000, "\(goal)")
        #expect(goal.string("formula") == "epley" && goal.string("unit") == "kg")
        let text = tend.run("workout", "goal", "--formula", "brzycki")
        #expect(text.stdout == "Goal: 4 a week, 12 sessions a month, 600 min a month · 1RM by brzycki · weights in kg\n")
        #expect(records(tend, "back squat") == "100 112.5 100/100/100/- 500")
        let zero = tend.run("workout", "goal", "--weekly", "0")
        #expect(zero.status == 2)
        #expect(zero.stderr.contains("the weekly goal is 1 to 14 sessions"))
        #expect(tend.run("workout", "goal", "--weekly", "x").status == 2)
        #expect(tend.run("workout", "goal", "--formula", "lombardi").status == 2)
        #expect(tend.json("workout", "stats").object("week").int("goal") == 4)
    }
}

@Suite("tend workout stats and calendar")
struct WorkoutStatsCommandTests {
    /// Monday to Thursday of the week of 23 November 2026: squats, pulls, a run, Fran.
    func week() throws -> WorkoutHarness {
        let tend = try WorkoutHarness()
        #expect(tend.run("plan", "set", "thu", "legs").status == 0)
        tend.log("back squat 100kg 5x5", "--at", "2026-11-23 19:00", "--duration", "60")
        tend.log("deadlift 140kg 3", "pull-up 3x10", "--at", "2026-11-24 19:00", "--duration", "45")
        try tend.addRun(at: "2026-11-25T07:00:00+09:00")
        _ = tend.json("workout", "wod", "fortime", "--result", "7:32", "--name", "Fran", "--at", "2026-11-26 18:00")
        return tend
    }

    @Test("stats --json: XP and level, streaks with the run, the week against the goal, the month, today's plan")
    func statsJSON() throws {
        let tend = try week()
        let stats = tend.json("workout", "stats")
        // 75 + 70 + 50, and 100 for three sessions this week.
        #expect(stats.int("xp") == 295, "\(stats)")
        #expect(stats.int("level") == 2)
        #expect(stats.int("next_level_xp") == 300)
        #expect(stats.int("current_streak_days") == 4)
        #expect(stats.int("longest_streak_days") == 4)
        #expect(stats.object("week").int("done") == 3 && stats.object("week").int("goal") == 3)
        #expect(stats.int("weeks_meeting_goal") == 1)
        // 112.53 min of workouts and the 25-minute run: training time counts runs and hikes too.
        #expect(stats.double("month_duration_s") == 8252)
        #expect(stats.int("month_sessions") == 4)
        #expect(stats.string("today_plan") == "legs")
    }

    @Test("stats in text")
    func statsText() throws {
        let tend = try week()
        #expect(tend.run("workout", "stats").lines == [
            "Level 2 · 295 XP (5 to level 3)",
            "4-day streak (longest 4) · 3/3 this week · 1 week in a row on goal",
            "2 h 18 min this month in 4 sessions",
            "Today's plan: legs",
        ])
        let fresh = try WorkoutHarness()
        let empty = fresh.json("workout", "stats")
        #expect(empty.int("xp") == 0 && empty.int("level") == 1 && empty.int("current_streak_days") == 0)
        #expect(empty.isNull("today_plan"))
    }

    @Test("calendar: the month's days with sessions and minutes, today bracketed, an SVG on request")
    func calendar() throws {
        let tend = try week()
        let json = tend.json("workout", "calendar")
        #expect(json.string("month") == "2026-11")
        let days = json.objects("days")
        #expect(days.count == 30)
        guard days.count == 30 else { return }
        #expect(days[22].string("date") == "2026-11-23" && days[22].int("sessions") == 1 && days[22].double("duration_s") == 3600)
        #expect(days[23].int("sessions") == 1 && days[23].double("duration_s") == 2700)
        #expect(days[24].int("sessions") == 0 && days[24].isNull("duration_s")) // the run is not a workout
        #expect(days[25].int("sessions") == 1 && days[25].double("duration_s") == 452)

        let svgPath = tend.path("november.svg")
        let text = tend.run("workout", "calendar", "--month", "2026-11", "--svg", svgPath)
        #expect(text.status == 0, "\(text)")
        #expect(text.lines.first == "2026-11")
        #expect(text.lines.dropFirst().first == " Mon  Tue  Wed  Thu  Fri  Sat  Sun")
        #expect(text.lines.contains(" 23■  24■  25  [26■] 27   28   29"), "\(text)")
        #expect(text.lines.dropLast().last == "■ trained · 3 days, 1 h 53 min")
        #expect(text.lines.last == "Wrote \(svgPath).")
        let svg = try String(contentsOfFile: svgPath, encoding: .utf8)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains("Training · 2026-11"))
        #expect(svg.components(separatedBy: "<rect x=").count - 1 == 30)
        #expect(svg.contains("<title>2026-11-23: 60 min</title>"))
        #expect(svg.hasSuffix("</svg>\n"))
        #expect(tend.run("workout", "calendar", "--month", "2026-13").status == 2)
        #expect(tend.json("workout", "calendar", "--month", "2026-10").objects("days").allSatisfy { $0.int("sessions") == 0 })
    }
}
