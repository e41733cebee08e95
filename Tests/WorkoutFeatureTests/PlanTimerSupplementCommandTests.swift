import Foundation
import Synchronization
import Testing
import Console
import Domain

@Suite("tend plan")
struct WorkoutPlanCommandTests {
    @Test("set a weekday, show the week, today's plan; an empty text clears")
    func plan() throws {
        let tend = try WorkoutHarness() // a Thursday
        let set = tend.json("plan", "set", "thu", "legs: squat 5x5")
        #expect(weeklyPlan(set) == ["mon": nil, "tue": nil, "wed": nil, "thu": "legs: squat 5x5", "fri": nil, "sat": nil, "sun": nil], "\(set)")
        let monday = tend.run("plan", "set", "Monday", "push")
        #expect(monday.lines == ["mon  push", "tue  —", "wed  —", "thu  legs: squat 5x5", "fri  —", "sat  —", "sun  —"], "\(monday)")
        #expect(tend.run("plan", "today").stdout == "Today (thu): legs: squat 5x5\n")
        #expect(tend.json("plan", "today") as? [String: String] == ["date": "2026-11-26", "plan": "legs: squat 5x5"])
        #expect(weeklyPlan(tend.json("plan", "show")) == ["mon": "push", "tue": nil, "wed": nil, "thu": "legs: squat 5x5", "fri": nil, "sat": nil, "sun": nil])
        #expect(tend.json("workout", "stats").string("today_plan") == "legs: squat 5x5")

        #expect(tend.run("plan", "set", "thu", "  ").status == 0)
        #expect(tend.run("plan", "today").stdout == "Nothing planned today: rest, or tend plan set thu \"…\"\n")
        #expect(tend.json("plan", "today").string("date") == "2026-11-26" && tend.json("plan", "today").isNull("plan"))
        #expect(weeklyPlan(tend.json("plan", "show")) == ["mon": "push", "tue": nil, "wed": nil, "thu": nil, "fri": nil, "sat": nil, "sun": nil])
    }

    @Test("refusals: a weekday that is not one, a missing text, a text over 200 characters")
    func refusals() throws {
        let tend = try WorkoutHarness()
        let funday = tend.run("plan", "set", "funday", "x")
        #expect(funday.status == 2)
        #expect(funday.stderr.contains("invalid value 'funday' for <weekday>: mon, tue, wed, thu, fri, sat or sun"), "\(funday)")
        #expect(tend.run("plan", "set", "mon").status == 2)
        #expect(tend.run("plan", "set", "mon", String(repeating: "x", count: 201)).status == 2)
        #expect(tend.run("plan", "set", "mon", String(repeating: "x", count: 200)).status == 0)
    }
}

@Suite("tend timer: the schedule without a terminal, or with --plan")
struct WorkoutTimerCommandTests {
    func timer(_ arguments: String...) throws -> (total: Double?, phases: [String]) {
        let tend = try WorkoutHarness()
        let json = tend.json(["timer"] + arguments)
        let phases = json.objects("phases").map {
            "\($0.string("kind") ?? "?") \($0.int("round") ?? -1) \($0.int("start_s") ?? -1)-\($0.int("end_s") ?? -1)"
        }
        return (json.double("total_s"), phases)
    }

    @Test("tabata --plan --json: 16 phases of 20 s work and 10 s rest, 240 s")
    func tabata() throws {
        let tend = try WorkoutHarness()
        let json = tend.json("timer", "tabata", "--plan")
        #expect(json.string("name") == "Tabata")
        #expect(json.double("total_s") == 240)
        let phases = json.objects("phases")
        #expect(phases.count == 16)
        #expect(Set(phases.first?.keys.map { $0 } ?? []) == ["kind", "round", "start_s", "end_s"])
        let (total, shape) = try timer("tabata")
        #expect(total == 240)
        #expect(shape.prefix(2) == ["work 1 0-20", "rest 1 20-30"])
        #expect(shape.last == "rest 8 230-240")
        let custom = try timer("tabata", "--work", "30", "--rest", "15", "--rounds", "4")
        #expect(custom.total == 180 && custom.phases.count == 8)
    }

