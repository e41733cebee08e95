import Core
@testable import Domain
import Foundation
import Testing

/// Files written in the exact layouts of the apps' exports (see `WorkoutImportLayouts.swift`).
enum ImportFiles {
    /// Strong's older layout: `;`, units in columns, a warm-up, a rest timer, a row in lbs,
    /// cardio in km and mi, notes with `;`, quotes and a line break, a decimal comma, names in
    /// Cyrillic and Hangul.
    static let strongSemicolon = """
        Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes;Workout Duration
        2026-11-02 18:31:54;"Leg Day";"Deadlift (Barbell)";W;60;kg;5;;;;0;"";"Felt ""strong""; slept 8h\r\nnew belt";1h 5m
        2026-11-02 18:31:54;"Leg Day";"Deadlift (Barbell)";1;140;kg;5;8,5;;;0;"grip gave out; use straps";"Felt ""strong""; slept 8h\r\nnew belt";1h 5m
        2026-11-02 18:31:54;"Leg Day";"Deadlift (Barbell)";Rest Timer;;;;;;;180;;;1h 5m
        2026-11-02 18:31:54;"Leg Day";"Bench Press (Barbell)";1;225;lbs;3;9;;;0;;;1h 5m
        2026-11-02 18:31:54;"Leg Day";"Жим гантелей";1;24;kg;10;;;;0;;;1h 5m
        2026-11-02 18:31:54;"Leg Day";"스쿼트 (머신)";1;80;kg;12;;;;0;;;1h 5m
        2026-11-04 07:00:00;"Cardio";"Running";1;;;;;5;km;1500;;;30m
        2026-11-04 07:00:00;"Cardio";"Rowing (Machine)";1;;;;;1.2;mi;600;;;30m

        """

    /// Strong's newer layout: `,`, a duration, no units (the app was set to lb), 12-hour times
    /// with a narrow no-break space, a Rest Timer row, a plank and an assisted pull-up.
    static let strongComma = """
        Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
        2026-11-10 5:36:08\u{202F}PM,"Push, heavy",45m,"Overhead Press (Barbell)",W,45,10,0,0,,"Shoulders, fine",
        2026-11-10 5:36:08\u{202F}PM,"Push, heavy",45m,"Overhead Press (Barbell)",1,135,5,0,0,,"Shoulders, fine",8
        2026-11-10 5:36:08\u{202F}PM,"Push, heavy",45m,"Overhead Press (Barbell)",Rest Timer,0,0,0,120,,"Shoulders, fine",
        2026-11-10 5:36:08\u{202F}PM,"Push, heavy",45m,"Plank",1,0,0,0,90,,"Shoulders, fine",
        2026-11-10 5:36:08\u{202F}PM,"Push, heavy",45m,"Pull Up (Assisted)",1,40,8,0,0,,"Shoulders, fine",

        """

    /// Hevy's export in kilograms.
    static let hevyKilograms = """
        "title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_kg","reps","distance_km","duration_seconds","rpe"
        "Upper A","24 Nov 2026, 07:06","24 Nov 2026, 08:11","Morning, before work
        ""deload"" week","Bench Press (Barbell)",,"Pause, 1 sec",0,"warmup",40,10,,,
        "Upper A","24 Nov 2026, 07:06","24 Nov 2026, 08:11","Morning, before work
        ""deload"" week","Bench Press (Barbell)",,"Pause, 1 sec",1,"normal",100,5,,,8.5
        "Upper A","24 Nov 2026, 07:06","24 Nov 2026, 08:11","Morning, before work
        ""deload"" week","Bench Press (Barbell)",,"Pause, 1 sec",2,"failure",100,4,,,10
        "Upper A","24 Nov 2026, 07:06","24 Nov 2026, 08:11","Morning, before work
        ""deload"" week","Pull Up",0,"",0,"normal",,12,,,
        "Upper A","24 Nov 2026, 07:06","24 Nov 2026, 08:11","Morning, before work
        ""deload"" week","Lat Pulldown (Cable)",0,"",0,"dropset",55,10,,,
        "Läufchen 🏃","25 Nov 2026, 06:30","25 Nov 2026, 07:02","","Running",,"",0,"normal",,,5.25,1800,

        """

