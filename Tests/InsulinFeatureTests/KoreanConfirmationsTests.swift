import Testing

/// The one-line confirmations of `tend insulin log/edit/delete` in Korean; English unchanged.
@Suite("tend insulin log / edit / delete confirmations in Korean")
struct KoreanConfirmationsTests {
    @Test func logEditDeleteInKorean() throws {
        let tend = try InsulinCommandHarness()
        let logged = tend.korean("insulin", "log", "long", "--at", "20:00")
        #expect(logged.status == 0)
        #expect(logged.stdout.hasPrefix("✓ 지효성 10단위 · 20:00에 맞았어요\n  핸들 "), "\(logged.stdout)")
        #expect(logged.stdout.contains("또는 'last'"))
        let edited = tend.korean("insulin", "edit", "last", "--units", "12")
        #expect(edited.stdout.hasPrefix("✓ 고쳤어요: 지효성 12단위 · 20:00에 맞았어요"), "\(edited.stdout)")
        let deleted = tend.korean("insulin", "delete", "last")
        #expect(deleted.stdout == "20:00에 맞은 지효성 12단위를 지웠어요.\n", "\(deleted.stdout)")
    }

    @Test func logEditDeleteInEnglishAreUnchanged() throws {
        let tend = try InsulinCommandHarness()
        let logged = tend.run("insulin", "log", "long", "--at", "20:00", "--lang", "en")
        #expect(logged.stdout.hasPrefix("✓ Long-acting 10 u at 20:00\n  handle "), "\(logged.stdout)")
        #expect(logged.stdout.contains(", or 'last')"))
        let edited = tend.run("insulin", "edit", "last", "--units", "12")
        #expect(edited.stdout.hasPrefix("✓ updated: Long-acting 12 u at 20:00\n  handle "), "\(edited.stdout)")
        #expect(tend.run("insulin", "delete", "last").stdout == "Deleted the Long-acting dose of 12 u at 20:00.\n")
    }
}
