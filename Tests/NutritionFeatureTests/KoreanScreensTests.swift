import Foundation
import Testing
import Console
import NutritionFeature

extension NutritionCommandHarness {
    /// Runs a command as `tend --lang ko` does: the Korean language handed to the command.
    func korean(_ arguments: String...) -> Result {
        let context = NutritionContext(nutrition: stack.nutrition, body: stack.body, ownerID: "local", ids: stack.recordIDs,
                                       defaultUSDAPath: defaultUSDAPath)
        let root = Command(name: "tend", abstract: "test", options: GlobalOptions.all,
                           subcommands: NutritionCommands.make(context: { _ in context }))
        let (output, captured) = Output.capturing()
        let status = CommandLineTool(root: root, output: output, catalog: Catalog(language: .ko)).run(arguments + ["--lang", "ko"])
        return Result(status: status, stdout: captured.stdout, stderr: captured.stderr)
    }
}

/// `--lang ko` gives Korean diet and weight screens; English stays as it was.
@Suite("tend diet today / week, weight list / trend in Korean")
struct KoreanScreensTests {
    @Test func dietTodayInKorean() throws {
        let tend = try NutritionCommandHarness()
        #expect(tend.run("diet", "log", "breakfast", "usda:01001", "1 tbsp").status == 0)
        let text = tend.korean("diet", "today").stdout
        #expect(text.hasPrefix("식단 · 11월 30일\n\n아침 — "), "\(text)")
        for word in ["\n점심 — 0 kcal", "\n저녁 — 0 kcal", "\n간식 — 0 kcal", "열량", "단백질", "탄수화물", "지방", "kcal 남았어요."] {
            #expect(text.contains(word), "missing \(word)")
        }
        #expect(text.contains(" · 단 "))
        #expect(!text.contains("Breakfast") && !text.contains("left today"))
        // The gauges line up: every bar starts in the same column.
        let bars = text.split(separator: "\n").filter { $0.contains("░") || $0.contains("█") }
        let columns = Set(bars.map { line in TextWidth.displayWidth(String(line.prefix { $0 != "█" && $0 != "░" })) })
        #expect(bars.count == 4 && columns.count == 1, "\(bars)")
    }

    @Test func dietTodayInEnglishIsUnchanged() throws {
        let tend = try NutritionCommandHarness()
        #expect(tend.run("diet", "log", "breakfast", "usda:01001", "1 tbsp").status == 0)
        let text = tend.run("diet", "today", "--lang", "en").stdout
        #expect(text.hasPrefix("Diet · 2026-11-30\n\nBreakfast — "))
        #expect(text.contains("\nLunch — 0 kcal\nDinner — 0 kcal\nSnack — 0 kcal\n\nEnergy  "))
        #expect(text.contains("\nProtein ") && text.contains("\nCarbs   ") && text.contains("\nFat     "))
        #expect(text.contains(" kcal left today.\n"))
        #expect(text.contains(" · P "))
    }

    @Test func dietWeekInKorean() throws {
        let tend = try NutritionCommandHarness()
        #expect(tend.run("diet", "log", "lunch", "usda:01001", "1 tbsp").status == 0)
        let text = tend.korean("diet", "week").stdout
        #expect(text.hasPrefix("날짜"), "\(text)")
        #expect(text.contains("11월 30일 (월)"))
        #expect(text.contains("기록한 1일 평균 "))
        #expect(text.contains("7일 중 0일이 목표의 ±10 % 안이에요."))
        let english = tend.run("diet", "week").stdout
        #expect(english.hasPrefix("Day"))
        #expect(english.contains("2026-11-30"))
        #expect(english.contains("Average of 1 logged day: "))
        #expect(english.contains("; 0 of 7 days within ±10 % of the goal.\n"))
    }

    @Test func weightInKorean() throws {
        let tend = try NutritionCommandHarness()
        #expect(tend.korean("weight", "list").stdout == "아직 체중 기록이 없어요: tend weight log 72.5\n")
        #expect(tend.korean("weight", "trend").stdout == "아직 체중 기록이 없어요: tend weight log 72.5\n")
        #expect(tend.run("weight", "log", "72.5", "--at", "2026-11-23 07:10").status == 0)
        #expect(tend.run("weight", "log", "72.1", "--fat", "18", "--at", "07:10").status == 0)
        let list = tend.korean("weight", "list").stdout
        for word in ["시각", "체중", "체지방", "근육량", "핸들", "11월 30일 07:10", "72.1 kg"] {
            #expect(list.contains(word), "missing \(word)")
        }
        let trend = tend.korean("weight", "trend").stdout
        #expect(trend.hasPrefix("날짜"))
        #expect(trend.contains("11월 23일 (월)"))
        #expect(trend.contains("\n추이: 주당 "))
        #expect(tend.run("weight", "list").stdout.hasPrefix("When"))
        #expect(tend.run("weight", "list").stdout.contains("2026-11-30 07:10"))
        let english = tend.run("weight", "trend").stdout
        #expect(english.hasPrefix("Date"))
        #expect(english.contains("\nTrend: ") && english.hasSuffix(" a week\n"))
    }
}