    /// Hevy's export of an account in pounds and miles.
    static let hevyPounds = """
        "title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_lbs","reps","distance_miles","duration_seconds","rpe"
        "Lower","20 Nov 2026, 18:00","20 Nov 2026, 19:00","","Squat (Barbell)",,"",0,"warmup",135,5,,,
        "Lower","20 Nov 2026, 18:00","20 Nov 2026, 19:00","","Squat (Barbell)",,"",1,"normal",315,3,,,9
        "Lower","20 Nov 2026, 18:00","20 Nov 2026, 19:00","","Treadmill",,"",0,"normal",,,2,1200,

        """

    static func data(_ text: String) -> Data { Data(text.utf8) }
}

@Suite("Workout import: Strong's and Hevy's CSV exports")
struct WorkoutImportTests {
    static let now = WO.at("2026-11-26 20:00")

    func world() -> WorkoutWorld { WorkoutWorld(now: Self.now) }

    // MARK: CSV

    @Test("quoted fields hold the delimiter, doubled quotes and line breaks; the line of each record is kept")
    func csvQuoting() throws {
        let csv = try WorkoutImport.CSV(Data("\u{FEFF}a;b;c\r\n1;\"x;y\";\"say \"\"hi\"\"\r\nbye\"\r\n\r\n2;;\"\"\r\n".utf8))
        #expect(csv.delimiter == ";")
        #expect(csv.header.fields == ["a", "b", "c"])
        #expect(csv.records.map(\.line) == [2, 5])
        #expect(csv.records[0].fields == ["1", "x;y", "say \"hi\"\nbye"])
        #expect(csv.records[1].fields == ["2", "", ""])
    }

    @Test("a hostile CSV is refused naming the line: an open quote, a wrong field count, bytes that are not UTF-8")
    func csvRefusals() throws {
        func message(_ bytes: [UInt8]) -> String {
            do {
                _ = try WorkoutImport.CSV(Data(bytes))
                return "accepted"
            } catch let error as AppError {
                #expect(error.code == "invalid_import")
                return error.message
            } catch { return "\(error)" }
        }
        #expect(message(Array("a,b\n1,2\n3,\"open\n4,5\n".utf8)) == "line 3: a quoted field is never closed")
        #expect(message(Array("a,b\n1,2\n3,4,5\n".utf8)) == "line 3 has 3 fields, the header has 2")
        #expect(message(Array("a,b\n1,2\n".utf8) + [0x33, 0x2C, 0xC3, 0x28, 0x0A]).hasPrefix("line 3 is not UTF-8 text"))
        #expect(message(Array("a,b\n1,\0\n".utf8)).hasPrefix("line 2 holds a NUL byte"))
        #expect(message([0xFF, 0xFE, 0x61, 0x00]).hasPrefix("the file is UTF-16"))
        #expect(message([]) == "the file is empty")
    }

    @Test("the dates of the exports, in every form found", arguments: [
        ("2019-01-11 12:31:54", "2019-01-11", 12 * 3600 + 31 * 60 + 54),
        ("2024-11-28 5:36:08\u{202F}PM", "2024-11-28", 17 * 3600 + 36 * 60 + 8),
        ("2024-11-28 12:05:00 AM", "2024-11-28", 5 * 60),
        ("26 Jul 2025, 07:06", "2025-07-26", 7 * 3600 + 6 * 60),
        ("Jul 26, 2025, 7:06 PM", "2025-07-26", 19 * 3600 + 6 * 60),
        ("Saturday, 26 July 2025 at 07:06", "2025-07-26", 7 * 3600 + 6 * 60),
        ("2024-08-05", "2024-08-05", 0),
        ("2024-08-05T06:07:08", "2024-08-05", 6 * 3600 + 7 * 60 + 8),
    ])
    func dates(text: String, day: String, second: Int) throws {
        let wall = try #require(WorkoutImport.wallClock(text))
        #expect(wall.date == LocalDate(day))
        #expect(wall.second == second)
    }

    @Test("what is not a date is not read as one", arguments: ["", "yesterday", "11/28/2024 10:00", "2024-13-01 10:00",
                                                              "2024-11-28 25:00", "31 Feb 2025, 10:00", "2024-11-28 13:00 PM"])
    func notDates(text: String) {
        #expect(WorkoutImport.wallClock(text) == nil)
    }

    // MARK: Strong

