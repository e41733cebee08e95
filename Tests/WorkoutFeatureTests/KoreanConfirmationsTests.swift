import Testing

/// What `tend workout log/edit/delete` and `tend supps take` print, in Korean; English unchanged.
@Suite("tend workout log / edit / delete, supps take in Korean")
struct KoreanConfirmationsTests {
    @Test func workoutInKorean() throws {
        let tend = try WorkoutHarness() // Thursday 2026-11-26 20:00
        let logged = tend.korean("workout", "log", "back squat 100kg 5x5", "--at", "18:30", "--duration", "45", "--felt", "4")
        #expect(logged.status == 0, "\(logged.stderr)")
        let lines = logged.lines
        #expect(lines.first == "근력 · 11월 26일 18:30 · 45분 · 컨디션 4/5", "\(lines)")
        #expect(lines.contains("  back squat 100 kg × 5 (5세트)"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("🏆 새 기록: back squat (") }, "\(lines)")
        #expect(lines.last?.hasPrefix("+") == true && lines.last?.contains(" XP · 핸들 ") == true, "\(lines)")
        let edited = tend.korean("workout", "edit", "last", "--notes", "좋았어요")
        #expect(edited.lines.first == "✓ 고쳤어요.", "\(edited.stdout)")
        #expect(tend.korean("workout", "delete", "last").stdout == "지웠어요.\n")
    }

    @Test func workoutInEnglishIsUnchanged() throws {
        let tend = try WorkoutHarness()
        let lines = tend.run("workout", "log", "back squat 100kg 5x5", "--at", "18:30", "--duration", "45", "--felt", "4").lines
        #expect(lines.first == "Strength · 2026-11-26 18:30 · 45 min · felt 4/5", "\(lines)")
        #expect(lines.contains("  back squat 100 kg × 5 (5 sets)"))
        #expect(lines.contains { $0.hasPrefix("🏆 new PR: back squat (") })
        #expect(lines.last?.contains(" XP · handle ") == true)
        #expect(tend.run("workout", "edit", "last", "--notes", "good").lines.first == "✓ Updated.")
        #expect(tend.run("workout", "delete", "last").stdout == "Deleted.\n")
    }

    @Test func suppsTakeInKorean() throws {
        let tend = try WorkoutHarness() // Thursday 20:00
        #expect(tend.run("supps", "add", "creatine", "--amount", "5", "--unit", "g", "--at", "08:00").status == 0)
        #expect(tend.run("supps", "add", "zinc", "--amount", "1", "--unit", "tab", "--at", "08:00", "--days", "mon").status == 0)
        #expect(tend.korean("supps", "take", "creatine").stdout == "✓ creatine 먹었어요 (08:00 복용분)\n")
        #expect(tend.korean("supps", "take", "creatine", "--force").stdout == "✓ creatine 먹었어요 (추가 복용)\n")
        #expect(tend.korean("supps", "take", "zinc").stdout
            == "✓ zinc 먹었어요 (오늘은 먹는 요일이 아니에요: 월. 추가 복용으로 기록했어요)\n")
        #expect(tend.run("supps", "take", "zinc", "--force").stdout
            == "✓ zinc taken (today is not on its schedule: mon; recorded as an extra)\n")
    }

    @Test func suppsTakeInEnglishIsUnchanged() throws {
        let tend = try WorkoutHarness()
        #expect(tend.run("supps", "add", "creatine", "--amount", "5", "--unit", "g", "--at", "08:00").status == 0)
        #expect(tend.run("supps", "take", "creatine").stdout == "✓ creatine taken (the 08:00 dose)\n")
        #expect(tend.run("supps", "take", "creatine", "--force").stdout == "✓ creatine taken (an extra dose)\n")
    }
}