    @Test("emom 10x1m = 600 s; a bare interval is minutes; seconds with s")
    func emom() throws {
        let (total, shape) = try timer("emom", "10x1m")
        #expect(total == 600)
        #expect(shape.count == 10 && shape.last == "work 10 540-600")
        #expect(try timer("emom", "10x1").total == 600)
        #expect(try timer("emom", "12x90s").total == 1080)
    }

    @Test("intervals 40/20 × 8 = 460 s without a last rest; amrap 12 = 720 s; fortime cap 20 = 1200 s; rest 90")
    func others() throws {
        let intervals = try timer("intervals", "--work", "40", "--rest", "20", "--rounds", "8")
        #expect(intervals.total == 460)
        #expect(intervals.phases.count == 15)
        #expect(intervals.phases.last == "work 8 420-460")
        let amrap = try timer("amrap", "12")
        #expect(amrap.total == 720 && amrap.phases == ["work 1 0-720"])
        let forTime = try timer("fortime", "--cap", "20")
        #expect(forTime.total == 1200 && forTime.phases == ["work 1 0-1200"])
        let rest = try timer("rest", "90")
        #expect(rest.total == 90 && rest.phases == ["rest 1 0-90"])
        #expect(try timer("rest", "2m").total == 120)
    }

    @Test("the plan in text; without a terminal a timer prints its plan instead of running")
    func planText() throws {
        let tend = try WorkoutHarness()
        let plan = tend.run("timer", "tabata", "--plan")
        #expect(plan.status == 0)
        #expect(plan.lines.count == 17)
        #expect(plan.lines.first == "Tabata · 4:00")
        #expect(plan.lines.dropFirst().first == "  0:00–0:20  work · round 1/8")
        #expect(plan.lines.last == "  3:50–4:00  rest · round 8/8")
        #expect(tend.run("timer", "tabata").stdout == plan.stdout)
        // Long schedules are cut at 40 phases.
        let long = tend.run("timer", "emom", "50x30s")
        #expect(long.lines.first == "EMOM 50 × 30 s · 25:00")
        #expect(long.lines.count == 42)
        #expect(long.lines.last == "  … 10 more")
    }

    @Test("an EMOM interval is at most an hour, written in minutes or not")
    func emomIntervalLimit() throws {
        let tend = try WorkoutHarness()
        #expect(try timer("emom", "10x60").total == 36_000) // ten one-hour rounds: the longest allowed
        let withUnit = tend.run("timer", "emom", "10x61m")
        #expect(withUnit.status == 2, "\(withUnit)")
        // "10x61" means 61-minute rounds too, and must be refused the same way.
        let bare = tend.run("timer", "emom", "10x61")
        #expect(bare.status == 2, "\(bare)")
        #expect(bare.stderr.contains("emom ROUNDSxINTERVAL"), "\(bare)")
    }

    @Test("refusals are usage errors, exit 2")
    func refusals() throws {
        let tend = try WorkoutHarness()
        let cases: [([String], String)] = [
            (["timer", "fortime"], "fortime needs --cap MIN"),
            (["timer", "emom", "10"], "emom ROUNDSxINTERVAL"),
            (["timer", "emom", "0x1m"], "emom ROUNDSxINTERVAL"),
            (["timer", "amrap"], "amrap MINUTES"),
            (["timer", "amrap", "0"], "amrap MINUTES"),
            (["timer", "intervals", "--work", "40"], "intervals --work S --rest S --rounds N"),
            (["timer", "rest"], "rest SECONDS"),
            (["timer", "tabata", "--rounds", "0"], "invalid value '0' for --rounds"),
            (["timer", "hiit"], "invalid value 'hiit' for <type>"),
        ]
        for (arguments, message) in cases {
            let result = tend.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result)")
            #expect(result.stderr.contains(message), "\(arguments): \(result)")
        }
    }
}

