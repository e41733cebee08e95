import Foundation
import Testing

@Suite("tend insulin, end to end", .serialized)
struct InsulinEndToEndTests {
    @Test func theBinaryExists() {
        #expect(FileManager.default.isExecutableFile(atPath: TendProcess.binary), "no tend at \(TendProcess.binary)")
    }

    @Test func logThenGuardThenForce() throws {
        let tend = try TendProcess()
        defer { tend.remove() }
        let first = try tend.run("insulin", "log", "long", "--at", "20:15")
        #expect(first.status == 0)
        #expect(first.stdout.contains("✓"))
        let second = try tend.run("insulin", "log", "long")
        #expect(second.status == 3)
        #expect(second.stderr.hasPrefix("error: "))
        #expect(second.stderr.contains("20:15"))
        let forced = try tend.run("--json", "insulin", "log", "long", "--force")
        #expect(forced.status == 0)
        #expect(try forced.json()["kind"] as? String == "long")
        let list = try tend.run("insulin", "list", "--json")
        #expect((try list.json()["doses"] as? [Any])?.count == 2)
    }

    @Test func onlyOneOfManyConcurrentLongDosesLands() throws {
        let tend = try TendProcess()
        defer { tend.remove() }
        _ = try tend.run("insulin", "settings") // create the file first, as a person's first run does
        let running = try (0..<4).map { _ in try tend.start(["insulin", "log", "long"]) }
        let results = try running.map { try $0.wait() }
        #expect(results.filter { $0.status == 0 }.count == 1)
        #expect(results.filter { $0.status == 3 }.count == 3)
        let list = try tend.run("--json", "insulin", "list")
        #expect((try list.json()["doses"] as? [Any])?.count == 1)
    }

    @Test func theCalendarAndTheChartOfAMonth() throws {
        let tend = try TendProcess()
        defer { tend.remove() }
        for day in 1...29 where day != 15 {
            let date = String(format: "2026-11-%02d 22:%02d", day, day % 2 == 0 ? 50 : 10)
            #expect(try tend.run("insulin", "log", "long", "--at", date).status == 0)
        }
        #expect(try tend.run("insulin", "log", "rapid", "5", "--at", "2026-11-20 12:30").status == 0)
        let month = try tend.run("--json", "insulin", "calendar", "--month", "2026-11").json()
        #expect(month["long_dose_days"] as? Int == 28)
        #expect(month["elapsed_days"] as? Int == 30)
        #expect(month["current_streak_days"] as? Int == 14)
        #expect(month["longest_streak_days"] as? Int == 14)
        #expect(month["average_long_time"] as? String == "22:30")
        let text = try tend.run("insulin", "calendar", "--month", "2026-11")
        #expect(text.status == 0)
        #expect(text.stdout.contains("○")) // the 15th was missed
        let svg = tend.folder.appendingPathComponent("month.svg").path
        #expect(try tend.run("insulin", "chart", "--svg", svg, "--month", "2026-11").status == 0)
        #expect(try String(contentsOfFile: svg, encoding: .utf8).contains("<svg"))
    }

    @Test func aFreshMachineShowsTodayAndCreatesTheDatabaseInXDG() throws {
        var tend = try TendProcess()
        defer { tend.remove() }
        tend.environment["TEND_DB"] = nil
        tend.environment["XDG_DATA_HOME"] = tend.folder.appendingPathComponent("xdg").path
        let today = try tend.run("today")
        #expect(today.status == 0)
        #expect(today.stdout.contains("not taken yet"))
        #expect(FileManager.default.fileExists(atPath: tend.folder.appendingPathComponent("xdg/tend/tend.sqlite").path))
        let settings = try tend.run("--json", "insulin", "settings").json()
        #expect(settings["time_zone"] as? String == "Asia/Seoul") // the system's zone, from TZ
    }

