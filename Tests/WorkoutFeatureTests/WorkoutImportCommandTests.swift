import Foundation
import Testing
import Domain

/// `tend workout import strong|hevy FILE` against the SQLite stack, with the files of
/// `Tests/Fixtures/imports` (written in the apps' exact layouts; see its README).
@Suite("tend workout import strong and hevy")
struct WorkoutImportCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/imports")

    static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    @Test("a Strong ';' export: sessions, sets, warm-ups, own exercises; records and XP follow; a second import adds nothing")
    func strongTwice() throws {
        let tend = try WorkoutHarness()
        let first = tend.run("workout", "import", "strong", Self.fixture("strong-semicolon.csv"))
        #expect(first.status == 0, "\(first)")
        #expect(first.lines == [
            "Imported 2 sessions from Strong (2026-11-16 … 2026-11-18): 7 sets, 1 of them warm-ups.",
            "Matched to the catalog: Rowing (Machine) → row, Running → run, Squat (Barbell) → back squat",
            "New own exercises: beinpresse (maschine), 레그 컬",
            "+130 XP · records in 3 exercises",
        ])
        let list = tend.json("workout", "list").objects("sessions")
        #expect(list.count == 2)
        let legs = list[0]
        #expect(legs.string("title") == "Beine")
        #expect(legs.string("started_at") == "2026-11-16T18:31:54+09:00")
        #expect(legs.string("notes") == "Knie ok; \"tief\" gehockt\nneuer Gürtel\nSquat (Barbell): Pause, 2 s")
        #expect(legs.double("duration_s") == 4200)
        let sets = legs.objects("sets")
        #expect(sets.map { $0.string("exercise") } == ["back squat", "back squat", "back squat", "beinpresse (maschine)", "레그 컬"])
        #expect(sets.map { $0["warmup"] as? Bool } == [true, false, false, false, false])
        #expect(sets[2].double("rpe") == 8.5)
        #expect(abs((sets[3].double("weight_kg") ?? 0) - 136.078) < 0.01)
        #expect(list[1].string("kind") == "cardio")

        let records = tend.json("workout", "prs", "back squat")
        #expect(records.double("heaviest_kg") == 120)
        let exercises = tend.run("exercises", "list", "maschine")
        #expect(exercises.stdout.contains("beinpresse (maschine)"), "\(exercises)")

        let second = tend.run("workout", "import", "strong", Self.fixture("strong-semicolon.csv"))
        #expect(second.status == 0, "\(second)")
        #expect(second.lines == ["Nothing new to import from Strong.", "Already in the log: 2 sessions (skipped)."])
        #expect(tend.json("workout", "list").objects("sessions").count == 2)
    }

    @Test("a Strong ',' export in lb (--unit lb), as JSON")
    func strongCommaJSON() throws {
        let tend = try WorkoutHarness()
        let report = tend.json("workout", "import", "strong", Self.fixture("strong-comma.csv"), "--unit", "lb")
        #expect(report.string("source") == "strong")
        #expect(report["dry_run"] as? Bool == false)
        #expect(report.int("sessions_added") == 1 && report.int("sessions_skipped") == 0)
        #expect(report.int("sets_added") == 4 && report.int("warmup_sets") == 1 && report.int("rows_without_set") == 1)
        #expect(report.string("weight_unit") == "lb")
        #expect(report.strings("exercises_created") == ["bench press (dumbbell)"])
        #expect(report.object("exercises_matched") as? [String: String]
            == ["Bench Press (Barbell)": "bench press"])
        #expect(report.string("first_day") == "2026-11-20" && report.string("last_day") == "2026-11-20")
        let id = try #require(report.strings("session_ids").first)
        let session = tend.json("workout", "show", id)
        #expect(session.string("title") == "Push, heavy")
        #expect(session.string("started_at") == "2026-11-20T17:36:08+09:00")
        #expect(session.string("notes") == "Shoulder \"clicky\", fine\nBench Press (Barbell): Touch and go")
        #expect(abs((session.objects("sets")[1].double("weight_kg") ?? 0) - 102.058) < 0.01)
    }

    @Test("Hevy exports in kg and in lb: the header names the unit; cardio, drop sets, a Cyrillic name")
    func hevy() throws {
        let tend = try WorkoutHarness()
        let kilograms = tend.json("workout", "import", "hevy", Self.fixture("hevy-kg.csv"))
        #expect(kilograms.int("sessions_added") == 2 && kilograms.int("sets_added") == 5 && kilograms.int("warmup_sets") == 1)
        #expect(kilograms.string("weight_unit") == "kg")
        #expect(kilograms.strings("exercises_created") == ["жим гантелей сидя"])
        let pounds = tend.json("workout", "import", "hevy", Self.fixture("hevy-lbs.csv"))
        #expect(pounds.int("sessions_added") == 1 && pounds.string("weight_unit") == "lb")
        #expect(pounds.strings("exercises_created") == ["treadmill"])
        let sessions = tend.json("workout", "list").objects("sessions")
        #expect(sessions.map { $0.string("title") } == ["Lower", "Oberkörper A", "Morgenlauf"])
        #expect(sessions[1].string("notes") == "Vor der Arbeit, müde\n\"Deload\"-Woche\nBench Press (Barbell): Pause, 1 s")
        #expect(sessions[1].double("duration_s") == 3900)
        #expect(abs((tend.json("workout", "prs", "deadlift").double("heaviest_kg") ?? 0) - 183.705) < 0.01)
        let run = sessions[2].objects("sets")[0]
        #expect(run.string("exercise") == "run" && run.double("distance_m") == 5250 && run.double("duration_s") == 1800)
    }

    @Test("--dry-run says what it would add and stores nothing")
    func dryRun() throws {
        let tend = try WorkoutHarness()
        let result = tend.run("workout", "import", "hevy", Self.fixture("hevy-kg.csv"), "--dry-run")
        #expect(result.status == 0, "\(result)")
        #expect(result.lines.first == "Would import 2 sessions from Hevy (2026-11-24 … 2026-11-25): 5 sets, 1 of them warm-ups (nothing stored).")
        #expect(tend.json("workout", "list").objects("sessions").isEmpty)
        #expect(!tend.run("exercises", "list").stdout.contains("жим"))
    }

    @Test("hostile files are refused with the line named (exit 2; 1 for a file too large), and nothing is stored")
    func hostile() throws {
        let tend = try WorkoutHarness()
        func refused(_ arguments: String..., status: Int32 = 2) -> String {
            let result = tend.run(arguments)
            #expect(result.status == status, "\(result)")
            #expect(result.stdout.isEmpty)
            return result.stderr
        }
        #expect(refused("workout", "import", "strong", tend.path("missing.csv")).contains("cannot read the file"))
        #expect(refused("workout", "import", "strong", Self.fixture("hevy-kg.csv"))
            == "error: this is Hevy's export, not Strong's: import it as Hevy's\n")

        let badNumber = tend.path("bad-number.csv")
        try Data(("Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,RPE\n"
            + "2026-11-02 10:00:00,A,30m,Squat (Barbell),1,100,5,0,0,\n"
            + "2026-11-02 10:00:00,A,30m,Squat (Barbell),2,1OO,5,0,0,\n").utf8).write(to: URL(fileURLWithPath: badNumber))
        #expect(refused("workout", "import", "strong", badNumber) == "error: line 3: Weight '1OO' is not a number\n")

        let latin1 = tend.path("latin1.csv")
        try (Data("Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,RPE\n".utf8)
            + Data("2026-11-02 10:00:00,A,30m,Squat (Barbell),1,100,5,0,0,\n".utf8)
            + Data([0x32, 0x30, 0x2C, 0x4D, 0xFC, 0x64, 0x65, 0x0A])).write(to: URL(fileURLWithPath: latin1))
        #expect(refused("workout", "import", "strong", latin1).hasPrefix("error: line 3 is not UTF-8 text"))

        // 50 MB on disk (sparse): refused by its size before a byte is read.
        let huge = tend.path("huge.csv")
        FileManager.default.createFile(atPath: huge, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: huge))
        try handle.truncate(atOffset: 50_000_000)
        try handle.close()
        #expect(refused("workout", "import", "hevy", huge, status: 1).hasPrefix("error: \(huge) is 47 MiB; an export of at most 20 MiB is read"))

        #expect(refused("workout", "import", "strong", Self.fixture("strong-comma.csv"), "--unit", "stone", status: 2)
            .contains("stone"))
        #expect(tend.json("workout", "list").objects("sessions").isEmpty)
    }

    @Test("in Korean")
    func korean() throws {
        let tend = try WorkoutHarness()
        let result = tend.korean("workout", "import", "hevy", Self.fixture("hevy-lbs.csv"))
        #expect(result.status == 0, "\(result)")
        #expect(result.lines.first == "Hevy에서 세션 1개 (2026-11-21), 세트 3개 (워밍업 1개)를 가져왔어요.")
        #expect(result.lines.contains("새로 만든 나만의 운동: treadmill"))
    }
}