@Suite("tend supps")
struct WorkoutSupplementCommandTests {
    @Test("add, take once per time, --force for an extra, today's checklist, the month's adherence")
    func takeAndCheck() throws {
        let tend = try WorkoutHarness() // Thursday 20:00
        #expect(tend.run("supps", "list").stdout == "No supplements yet: tend supps add creatine --amount 5 --unit g --at 08:00\n")
        #expect(tend.run("supps", "today").stdout == "Nothing scheduled today.\n")
        #expect(tend.run("supps", "add", "creatine", "--amount", "5", "--unit", "g", "--at", "08:00").stdout == "✓ creatine 5 g at 08:00\n")
        let fishOil = tend.json("supps", "add", "fish oil", "--amount", "1", "--unit", "capsule", "--at", "20:00,08:00", "--days", "mon,wed,fri")
        #expect(fishOil.string("name") == "fish oil" && fishOil.double("amount") == 1 && fishOil.string("unit") == "capsule", "\(fishOil)")
        #expect(fishOil.strings("times") == ["08:00", "20:00"])
        #expect(fishOil.strings("days") == ["mon", "wed", "fri"])

        #expect(tend.run("supps", "take", "creatine").stdout == "✓ creatine taken (the 08:00 dose)\n")
        let again = tend.run("supps", "take", "creatine")
        #expect(again.status == 3)
        #expect(again.stderr == "error: creatine is already taken for every time of today; add --force to take another\n")
        #expect(tend.run("supps", "take", "creatine", "--force").stdout == "✓ creatine taken (an extra dose)\n")
        #expect(tend.json("supps", "take", "Creatine", "-f") as? [String: String] == ["name": "Creatine", "slot": "extra"])
        // Fish oil is not due on a Thursday: taking it says so; only a second one that day needs --force.
        let offDay = tend.run("supps", "take", "fish oil")
        #expect(offDay.status == 0)
        #expect(offDay.stdout.contains("today is not on its schedule"), "\(offDay)")
        #expect(tend.run("supps", "take", "fish oil").status == 3)

        #expect(tend.run("supps", "add", "vitamin d", "--amount", "1000", "--unit", "IU", "--at", "19:00").status == 0)
        #expect(tend.run("supps", "today").lines == ["☑ 08:00 creatine 5 g", "☐ 19:00 vitamin d 1000 IU  (overdue)"])
        let today = tend.json("supps", "today")
        #expect(today.string("date") == "2026-11-26")
        #expect(today.objects("items").map { "\($0.string("name") ?? "") \($0.string("slot") ?? "") \($0["taken"] as? Bool ?? false) \($0["overdue"] as? Bool ?? false)" }
            == ["creatine 08:00 true false", "vitamin d 19:00 false true"])

