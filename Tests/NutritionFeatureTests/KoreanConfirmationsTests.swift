import Testing

/// The one-line confirmations of `tend diet log/edit/delete/copy` and `tend weight log/delete`
/// in Korean; English unchanged.
@Suite("tend diet / weight confirmations in Korean")
struct KoreanConfirmationsTests {
    @Test func dietInKorean() throws {
        let tend = try NutritionCommandHarness()
        let logged = tend.korean("diet", "log", "breakfast", "usda:01001", "1 tbsp")
        #expect(logged.status == 0)
        #expect(logged.stdout.hasPrefix("✓ 아침: "), "\(logged.stdout)")
        #expect(logged.stdout.contains("\n  오늘 ") && logged.stdout.contains(" kcal 남았어요 · 핸들 "), "\(logged.stdout)")
        #expect(!logged.stdout.contains("left today") && !logged.stdout.contains("handle"))
        let edited = tend.korean("diet", "edit", "last", "--amount", "2 tbsp")
        #expect(edited.stdout.hasPrefix("✓ 고쳤어요: "), "\(edited.stdout)")
        let copied = tend.korean("diet", "copy", "today", "breakfast", "--to", "2026-12-01")
        #expect(copied.stdout == "✓ 11월 30일 아침에서 1개를 복사했어요.\n", "\(copied.stdout) \(copied.stderr)")
        #expect(tend.korean("diet", "delete", "last").stdout == "지웠어요.\n")
    }

    @Test func dietInEnglishIsUnchanged() throws {
        let tend = try NutritionCommandHarness()
        let logged = tend.run("diet", "log", "breakfast", "usda:01001", "1 tbsp")
        #expect(logged.stdout.hasPrefix("✓ Breakfast: "), "\(logged.stdout)")
        #expect(logged.stdout.contains(" kcal left today · handle "))
        let edited = tend.run("diet", "edit", "last", "--amount", "2 tbsp")
        #expect(edited.stdout.hasPrefix("✓ ") && !edited.stdout.contains("고쳤어요"))
        let copied = tend.run("diet", "copy", "today", "breakfast", "--to", "2026-12-01")
        #expect(copied.stdout == "✓ Copied 1 item of breakfast from 2026-11-30.\n", "\(copied.stdout)")
        #expect(tend.run("diet", "delete", "last").stdout == "Deleted.\n")
    }

    @Test func weightInKorean() throws {
        let tend = try NutritionCommandHarness()
        let logged = tend.korean("weight", "log", "72.5", "--at", "07:10")
        #expect(logged.stdout.hasPrefix("✓ 72.5 kg · 추이 72.5 kg · 핸들 "), "\(logged.stdout) \(logged.stderr)")
        let english = tend.run("weight", "log", "72", "--at", "07:20")
        #expect(english.stdout.hasPrefix("✓ 72.0 kg · trend "), "\(english.stdout)")
        #expect(english.stdout.contains(" · handle "))
        let handle = try #require(logged.stdout.split(separator: " ").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) })
        #expect(tend.korean("weight", "delete", handle).stdout == "11월 30일 07:10에 잰 72.5 kg 기록을 지웠어요.\n",
                "\(tend.run("weight", "list").stdout)")
    }
}
