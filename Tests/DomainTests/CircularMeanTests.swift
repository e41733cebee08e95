import Core
import Domain
import Testing

@Suite("Circular mean of times of day")
struct CircularMeanTests {
    func mean(_ texts: String...) -> LocalTime? { CircularMean.averageTime(texts.map(time)) }

    @Test("22:50 and 00:10 average to 23:30, not noon")
    func acrossMidnight() {
        #expect(mean("22:50", "00:10") == time("23:30"))
        #expect(mean("00:10", "22:50") == time("23:30"))
    }

    @Test("times on one side of midnight average like numbers")
    func plain() {
        #expect(mean("21:00", "22:00", "23:00") == time("22:00"))
        #expect(mean("08:00", "10:00") == time("09:00"))
        #expect(mean("22:00", "22:00", "22:00") == time("22:00"))
    }

    @Test("one time is its own mean", arguments: ["00:00", "00:01", "12:00", "22:00", "23:59"])
    func single(text: String) {
        #expect(mean(text) == time(text))
    }

    @Test("a mean on midnight is 00:00, not 24:00")
    func midnight() {
        #expect(mean("23:59", "00:01") == time("00:00"))
        #expect(mean("23:00", "01:00") == time("00:00"))
    }

    @Test("no times, or times that cancel out, have no mean")
    func undefined() {
        #expect(CircularMean.averageTime([]) == nil)
        #expect(mean("06:00", "18:00") == nil)
        #expect(mean("00:00", "12:00") == nil)
        #expect(mean("00:00", "08:00", "16:00") == nil)
    }

    @Test("the mean leans toward the cluster")
    func weighted() {
        // 22:00 ×3 and 02:00 ×1: angles -2 h ×3 and +2 h → atan2 gives 23:00 - a little.
        let value = mean("22:00", "22:00", "22:00", "02:00")
        #expect(value == time("22:56"))
    }
}
