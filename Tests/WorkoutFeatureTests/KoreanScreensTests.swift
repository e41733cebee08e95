import Foundation
import Testing
import Console
import WorkoutFeature

extension WorkoutHarness {
    /// Runs a command as `tend --lang ko` does: the Korean language handed to the command.
    func korean(_ arguments: String...) -> Result {
        let context = WorkoutContext(workouts: stack.workouts, supplements: stack.supplements, ownerID: "local",
                                     isInteractive: false, ids: stack.recordIDs)
        let root = Command(name: "tend", abstract: "test", options: GlobalOptions.all,
                           subcommands: WorkoutCommands.make(context: { _ in context }))
        let (output, captured) = Output.capturing()
        let status = CommandLineTool(root: root, output: output, catalog: Catalog(language: .ko)).run(arguments + ["--lang", "ko"])
        return Result(status: status, stdout: captured.stdout, stderr: captured.stderr)
    }
}

/// `--lang ko` gives Korean training screens; English stays as it was.
@Suite("tend workout stats / supps today in Korean")
struct KoreanScreensTests {
    @Test func statsInKorean() throws {
        let tend = try WorkoutStatsCommandTests().week()
        #expect(tend.korean("workout", "stats").lines == [
            "레벨 2 · 295 XP (레벨 3까지 5 XP)",
            "4일 연속 (최장 4일) · 이번 주 3/3회 · 1주 연속 목표 달성",
            "이번 달 2시간 18분 · 4회",
            "오늘의 플랜: legs",
        ])
        #expect(tend.run("workout", "stats", "--lang", "en").lines == [
            "Level 2 · 295 XP (5 to level 3)",
            "4-day streak (longest 4) · 3/3 this week · 1 week in a row on goal",
            "2 h 18 min this month in 4 sessions",
            "Today's plan: legs",
        ])
    }

    @Test func suppsTodayInKorean() throws {
        let tend = try WorkoutHarness() // Thursday 20:00
        #expect(tend.korean("supps", "today").stdout == "오늘 예정된 보충제가 없어요.\n")
        #expect(tend.run("supps", "add", "creatine", "--amount", "5", "--unit", "g", "--at", "08:00").status == 0)
        #expect(tend.run("supps", "add", "vitamin d", "--amount", "1000", "--unit", "IU", "--at", "19:00").status == 0)
        #expect(tend.run("supps", "take", "creatine").status == 0)
        #expect(tend.korean("supps", "today").lines == ["☑ 08:00 creatine 5 g", "☐ 19:00 vitamin d 1000 IU  (시간이 지났어요)"])
        #expect(tend.run("supps", "today").lines == ["☑ 08:00 creatine 5 g", "☐ 19:00 vitamin d 1000 IU  (overdue)"])
    }
}