    @Test func helpAtEveryLevel() throws {
        let tend = try TendProcess()
        defer { tend.remove() }
        for arguments in [["--help"], ["insulin", "--help"], ["insulin", "log", "-h"], ["insulin", "settings", "--help"], ["today", "--help"]] {
            let help = try tend.run(arguments)
            #expect(help.status == 0, "\(arguments)")
            #expect(help.stdout.contains("USAGE:"), "\(arguments)")
            #expect(help.stdout.contains("OPTIONS:"), "\(arguments)")
        }
        #expect(try tend.run("insulin", "log", "--help").stdout.contains("ARGUMENTS:"))
        let typo = try tend.run("insluin", "status")
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("insulin"))
    }

    @Test func badInputNeverCrashes() throws {
        let tend = try TendProcess()
        defer { tend.remove() }
        let cases: [([String], Int32)] = [
            (["insulin", "log", "long", "-4"], 2), (["insulin", "log", "long", "1e9"], 2),
            (["insulin", "log", "long", "nan"], 2), (["insulin", "log", "long", "--at", "yesterday"], 2),
            (["insulin", "log", "insulin"], 2), (["insulin", "log"], 2), (["insulin", "log", "long", "4", "5"], 2),
            (["insulin", "edit", "x"], 1), (["insulin", "delete", "'; DROP TABLE insulin_doses; --"], 1),
            (["insulin", "calendar", "--month", "November"], 2), (["insulin", "list", "--from", "2026-12-01", "--to", "2026-11-01"], 2),
            (["--db"], 2), (["insulin", "settings", "--long-guard-hours", "-1"], 2),
        ]
        for (arguments, status) in cases {
            let result = try tend.run(arguments)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stderr.hasPrefix("error: "), "\(arguments)")
            #expect(!result.stderr.contains("Fatal error"), "\(arguments)")
        }
    }

    @Test func anUnreadableDatabaseIsAClearError() throws {
        let tend = try TendProcess()
        defer { tend.remove() }
        let garbage = tend.folder.appendingPathComponent("garbage.sqlite")
        try Data(repeating: 0x41, count: 8192).write(to: garbage)
        let corrupted = try tend.run(["--db", garbage.path, "insulin", "status"])
        #expect(corrupted.status == 1)
        #expect(corrupted.stderr.hasPrefix("error: "))
        #expect(corrupted.stderr.contains(garbage.path))
        #expect(try Data(contentsOf: garbage) == Data(repeating: 0x41, count: 8192))

        let unwritable = try tend.run(["--db", "/proc/tend-e2e/tend.sqlite", "insulin", "log", "long"])
        #expect(unwritable.status == 1)
        #expect(unwritable.stderr.hasPrefix("error: "))
        let notAFolder = try tend.run(["--db", "/dev/null/tend.sqlite", "today"])
        #expect(notAFolder.status == 1)
        #expect(notAFolder.stderr.contains("not a folder"))
    }

    @Test func theStatusLineForAPrompt() throws {
        let tend = try TendProcess(now: "2026-11-30T23:00:00+09:00")
        defer { tend.remove() }
        let due = try tend.run("insulin", "status", "--format", "line")
        #expect(due.stdout == "long ✗ due 22:00 · rapid —\n")
        _ = try tend.run("insulin", "log", "long", "--at", "22:40")
        _ = try tend.run("insulin", "log", "rapid", "3", "--at", "21:15")
        let taken = try tend.run("insulin", "status", "--format", "line")
        #expect(taken.stdout == "long ✓ 22:40 · rapid 1h45m ago (3u)\n")
    }
}

@Suite("The database is one file when tend is not running", .serialized)
struct OneFileDatabaseEndToEndTests {
    /// A person backs up by copying tend.sqlite while tend is not running: the copy alone must
    /// hold every acknowledged write, with no -wal file beside it.
    @Test func aCopyOfTheMainFileHoldsEveryAcknowledgedWrite() throws {
        let tend = try TendProcess()
        defer { tend.remove() }
        for minute in 0..<5 {
            #expect(try tend.run("insulin", "log", "rapid", "2", "--force", "--at", "08:0\(minute)").status == 0)
        }
        #expect(try tend.run("workout", "log", "bench 100kg 5x5").status == 0)
        let database = tend.folder.appendingPathComponent("tend.sqlite")
        let wal = database.path + "-wal"
        let walBytes = (try? FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) ?? 0
        #expect(walBytes == 0, "the WAL still holds \(walBytes) bytes")
        // Only the main file travels to the backup.
        let backup = tend.folder.appendingPathComponent("backup")
        try FileManager.default.createDirectory(at: backup, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: database, to: backup.appendingPathComponent("tend.sqlite"))
        let restored = try tend.run(["--json", "insulin", "list"], environment: ["TEND_DB": backup.appendingPathComponent("tend.sqlite").path])
        #expect((try restored.json()["doses"] as? [Any])?.count == 5)
        let sessions = try tend.run(["--json", "workout", "list"], environment: ["TEND_DB": backup.appendingPathComponent("tend.sqlite").path])
        #expect((try sessions.json()["sessions"] as? [Any])?.count == 1)
    }

    @Test func anEmptyDatabasePathIsAUsageError() throws {
        let tend = try TendProcess()
        defer { tend.remove() }
        let result = try tend.run("--db", "", "insulin", "status")
        #expect(result.status == 2)
        #expect(result.stderr.contains("--db needs a file path"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: tend.folder.appendingPathComponent("tend.sqlite").path))
    }
}

@Suite("tend today: one day for every card", .serialized)
struct TodayOneDayEndToEndTests {
    /// At 01:30 the calendar day is the 1st; the insulin day (from 04:00) is still the 30th.
    @Test func justAfterMidnightTheCardsShareTheCalendarDayAndInsulinSaysItsOwn() throws {
        let tend = try TendProcess(now: "2026-12-01T01:30:00+09:00")
        defer { tend.remove() }
        #expect(try tend.run("insulin", "log", "long", "--at", "23:50").status == 0) // last night, not tonight
        #expect(try tend.run("diet", "log", "snack", "quick", "200kcal").status == 0)
        let json = try tend.run("--json", "today").json()
        #expect(json["date"] as? String == "2026-12-01")
        #expect((json["insulin"] as? [String: Any])?["insulin_day"] as? String == "2026-11-30")
        #expect((json["diet"] as? [String: Any])?["date"] as? String == "2026-12-01")
        let text = try tend.run("today")
        #expect(text.stdout.hasPrefix("Today · 2026-12-01"), "\(text.stdout)")
        #expect(text.stdout.contains("insulin day 2026-11-30"), "\(text.stdout)")
        // The dose typed as 23:50 at 01:30 was last night's: tonight's long dose is taken.
        let status = try tend.run("--json", "insulin", "status").json()
        #expect((status["long"] as? [String: Any])?["taken"] as? Bool == true, "\(status)")
    }
}
