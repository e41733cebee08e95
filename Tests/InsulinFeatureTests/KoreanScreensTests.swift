import Foundation
import Testing
import Console
import InsulinFeature

extension InsulinCommandHarness {
    /// Runs a command as `tend --lang ko` does: the Korean language handed to the command.
    func korean(_ arguments: String...) -> Result {
        let context = InsulinContext(useCases: stack.insulin, ownerID: "local", ids: stack.recordIDs)
        let root = Command(name: "tend", abstract: "test", options: GlobalOptions.all,
                           subcommands: [InsulinCommands.make(context: { _ in context })])
        let (output, captured) = Output.capturing()
        let status = CommandLineTool(root: root, output: output, catalog: Catalog(language: .ko)).run(arguments + ["--lang", "ko"])
        return Result(status: status, stdout: captured.stdout, stderr: captured.stderr)
    }
}

/// `--lang ko` gives Korean insulin screens; English stays as it was.
@Suite("tend insulin list / calendar in Korean")
struct KoreanScreensTests {
    @Test func calendarInKorean() throws {
        let tend = try InsulinCommandHarness()
        _ = tend.run("insulin", "log", "long", "--at", "2026-11-28 22:50")
        _ = tend.run("insulin", "log", "rapid", "4", "--at", "2026-11-30 12:10")
        _ = tend.run("insulin", "log", "long", "--at", "20:00")
        let result = tend.korean("insulin", "calendar")
        #expect(result.status == 0)
        let text = result.stdout
        #expect(text.hasPrefix("2026년 11월 · "))
        #expect(text.contains("인슐린 하루는 04:00에 시작해요"))
        #expect(text.contains("\n 월   화   수   목   금   토   일\n"))
        #expect(text.contains("[30●]"))
        #expect(text.contains("● 지효성 맞음   ○ 놓침   [ ] 오늘"))
        #expect(text.contains("지효성 맞은 날"))
        #expect(text.contains("지난 3일 중 2일 (67%)"))
        #expect(text.contains("평균 시각"))
        #expect(text.contains("1일 연속 (최장 1일)"))
        #expect(text.contains("1회, 평균 4단위"))
        #expect(text.contains("시간대별 속효성 투여"))
        #expect(!text.contains("Average time"))
        #expect(!text.contains("November"))
    }

    @Test func calendarInEnglishIsUnchanged() throws {
        let tend = try InsulinCommandHarness()
        _ = tend.run("insulin", "log", "long", "--at", "2026-11-28 22:50")
        _ = tend.run("insulin", "log", "rapid", "4", "--at", "2026-11-30 12:10")
        _ = tend.run("insulin", "log", "long", "--at", "20:00")
        let text = tend.run("insulin", "calendar", "--lang", "en").stdout
        #expect(text.hasPrefix("November 2026 · Long-acting · insulin day starts 04:00 (Asia/Seoul)\n\n Mon  Tue  Wed  Thu  Fri  Sat  Sun\n"))
        #expect(text.contains("\n● long dose taken   ○ missed   [ ] today\n"))
        #expect(text.contains("Long-acting days  2 of 3 elapsed (67%)\n"))
        #expect(text.contains("Streak            1 day (longest 1)\n"))
        #expect(text.contains("Rapid-acting      1 dose, average 4 u\n"))
        #expect(text.contains("Rapid-acting doses by hour\n"))
    }

    @Test func listInKorean() throws {
        let tend = try InsulinCommandHarness()
        _ = tend.run("insulin", "log", "long", "--at", "2026-11-29 22:14")
        _ = tend.run("insulin", "log", "rapid", "4", "--at", "2026-11-30 12:10")
        let text = tend.korean("insulin", "list").stdout
        let header = try #require(text.split(separator: "\n").first)
        #expect(header.hasPrefix("인슐린 하루"))
        for word in ["시각", "종류", "단위", "메모", "핸들"] { #expect(header.contains(word), "missing \(word)") }
        #expect(text.contains("11월 29일"))
        #expect(text.contains("22:14"))
        #expect(text.contains("지효성"))
        #expect(text.contains("속효성"))
        #expect(!text.contains("long"))
        #expect(tend.korean("insulin", "list", "--from", "2026-10-01", "--to", "2026-10-02").stdout == "이 기간에는 투여 기록이 없어요.\n")
    }

    @Test func listInEnglishIsUnchanged() throws {
        let tend = try InsulinCommandHarness()
        _ = tend.run("insulin", "log", "long", "--at", "2026-11-29 22:14")
        let text = tend.run("insulin", "list").stdout
        #expect(text.hasPrefix("Insulin day  Time   Kind  Units  Note  Handle\n───────────  ─────  ────  ─────  ────  ───────\n"
            + "2026-11-29   22:14  long     10        "))
        #expect(tend.run("insulin", "list", "--from", "2026-10-01", "--to", "2026-10-02").stdout == "No doses in that range.\n")
    }
}