        let list = tend.json("supps", "list").objects("supplements")
        #expect(list.map { "\($0.object("supplement").string("name") ?? "") \($0.int("taken") ?? -1)/\($0.int("scheduled") ?? -1)" }
            == ["creatine 1/1", "fish oil 0/0", "vitamin d 0/1"])
        let table = tend.run("supps", "list")
        #expect(table.stdout.contains("08:00, 20:00 (mon,wed,fri)") && table.stdout.contains("08:00 (daily)"), "\(table)")

        #expect(tend.run("supps", "remove", "fish oil").stdout == "Removed fish oil.\n")
        let missing = tend.run("supps", "take", "fish oil")
        #expect(missing.status == 1)
        #expect(missing.stderr == "error: no supplement named 'fish oil'\nhint: tend supps list\n")
    }

    @Test("the next morning every time is open again, and the month's adherence grows")
    func nextDay() throws {
        let tend = try WorkoutHarness()
        #expect(tend.run("supps", "add", "creatine", "--amount", "5", "--unit", "g", "--at", "08:00,20:00").status == 0)
        #expect(tend.json("supps", "take", "creatine") as? [String: String] == ["name": "creatine", "slot": "08:00"])
        #expect(tend.json("supps", "take", "creatine") as? [String: String] == ["name": "creatine", "slot": "20:00"])
        tend.at("2026-11-27T07:50:00+09:00")
        #expect(tend.json("supps", "take", "creatine") as? [String: String] == ["name": "creatine", "slot": "08:00"])
        tend.at("2026-11-27T20:45:00+09:00")
        #expect(tend.run("supps", "today").lines == ["☑ 08:00 creatine 5 g", "☐ 20:00 creatine 5 g  (overdue)"])
        let list = tend.json("supps", "list").objects("supplements")
        #expect(list.first?.int("taken") == 3 && list.first?.int("scheduled") == 4)
    }

    @Test("refusals: bad times, amounts, weekdays, a name already there")
    func refusals() throws {
        let tend = try WorkoutHarness()
        #expect(tend.run("supps", "add", "creatine", "--amount", "5", "--unit", "g", "--at", "08:00").status == 0)
        let cases: [([String], Int32, String)] = [
            (["supps", "add", "zinc", "--amount", "15", "--unit", "mg", "--at", "25:00"], 2, "invalid value '25:00' for --at"),
            (["supps", "add", "zinc", "--unit", "mg", "--at", "08:00"], 2, "missing --amount N"),
            (["supps", "add", "zinc", "--amount", "15", "--at", "08:00"], 2, "missing --unit U"),
            (["supps", "add", "zinc", "--amount", "15", "--unit", "mg"], 2, "missing --at HH:MM"),
            (["supps", "add", "zinc", "--amount", "-1", "--unit", "mg", "--at", "08:00"], 2, "the amount must be more than 0"),
            (["supps", "add", "zinc", "--amount", "15", "--unit", "mg", "--at", "08:00", "--days", "mon,funday"], 2,
             "invalid value 'mon,funday' for --days"),
            (["supps", "add", "Creatine", "--amount", "5", "--unit", "g", "--at", "09:00"], 3, "'Creatine' is already on the list"),
            (["supps", "remove", "zinc"], 1, "no supplement named 'zinc'"),
        ]
        for (arguments, status, message) in cases {
            let result = tend.run(arguments)
            #expect(result.status == status, "\(arguments): \(result)")
            #expect(result.stderr.contains(message), "\(arguments): \(result)")
        }
        #expect(tend.json("supps", "list").objects("supplements").count == 1)
    }
}

@Suite("tend exercises")
struct WorkoutExerciseCommandTests {
    @Test("list with a query matches names and aliases; add your own; refusals")
    func exercises() throws {
        let tend = try WorkoutHarness()
        let squats = tend.json("exercises", "list", "squat").objects("exercises").map { $0.string("name") ?? "" }
        #expect(squats == ["back squat", "front squat", "overhead squat", "clean", "snatch", "goblet squat", "air squat", "pistol"])
        #expect(tend.json("exercises", "list").objects("exercises").count == ExerciseCatalog.all.count)
        let table = tend.run("exercises", "list", "t2b")
        #expect(table.stdout.contains("toes-to-bar") && table.stdout.contains("reps") && table.stdout.contains("t2b, ttb, toes to bar"), "\(table)")
        #expect(tend.run("exercises", "list", "zzzz").stdout == "No exercise matches.\n")

        #expect(tend.run("exercises", "add", "Sled Push", "--measure", "distance").stdout == "✓ Added sled push (distance)\n")
        let mine = tend.json("exercises", "list", "sled").objects("exercises")
        #expect(mine.count == 1)
        #expect(mine.first?.string("measure") == "distance" && mine.first?["is_custom"] as? Bool == true)
        #expect(tend.json("workout", "log", "sled push 50m").objects("sets").first?.double("distance_m") == 50)
        #expect(tend.run("exercises", "list", "sled").stdout.contains("sled push *"))

        let taken = tend.run("exercises", "add", "bench", "--measure", "reps")
        #expect(taken.status == 3)
        #expect(taken.stderr == "error: 'bench' is already an exercise\n")
        #expect(tend.run("exercises", "add", "yoke").stderr.contains("missing --measure M"))
        #expect(tend.run("exercises", "add", "yoke", "--measure", "weight").status == 2)
        #expect(tend.run("exercises", "add", "9", "--measure", "reps").status == 2)
    }
}

