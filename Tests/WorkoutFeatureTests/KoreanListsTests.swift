import Testing

/// `tend workout list/show/prs/calendar` and `tend supps list` in Korean; English unchanged.
@Suite("tend workout list / show / prs / calendar, supps list in Korean")
struct KoreanListsTests {
    @Test func workoutScreensInKorean() throws {
        let tend = try WorkoutHarness() // Thursday 2026-11-26 20:00
        #expect(tend.korean("workout", "list").stdout.hasPrefix("아직 운동 기록이 없어요"))
        #expect(tend.korean("workout", "prs").stdout == "아직 기록이 없어요.\n")
        #expect(tend.run("workout", "log", "back squat 100kg 5x5", "--at", "18:30", "--duration", "45").status == 0)
        let list = tend.korean("workout", "list").lines
        for word in ["시각", "종류", "운동", "핸들"] { #expect(list.first?.contains(word) == true, "missing \(word)") }
        #expect(list.contains { $0.hasPrefix("11월 26일 18:30") && $0.contains("근력") }, "\(list)")
        #expect(tend.korean("workout", "show", "last").lines.first == "근력 · 11월 26일 18:30 · 45분")
        let prs = tend.korean("workout", "prs").stdout
        #expect(prs.contains("최고 중량") && prs.contains("최고 세트") && !prs.contains("Heaviest"), "\(prs)")
        let calendar = tend.korean("workout", "calendar").stdout
        #expect(calendar.hasPrefix("2026년 11월\n 월   화   수   목   금   토   일\n"), "\(calendar)")
        #expect(calendar.contains("■ 운동한 날 · 1일, 45분"), "\(calendar)")
    }

    @Test func workoutScreensInEnglishAreUnchanged() throws {
        let tend = try WorkoutHarness()
        #expect(tend.run("workout", "prs").stdout == "No records yet.\n")
        #expect(tend.run("workout", "log", "back squat 100kg 5x5", "--at", "18:30", "--duration", "45").status == 0)
        let list = tend.run("workout", "list").lines
        #expect(list.first?.hasPrefix("When") == true && list.contains { $0.hasPrefix("2026-11-26 18:30") && $0.contains("strength") })
        #expect(tend.run("workout", "show", "last").lines.first == "Strength · 2026-11-26 18:30 · 45 min")
        #expect(tend.run("workout", "prs").stdout.hasPrefix("Exercise"))
        let calendar = tend.run("workout", "calendar").stdout
        #expect(calendar.hasPrefix("2026-11\n Mon  Tue  Wed  Thu  Fri  Sat  Sun\n"), "\(calendar)")
        #expect(calendar.contains("■ trained · 1 day, 45 min"), "\(calendar)")
    }

    @Test func suppsListInKorean() throws {
        let tend = try WorkoutHarness()
        #expect(tend.korean("supps", "list").stdout.hasPrefix("아직 보충제가 없어요: "))
        #expect(tend.run("supps", "add", "creatine", "--amount", "5", "--unit", "g", "--at", "08:00").status == 0)
        #expect(tend.run("supps", "add", "zinc", "--amount", "1", "--unit", "tab", "--at", "08:00", "--days", "mon,wed").status == 0)
        let korean = tend.korean("supps", "list").lines
        for word in ["보충제", "양", "시각", "이번 달"] { #expect(korean.first?.contains(word) == true, "missing \(word)") }
        #expect(korean.contains { $0.contains("08:00 (매일)") }, "\(korean)")
        #expect(korean.contains { $0.contains("08:00 (월,수)") }, "\(korean)")
        let english = tend.run("supps", "list").lines
        #expect(english.first?.hasPrefix("Supplement") == true && english.contains { $0.contains("08:00 (daily)") })
        #expect(english.contains { $0.contains("08:00 (mon,wed)") }, "\(english)")
    }
}
