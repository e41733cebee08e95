import Foundation
import Testing

/// The built `tend` binary: a week of training in a few commands, the timer plan, supplements,
/// and the home screen's training card. Thursday 26 November 2026, 20:00 in Seoul.
@Suite("tend workout end to end")
struct WorkoutEndToEndTests {
    static let now = "2026-11-26T20:00:00+09:00"

    @Test("a week of training: squats Monday, pulls Tuesday, a run Wednesday, Fran Thursday; stats, PRs and today's card")
    func aWeekOfTraining() throws {
        let tend = try TendProcess(now: Self.now)
        defer { tend.remove() }
        func ok(_ arguments: String...) throws -> TendProcess.Result {
            let result = try tend.run(arguments)
            #expect(result.status == 0, "\(arguments): exit \(result.status) \(result.stderr)")
            return result
        }
        _ = try ok("plan", "set", "thu", "legs: squat 5x5")
        let monday = try ok("--json", "workout", "log", "back squat 100kg 5x5", "--at", "2026-11-23 19:00", "--duration", "60")
        let mondayJSON = try monday.json()
        #expect(mondayJSON["started_at"] as? String == "2026-11-23T19:00:00+09:00")
        #expect((mondayJSON["new_prs"] as? [[String: Any]])?.first?["exercise"] as? String == "back squat")
        #expect(mondayJSON["xp_earned"] as? Int == 75)
        let tuesday = try ok("workout", "log", "deadlift 140kg 3", "pull-up 3x10", "bench 225lb 1x5", "--at", "2026-11-24 19:00",
                             "--duration", "45")
        #expect(tuesday.stdout.contains("🏆 new PR: deadlift (heaviest, e1RM, 1RM, 3RM, volume)"), "\(tuesday.stdout)")
        #expect(tuesday.stdout.contains("bench press 102.06 kg × 5"), "\(tuesday.stdout)")
        _ = try ok("run", "add", "--distance", "5", "--duration", "25:00", "--at", "2026-11-25 07:00")
        let fran = try ok("--json", "workout", "wod", "fortime", "--result", "7:32", "--name", "Fran", "--at", "2026-11-26 18:00").json()
        #expect((fran["result"] as? [String: Any])?["summary"] as? String == "7:32")
        #expect(fran["xp_earned"] as? Int == 150) // 50, and 100 for the third session of the week

        let stats = try ok("--json", "workout", "stats").json()
        // 75 + (50 + 5 × 5) + 50 + 100.
        #expect(stats["xp"] as? Int == 300, "\(stats)")
        #expect(stats["level"] as? Int == 3)
        #expect(stats["current_streak_days"] as? Int == 4)
        #expect(stats["longest_streak_days"] as? Int == 4)
        #expect(stats["week"] as? [String: Int] == ["done": 3, "goal": 3])
        #expect(stats["month_duration_s"] as? Double == 8252) // 112.53 min of workouts and the 25-minute run
        #expect(stats["today_plan"] as? String == "legs: squat 5x5")

        let bench = try ok("--json", "workout", "prs", "bench").json()
        #expect(bench["heaviest_kg"] as? Double == 102.06)
        #expect(bench["e1rm_kg"] as? Double == 119.07)
        #expect((bench["rep_max_kg"] as? [String: Any])?["5"] as? Double == 102.06)
        #expect((bench["rep_max_kg"] as? [String: Any])?["10"] is NSNull)
        #expect(bench["best_set_volume_kg"] as? Double == 510.29)

        let today = try ok("today")
        #expect(today.stdout.contains("Training\n  4-day streak · 138 min this month · 3/3 this week · level 3\n  Today's plan: legs: squat 5x5"),
                "\(today.stdout)")
        let home = try ok("--json", "today").json()
        #expect((home["workout"] as? [String: Any])?["xp"] as? Int == 300)
    }

    @Test("deleting the heaviest session takes its PR away, in a new process")
    func deleteRecomputes() throws {
        let tend = try TendProcess(now: Self.now)
        defer { tend.remove() }
        _ = try tend.run("workout", "log", "deadlift 140kg 3", "--at", "2026-11-23 19:00")
        let heavy = try tend.run("--json", "workout", "log", "deadlift 160kg 1", "--at", "2026-11-25 19:00").json()
        let id = try #require(heavy["id"] as? String)
        #expect(try tend.run("--json", "workout", "prs", "deadlift").json()["heaviest_kg"] as? Double == 160)
        #expect(try tend.run("workout", "delete", id).status == 0)
        let after = try tend.run("--json", "workout", "prs", "deadlift").json()
        #expect(after["heaviest_kg"] as? Double == 140)
        #expect(after["e1rm_kg"] as? Double == 154)
        #expect(try tend.run("workout", "show", id).status == 1)
    }

    @Test("tend timer tabata --plan --json, and a timer without a terminal prints its plan")
    func timerPlan() throws {
        let tend = try TendProcess(now: Self.now)
        defer { tend.remove() }
        let result = try tend.run("timer", "tabata", "--plan", "--json")
        #expect(result.status == 0, "\(result.stderr)")
        let plan = try result.json()
        #expect(plan["total_s"] as? Double == 240)
        let phases = plan["phases"] as? [[String: Any]] ?? []
        #expect(phases.count == 16)
        #expect(phases.first?["kind"] as? String == "work" && phases.first?["round"] as? Int == 1)
        #expect(phases.first?["start_s"] as? Double == 0 && phases.first?["end_s"] as? Double == 20)
        #expect(phases.last?["kind"] as? String == "rest" && phases.last?["end_s"] as? Double == 240)
        // stdin is not a terminal here: the timer prints its plan and ends at once.
        let live = try tend.run("timer", "emom", "10x1m")
        #expect(live.status == 0)
        #expect(live.stdout.hasPrefix("EMOM 10 × 60 s · 10:00\n  0:00–1:00  work · round 1/10\n"), "\(live.stdout)")
        let intervals = try tend.run("--json", "timer", "intervals", "--work", "40", "--rest", "20", "--rounds", "8").json()
        #expect(intervals["total_s"] as? Double == 460)
    }

    @Test("bad input exits 2 with a clear message; a refused take exits 3")
    func refusals() throws {
        let tend = try TendProcess(now: Self.now)
        defer { tend.remove() }
        let unknown = try tend.run("workout", "log", "squatt 100kg 5")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown exercise 'squatt'; did you mean 'squat'?"), "\(unknown.stderr)")
        let negative = try tend.run("workout", "log", "deadlift -100kg 3")
        #expect(negative.status == 2)
        #expect(negative.stderr.contains("a weight is more than 0"))
        let wod = try tend.run("workout", "wod", "amrap", "--result", "7:32")
        #expect(wod.status == 2)
        #expect(wod.stderr.contains("is not an AMRAP result"))
        #expect(try tend.run("supps", "add", "creatine", "--amount", "5", "--unit", "g", "--at", "08:00").status == 0)
        #expect(try tend.run("supps", "take", "creatine").stdout == "✓ creatine taken (the 08:00 dose)\n")
        let again = try tend.run("supps", "take", "creatine")
        #expect(again.status == 3)
        #expect(again.stderr.contains("already taken"))
        #expect(try tend.run("supps", "take", "creatine", "--force").status == 0)
        let today = try tend.run("today")
        #expect(today.stdout.contains("Supplements: ☑ creatine 08:00"), "\(today.stdout)")
    }
}