    @Test("Strong's ';' layout: units per row, warm-ups, rest timers left out, cardio, notes, RPE, own exercises")
    func strongSemicolon() throws {
        let world = world()
        let report = try world.workouts().importHistory(ownerID: world.owner, source: .strong,
                                                        data: ImportFiles.data(ImportFiles.strongSemicolon))
        #expect(report.sessionsAdded == 2)
        #expect(report.setsAdded == 7)
        #expect(report.warmupSets == 1)
        #expect(report.rowsWithoutSet == 1)
        #expect(report.weightUnit == nil)
        #expect(report.exercisesMatched == ["Deadlift (Barbell)": "deadlift", "Bench Press (Barbell)": "bench press",
                                            "Running": "run", "Rowing (Machine)": "row"])
        #expect(report.exercisesCreated == ["жим гантелей", "스쿼트 (머신)"])
        #expect(report.firstDay == LocalDate("2026-11-02") && report.lastDay == LocalDate("2026-11-04"))

        let sessions = world.memory.allSessions
        #expect(sessions.count == 2)
        let legs = sessions[0]
        #expect(legs.startedAt == WO.at("2026-11-02 18:31").addingTimeInterval(54))
        #expect(legs.title == "Leg Day")
        #expect(legs.kind == .strength)
        #expect(legs.durationMinutes == 65)
        #expect(legs.notes == "Felt \"strong\"; slept 8h\nnew belt\nDeadlift (Barbell): grip gave out; use straps")
        #expect(legs.sets.map(\.exercise) == ["deadlift", "deadlift", "bench press", "жим гантелей", "스쿼트 (머신)"])
        #expect(legs.sets.map(\.order) == [0, 1, 2, 3, 4])
        #expect(legs.sets[0].isWarmup && !legs.sets[1].isWarmup)
        #expect(legs.sets[1].rpe == 8.5)
        #expect(abs((legs.sets[2].weightKg ?? 0) - 102.058) < 0.001)
        let cardio = sessions[1]
        #expect(cardio.kind == .cardio)
        #expect(cardio.durationMinutes == 30)
        #expect(cardio.sets[0].metres == 5000 && cardio.sets[0].seconds == 1500)
        #expect(abs((cardio.sets[1].metres ?? 0) - 1931.2128) < 0.001)

        let own = try world.workouts().allExercises(ownerID: world.owner).filter(\.isCustom)
        #expect(own.map(\.name).sorted() == ["жим гантелей", "스쿼트 (머신)"])
        #expect(own.allSatisfy { $0.measure == .weightReps })
        #expect(world.memory.writesOutsideTransaction == 0)
    }

    @Test("Strong's ',' layout: weights in the unit the app was set to, 12-hour times, Duration 45m")
    func strongComma() throws {
        let world = world()
        let report = try world.workouts().importHistory(
            ownerID: world.owner, source: .strong, data: ImportFiles.data(ImportFiles.strongComma), options: .init(weightUnit: .lb))
        #expect(report.weightUnit == "lb")
        #expect(report.sessionsAdded == 1)
        #expect(report.exercisesCreated == ["pull up (assisted)"])
        let session = try #require(world.memory.allSessions.first)
        #expect(session.startedAt == WO.at("2026-11-10 17:36").addingTimeInterval(8))
        #expect(session.title == "Push, heavy")
        #expect(session.notes == "Shoulders, fine")
        #expect(session.durationMinutes == 45)
        #expect(session.sets.map(\.exercise) == ["overhead press", "overhead press", "plank", "pull up (assisted)"])
        #expect(abs((session.sets[1].weightKg ?? 0) - 61.235) < 0.001)
        #expect(session.sets[1].rpe == 8)
        #expect(session.sets[2].weightKg == nil && session.sets[2].seconds == 90)
    }

    // MARK: Hevy

    @Test("Hevy in kg: warm-ups, drop sets and failure sets, bodyweight, cardio, notes with line breaks, the duration from the end")
    func hevyKilograms() throws {
        let world = world()
        let report = try world.workouts().importHistory(ownerID: world.owner, source: .hevy,
                                                        data: ImportFiles.data(ImportFiles.hevyKilograms))
        #expect(report.weightUnit == "kg")
        #expect(report.sessionsAdded == 2 && report.setsAdded == 6 && report.warmupSets == 1)
        #expect(report.exercisesCreated == ["lat pulldown (cable)"])
        let sessions = world.memory.allSessions
        let upper = sessions[0]
        #expect(upper.startedAt == WO.at("2026-11-24 07:06"))
        #expect(upper.durationMinutes == 65)
        #expect(upper.notes == "Morning, before work\n\"deload\" week\nBench Press (Barbell): Pause, 1 sec")
        #expect(upper.sets.map(\.exercise) == ["bench press", "bench press", "bench press", "pull-up", "lat pulldown (cable)"])
        #expect(upper.sets.map(\.isWarmup) == [true, false, false, false, false])
        #expect(upper.sets[1].weightKg == 100 && upper.sets[1].reps == 5 && upper.sets[1].rpe == 8.5)
        #expect(upper.sets[3].weightKg == nil && upper.sets[3].reps == 12)
        let run = sessions[1]
        #expect(run.title == "Läufchen 🏃")
        #expect(run.kind == .cardio)
        #expect(run.sets[0].exercise == "run" && run.sets[0].metres == 5250 && run.sets[0].seconds == 1800)
    }

    @Test("Hevy in lb: the header names the unit; personal records and XP come with the history, warm-ups left out")
    func hevyPoundsRecordsAndXP() throws {
        let world = world()
        let report = try world.workouts().importHistory(ownerID: world.owner, source: .hevy,
                                                        data: ImportFiles.data(ImportFiles.hevyPounds))
        #expect(report.weightUnit == "lb")
        let session = try #require(world.memory.allSessions.first)
        #expect(abs((session.sets[1].weightKg ?? 0) - 142.882) < 0.001)
        #expect(abs((session.sets[2].metres ?? 0) - 3218.688) < 0.001)
        #expect(session.sets[2].exercise == "treadmill")
        let records = try world.workouts().records(ownerID: world.owner)
        #expect(abs((records["back squat"]?.heaviestKg ?? 0) - 142.882) < 0.001)
        #expect(report.exercisesWithNewRecords == ["back squat"])
        // 50 for the session and 5 for each of its two working sets (the squat and the treadmill).
        #expect(report.xpEarned == 60)
        #expect(try world.workouts().stats(ownerID: world.owner).xp == 60)
    }

    // MARK: Twice

    @Test("importing the same file twice adds nothing; a later, longer export adds only what is new")
    func idempotent() throws {
        let world = world()
        let first = try world.workouts().importHistory(ownerID: world.owner, source: .hevy, data: ImportFiles.data(ImportFiles.hevyKilograms))
        let again = try world.workouts().importHistory(ownerID: world.owner, source: .hevy, data: ImportFiles.data(ImportFiles.hevyKilograms))
        #expect(again.sessionsAdded == 0 && again.sessionsSkipped == 2 && again.exercisesCreated.isEmpty && again.xpEarned == 0)
        #expect(world.memory.allSessions.map(\.id) == first.sessionIDs)
        #expect(world.memory.tables.customExercises.count == 1)

        let longer = ImportFiles.hevyKilograms
            + "\"Upper B\",\"26 Nov 2026, 07:00\",\"26 Nov 2026, 08:00\",\"\",\"Lat Pulldown (Cable)\",,\"\",0,\"normal\",60,8,,,\n"
        let later = try world.workouts().importHistory(ownerID: world.owner, source: .hevy, data: ImportFiles.data(longer))
        #expect(later.sessionsAdded == 1 && later.sessionsSkipped == 2 && later.exercisesCreated.isEmpty)
        // The own exercise the first import made is not "matched to the catalog".
        #expect(later.exercisesMatched.isEmpty)
        #expect(world.memory.allSessions.count == 3)
    }

    @Test("a session deleted after an import stays deleted when the file is imported again")
    func deletedStaysDeleted() throws {
        let world = world()
        let report = try world.workouts().importHistory(ownerID: world.owner, source: .strong,
                                                        data: ImportFiles.data(ImportFiles.strongSemicolon))
        try world.workouts().delete(ownerID: world.owner, id: report.sessionIDs[0])
        let again = try world.workouts().importHistory(ownerID: world.owner, source: .strong,
                                                       data: ImportFiles.data(ImportFiles.strongSemicolon))
        #expect(again.sessionsAdded == 0 && again.sessionsSkipped == 2)
        #expect(try world.workouts().list(ownerID: world.owner, from: nil, through: nil).count == 1)
    }

    @Test("the same history of another owner gets other ids")
    func idsPerOwner() throws {
        let world = world()
        let mine = try world.workouts().importHistory(ownerID: world.owner, source: .hevy, data: ImportFiles.data(ImportFiles.hevyPounds))
        let theirs = try world.workouts().importHistory(ownerID: "someone-else", source: .hevy, data: ImportFiles.data(ImportFiles.hevyPounds))
        #expect(theirs.sessionsAdded == 1)
        #expect(mine.sessionIDs != theirs.sessionIDs)
        // A UUIDv7 of the session's start.
        #expect(mine.sessionIDs[0].count == 36 && Array(mine.sessionIDs[0])[14] == "7")
    }

    @Test("a dry run reads and reports everything and stores nothing")
    func dryRun() throws {
        let world = world()
        let report = try world.workouts().importHistory(ownerID: world.owner, source: .strong,
                                                        data: ImportFiles.data(ImportFiles.strongSemicolon), options: .init(dryRun: true))
        #expect(report.dryRun && report.sessionsAdded == 2 && report.exercisesCreated.count == 2)
        #expect(world.memory.allSessions.isEmpty && world.memory.tables.customExercises.isEmpty)
    }

    // MARK: Hostile files

    func refusal(_ text: String, _ source: WorkoutImportSource = .strong, world: WorkoutWorld? = nil) -> AppError? {
        let world = world ?? self.world()
        defer {
            #expect(world.memory.allSessions.isEmpty, "nothing is stored")
            #expect(world.memory.tables.customExercises.isEmpty, "no exercise is made")
        }
        do {
            _ = try world.workouts().importHistory(ownerID: world.owner, source: source, data: ImportFiles.data(text))
            return nil
        } catch let error as AppError {
            return error
        } catch {
            Issue.record("not an AppError: \(error)")
            return nil
        }
    }

    @Test("the other app's export, or a header of neither, is refused naming what is missing")
    func wrongColumns() throws {
        let hevyAsStrong = try #require(refusal(ImportFiles.hevyKilograms, .strong))
        #expect(hevyAsStrong.message == "this is Hevy's export, not Strong's: import it as Hevy's")
        let strongAsHevy = try #require(refusal(ImportFiles.strongComma, .hevy))
        #expect(strongAsHevy.message == "this is Strong's export, not Hevy's: import it as Strong's")
        let other = try #require(refusal("date,exercise,kg,reps\n2026-11-01,squat,100,5\n"))
        #expect(other.code == "invalid_import")
        #expect(other.message == "the header is not Strong's export: no column Workout Name, Exercise Name, Set Order, Weight "
            + "(line 1: date,exercise,kg,reps)")
        let noWeight = try #require(refusal("\"title\",\"start_time\",\"exercise_title\",\"reps\"\n\"A\",\"1 Nov 2026, 10:00\",\"Pull Up\",5\n",
                                            .hevy))
        #expect(noWeight.message.hasPrefix("the header is not Hevy's export: no column weight_kg or weight_lbs"))
    }

    @Test("bad numbers, units, set orders, dates and times are refused naming the line, and nothing is stored",
          arguments: [
            ("1;abc;kg;5", "line 3: Weight 'abc' is not a number"),
            ("1;1e5;kg;5", "line 3: Weight '1e5' is not a number"),
            ("1;nan;kg;5", "line 3: Weight 'nan' is not a number"),
            ("1;-20;kg;5", "line 3: Weight '-20' is negative"),
            ("1;2000;kg;5", "line 3: weight 2000 kg is out of range (0 to 1000)"),
            ("1;100;kg;5.5", "line 3: reps 5.5 is not a whole number"),
            ("1;100;stone;5", "line 3: Weight Unit 'stone' is neither kg nor lbs"),
            ("X;100;kg;5", "line 3: Set Order 'X' is not a set number, W (warm-up), D (drop set) or F (failure)"),
          ])
    func badRows(row: String, message: String) throws {
        let text = "Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps\n"
            + "2026-11-02 18:00:00;A;Deadlift (Barbell);1;100;kg;5\n"
            + "2026-11-02 18:00:00;A;Deadlift (Barbell);\(row)\n"
        let error = try #require(refusal(text))
        #expect(error.message == message)
        #expect(error.code == "invalid_import")
    }

    @Test("a date that is not one, one in the future, one before 1900 are refused naming the line")
    func badDates() throws {
        let header = "Date,Workout Name,Exercise Name,Set Order,Weight,Reps\n"
        #expect(try #require(refusal(header + "yesterday,A,Squat,1,100,5\n")).message
            == "line 2: Date 'yesterday' is not a date and time such as 2024-11-28 17:36:08")
        #expect(try #require(refusal(header + "2026-11-02 10:00:00,A,Squat,1,100,5\n2027-01-01 10:00:00,A,Squat,1,100,5\n")).message
            == "line 3: the workout starts in the future (2027-01-01 10:00)")
        #expect(try #require(refusal(header + "1899-12-31 10:00:00,A,Squat,1,100,5\n")).message
            .hasPrefix("line 2: Date '1899-12-31 10:00:00' is not a date and time"))
    }

    @Test("a file of no sets, an empty exercise name, control characters in a name are refused")
    func emptyAndControl() throws {
        let header = "Date,Workout Name,Exercise Name,Set Order,Weight,Reps\n"
        #expect(try #require(refusal(header)).message == "the file holds no sets")
        #expect(try #require(refusal(header + "2026-11-02 10:00:00,A,Squat,Rest Timer,0,0\n")).message == "the file holds no sets")
        #expect(try #require(refusal(header + "2026-11-02 10:00:00,A,,1,100,5\n")).message == "line 2: the Exercise Name is empty")
        #expect(try #require(refusal(header + "2026-11-02 10:00:00,A,\"Squat\u{1B}[2J\",1,100,5\n")).message
            == "line 2: the Exercise Name is over 100 characters or holds control characters")
    }

    @Test("a file over 20 MiB is refused as too large before it is read")
    func tooLarge() throws {
        var text = "Date,Workout Name,Exercise Name,Set Order,Weight,Reps\n"
        let row = "2026-11-02 10:00:00,A,Squat,1,100,5\n"
        text += String(repeating: row, count: (50 << 20) / row.utf8.count)
        let error = try #require(refusal(text))
        #expect(error.kind == .tooLarge && error.code == "import_too_large")
        #expect(error.message == "the file is 50 MiB; an export of at most 20 MiB is read")
    }

    @Test("a failure while storing rolls the whole import back: no session, no own exercise")
    func rollback() throws {
        let world = world()
        world.memory.fail(.workoutInsert) { (session: WorkoutSession) in session.title == "Cardio" }
        #expect(throws: (any Error).self) {
            try world.workouts().importHistory(ownerID: world.owner, source: .strong, data: ImportFiles.data(ImportFiles.strongSemicolon))
        }
        #expect(world.memory.allSessions.isEmpty)
        #expect(world.memory.tables.customExercises.isEmpty)
        #expect(world.memory.rollbacks == 1)
    }

    // MARK: Exercises

    @Test("names map to the catalog whatever their case, spacing and barbell suffix; other implements stay apart",
          arguments: [
            ("Bench Press (Barbell)", "bench press", false), ("  squat   (BARBELL) ", "back squat", false),
            ("Squat (Bodyweight)", "air squat", false), ("Pull Up", "pull-up", false), ("Chin-Up", "chin-up", false),
            ("Toes To Bar", "toes-to-bar", false), ("Bent Over Row (Barbell)", "barbell row", false),
            ("Goblet Squat (Kettlebell)", "goblet squat", false), ("Pull Up (Weighted)", "weighted pull-up", false),
            ("Bench Press (Dumbbell)", "bench press (dumbbell)", true), ("Deadlift (Trap Bar)", "deadlift (trap bar)", true),
            ("Handstand Push Up", "handstand push-up", false), ("Rowing (Machine)", "row", false),
            ("벤치 프레스", "벤치 프레스", true), ("Überzug (Kurzhantel)", "überzug (kurzhantel)", true),
          ])
    func exerciseNames(name: String, expected: String, isNew: Bool) {
        var matcher = WorkoutImport.ExerciseMatcher(exercises: ExerciseCatalog.all)
        let key = name.split(separator: " ").joined(separator: " ")
        let match = matcher.resolve(key, measure: .weightReps)
        #expect(match.exercise.name == expected)
        #expect(match.isNew == isNew)
        #expect(matcher.resolve(key.uppercased(), measure: .weightReps).isNew == false)
    }
}
