import Testing
@testable import Core

@Suite("Durations as people type them: one meaning everywhere")
struct DurationTextTests {
    @Test(arguments: [
        ("7:32", 452.0), ("1:05:00", 3900), ("45:30", 2730), ("90s", 90), ("90 s", 90), ("20m", 1200), ("20min", 1200),
        ("20 minutes", 1200), ("1h", 3600), ("1h30m", 5400), ("1.5h", 5400), ("2h 5m 10s", 7510), ("30", 1800), ("1.5", 90),
    ])
    func reads(text: String, seconds: Double) {
        #expect(DurationText.seconds(text) == seconds, "\(text)")
    }

    @Test(arguments: ["", "0", "-5", "7:60", "7:", ":30", "a:10", "half an hour", "5x", "1:2:3:4", "10 parsecs", "inf", "nan"])
    func refuses(text: String) {
        #expect(DurationText.seconds(text) == nil, "\(text)")
    }

    @Test func theClockBack() {
        #expect(DurationText.clock(452) == "7:32")
        #expect(DurationText.clock(3900) == "1:05:00")
        #expect(DurationText.clock(59.6) == "1:00")
    }
}
