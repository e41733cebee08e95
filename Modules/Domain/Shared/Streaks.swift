import Core

/// Runs of consecutive days in a set of days, as of `today`.
public struct Streaks: Sendable, Equatable {
    /// The run ending today, or yesterday when today is not in the set yet (a day still open
    /// does not break a streak).
    public let current: Int
    public let longest: Int

    public init(days: Set<LocalDate>, today: LocalDate) {
        var end = days.contains(today) ? today : today.adding(days: -1)
        var current = 0
        while days.contains(end) {
            current += 1
            end = end.adding(days: -1)
        }
        self.current = current

        var longest = 0
        var run = 0
        var previous: Int?
        for number in days.map(\.dayNumber).sorted() where number <= today.dayNumber {
            run = previous.map { number == $0 + 1 } == true ? run + 1 : 1
            longest = max(longest, run)
            previous = number
        }
        self.longest = longest
    }
}