@Suite("Workout variadic arguments (Console): SET...")
struct WorkoutVariadicArgumentTests {
    /// A root with `collect <first> <rest>...` and `maybe [word]...`.
    func run(_ arguments: String..., allowed: [String]? = nil) -> (status: Int32, values: [String: [String]], stderr: String) {
        let seen = SeenValues()
        let root = Command(name: "tool", abstract: "test", subcommands: [
            Command(name: "collect", abstract: "Collects.",
                    arguments: [Argument("first", help: "The first."), Argument("rest", help: "The rest.", allowedValues: allowed, isVariadic: true)],
                    options: [.value("tag", valueName: "T", help: "A tag.")],
                    run: { invocation in
                        seen.set(["first": invocation.arguments("first"), "rest": invocation.arguments("rest"),
                                  "argument": invocation.argument("rest").map { [$0] } ?? [], "tag": invocation.options("tag")])
                    }),
            Command(name: "maybe", abstract: "Maybe.", arguments: [Argument("word", help: "Words.", isOptional: true, isVariadic: true)],
                    run: { invocation in seen.set(["word": invocation.arguments("word")]) }),
        ])
        let (output, captured) = Output.capturing()
        let status = CommandLineTool(root: root, output: output).run(arguments)
        return (status, seen.get(), captured.stderr)
    }

    @Test("the last argument takes every remaining value, in order, around options")
    func takesTheRest() {
        let result = run("collect", "a", "b", "--tag", "x", "c", "d")
        #expect(result.status == 0)
        #expect(result.values["first"] == ["a"])
        #expect(result.values["rest"] == ["b", "c", "d"])
        #expect(result.values["argument"] == ["b"])
        #expect(result.values["tag"] == ["x"])
        #expect(run("collect", "a", "--", "-b", "--c").values["rest"] == ["-b", "--c"])
    }

    @Test("a required variadic argument needs one value; an optional one may have none")
    func counts() {
        let missing = run("collect", "a")
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("missing argument <rest>"))
        #expect(run("maybe").values["word"] == [])
        #expect(run("maybe", "x", "y").values["word"] == ["x", "y"])
    }

    @Test("help shows a variadic argument as <name>...")
    func help() throws {
        let tend = try WorkoutHarness()
        let help = tend.run("workout", "log", "--help")
        #expect(help.status == 0)
        #expect(help.stdout.contains("<set>..."), "\(help)")
    }

    @Test("Invocation.arguments(_:) reads a list, else the single value, else nothing")
    func invocationDirect() {
        let (output, _) = Output.capturing()
        let invocation = Invocation(commandPath: ["tool"], arguments: ["one": "x", "list": "a"], argumentLists: ["list": ["a", "b"]],
                                    output: output)
        #expect(invocation.arguments("list") == ["a", "b"])
        #expect(invocation.arguments("one") == ["x"])
        #expect(invocation.arguments("none") == [])
    }

    @Test("allowed values hold for every value of a variadic argument, not only the first")
    func allowedValuesForEveryValue() {
        #expect(run("collect", "a", "b", "c", allowed: ["b", "c"]).status == 0)
        let first = run("collect", "a", "z", "b", allowed: ["b", "c"])
        #expect(first.status == 2)
        let later = run("collect", "a", "b", "z", allowed: ["b", "c"])
        #expect(later.status == 2, "'z' is not an allowed value: \(later)")
        #expect(later.stderr.contains("invalid value 'z' for <rest>"), "\(later.stderr)")
    }
}

/// What a run closure saw, out of its @Sendable closure.
final class SeenValues: Sendable {
    private let values = Mutex<[String: [String]]>([:])

    func set(_ new: [String: [String]]) { values.withLock { $0 = new } }
    func get() -> [String: [String]] { values.withLock { $0 } }
}
