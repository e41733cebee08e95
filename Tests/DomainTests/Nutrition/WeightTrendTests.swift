import Core
import Domain
import Foundation
import Testing

@Suite("Body: The Hacker's Diet weight trend")
struct WeightTrendTests {
    static let seoul = TimeZone(identifier: "Asia/Seoul")!

    static func weighing(_ wall: String, _ kilograms: Double, owner: String = "local") -> WeightEntry {
        let at = NutritionTime.seoul(wall)
        return WeightEntry(id: UUID().uuidString.lowercased(), ownerID: owner, takenAt: at, kilograms: kilograms, fatPercent: nil,
                           muscleKilograms: nil, createdAt: at, updatedAt: at)
    }

    /// By hand (Seoul days; one step per day with a weighing, that day's last one):
    ///   11-01 07:00 80.0, 21:00 80.6         → seed 80.6
    ///   11-02 07:30 80.0                     → 80.6 + 0.1 × (80.0 − 80.6)   = 80.54
    ///   11-03 00:30 79.0 (still 11-02 in UTC), 08:00 79.5
    ///                                        → 80.54 + 0.1 × (79.5 − 80.54) = 80.436
    ///   11-04 no weighing                    → no step
    ///   11-05 07:00 79.2                     → 80.436 + 0.1 × (79.2 − 80.436) = 80.3124
    ///   11-06 07:00 79.0, 06:00 80.0 (given out of order)
    ///                                        → 80.3124 + 0.1 × (79.0 − 80.3124) = 80.18116
    @Test func aKnownSeries() {
        let entries = [
            Self.weighing("2026-11-01 07:00", 80.0), Self.weighing("2026-11-01 21:00", 80.6),
            Self.weighing("2026-11-02 07:30", 80.0),
            Self.weighing("2026-11-03 00:30", 79.0), Self.weighing("2026-11-03 08:00", 79.5),
            Self.weighing("2026-11-05 07:00", 79.2),
            Self.weighing("2026-11-06 07:00", 79.0), Self.weighing("2026-11-06 06:00", 80.0),
        ]
        let trend = WeightTrend(entries: entries, timeZone: Self.seoul)
        #expect(trend.points.map(\.date.description) == ["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-05", "2026-11-06"])
        #expect(trend.points.map(\.kilograms) == [80.6, 80.0, 79.5, 79.2, 79.0])
        let expected = [80.6, 80.54, 80.436, 80.3124, 80.18116]
        for (point, value) in zip(trend.points, expected) {
            #expect(nearly(point.trend, value), "\(point.date): \(point.trend) ≠ \(value)")
        }
        // Least squares over x = 0, 1, 2, 4, 5 (days) of the trend, × 7.
        #expect(nearly(trend.weeklyChange, -0.569_581_860_465_116_3, within: 1e-9))
    }

    @Test func theOrderOfTheEntriesDoesNotMatter() {
        let entries = [
            Self.weighing("2026-11-01 07:00", 80.0), Self.weighing("2026-11-01 21:00", 80.6), Self.weighing("2026-11-02 07:30", 80.0),
            Self.weighing("2026-11-03 08:00", 79.5), Self.weighing("2026-11-03 00:30", 79.0),
        ]
        #expect(WeightTrend(entries: entries, timeZone: Self.seoul) == WeightTrend(entries: entries.reversed(), timeZone: Self.seoul))
    }

    @Test func noWeighingsNoPoints() {
        let trend = WeightTrend(entries: [], timeZone: Self.seoul)
        #expect(trend.points.isEmpty)
        #expect(trend.weeklyChange == nil)
    }

    @Test func oneDayHasNoWeeklyChangeEvenWithSeveralWeighings() {
        let trend = WeightTrend(entries: [Self.weighing("2026-11-01 07:00", 80), Self.weighing("2026-11-01 22:00", 81)], timeZone: Self.seoul)
        #expect(trend.points.count == 1)
        #expect(trend.points.first?.trend == 81)
        #expect(trend.weeklyChange == nil)
    }

    @Test func aSteadyWeightHasNoChange() {
        let start = NutritionTime.day("2026-10-01")
        let entries = (0..<20).map { Self.weighing("\(start.adding(days: $0)) 07:00", 72.5) }
        let trend = WeightTrend(entries: entries, timeZone: Self.seoul)
        #expect(trend.points.allSatisfy { $0.trend == 72.5 })
        #expect(nearly(trend.weeklyChange, 0))
    }

    /// Losing 0.1 kg a day for 100 days: the trend has caught up long before the last 28 days,
    /// whose slope is −0.7 kg a week (to 3e-4: the trend's lag still fades as 0.9ⁿ).
    @Test func aLinearLossIsMinusSevenTimesTheDailyStep() throws {
        let start = NutritionTime.day("2026-06-01")
        let entries = (0..<100).map { Self.weighing("\(start.adding(days: $0)) 07:00", 90 - 0.1 * Double($0)) }
        let trend = WeightTrend(entries: entries, timeZone: Self.seoul)
        let weekly = try #require(trend.weeklyChange)
        #expect(weekly < 0)
        #expect(nearly(weekly, -0.699_899_721_641_001, within: 1e-9))
        #expect(abs(weekly + 0.7) < 3e-4)
        #expect(nearly(trend.points.last?.trend, 80.999_973_438_601_1, within: 1e-9))
    }

    /// Gaining 0.2 kg a day for 10 days: the trend lags (70 → 70.70), its slope is computed by hand.
    @Test func aShortLinearGainIsPositive() {
        let start = NutritionTime.day("2026-06-01")
        let entries = (0..<10).map { Self.weighing("\(start.adding(days: $0)) 07:00", 70 + 0.2 * Double($0)) }
        let trend = WeightTrend(entries: entries, timeZone: Self.seoul)
        #expect(nearly(trend.weeklyChange, 0.551_084_726_512_718_1, within: 1e-9))
        #expect(nearly(trend.points.last?.trend, 70.697_356_880_2, within: 1e-9))
    }

    /// Only the last 28 days count: one early weighing (70 kg on day 0), then 80 kg every day from
    /// day 10 to day 37. The window is days 10–37; with day 0 in it the slope would be 1.9974.
    @Test func theWeeklyChangeUsesTheLast28Days() {
        let start = NutritionTime.day("2026-06-01")
        let entries = [Self.weighing("\(start) 07:00", 70)] + (10...37).map { Self.weighing("\(start.adding(days: $0)) 07:00", 80) }
        let trend = WeightTrend(entries: entries, timeZone: Self.seoul)
        #expect(trend.points.count == 29)
        #expect(nearly(trend.weeklyChange, 1.975_816_185_384_245_7, within: 1e-9))
    }
}

@Suite("Body: logging a weighing")
struct BodyUseCaseTests {
    @Test func aWeighingWithFatAndMuscle() throws {
        let world = NutritionWorld()
        let entry = try world.body.log(ownerID: "local", kilograms: 72.5, at: nil, fatPercent: 18.5, muscleKilograms: 32)
        #expect(entry.takenAt == world.now)
        #expect(entry.kilograms == 72.5)
        #expect(entry.fatPercent == 18.5)
        #expect(entry.muscleKilograms == 32)
        #expect(try world.body.entries(ownerID: "local") == [entry])
        #expect(try world.body.entries(ownerID: "someone-else").isEmpty)
        #expect(world.transactor.writesOutside == 0)
    }

    @Test(arguments: [10.0, 19.9, 400.1, 500, -70, 0, .nan, .infinity])
    func absurdWeightsAreRefused(kilograms: Double) throws {
        let world = NutritionWorld()
        let error = try #require(appError { _ = try world.body.log(ownerID: "local", kilograms: kilograms, at: nil, fatPercent: nil, muscleKilograms: nil) })
        #expect(error.kind == .invalidInput)
        #expect(error.code == "invalid_weight")
        #expect(world.weights.stored.isEmpty)
    }

    @Test(arguments: [20.0, 400])
    func theLimitsThemselvesAreAccepted(kilograms: Double) throws {
        let world = NutritionWorld()
        #expect(try world.body.log(ownerID: "local", kilograms: kilograms, at: nil, fatPercent: nil, muscleKilograms: nil).kilograms == kilograms)
    }

    @Test(arguments: [80.0, 1, 0, -3, 76])
    func absurdBodyFatIsRefused(percent: Double) throws {
        let world = NutritionWorld()
        let error = try #require(appError { _ = try world.body.log(ownerID: "local", kilograms: 70, at: nil, fatPercent: percent, muscleKilograms: nil) })
        #expect(error.code == "invalid_body_fat")
        #expect(world.weights.stored.isEmpty)
    }

    @Test(arguments: [70.0, 71, 0, -1])
    func muscleMustBeLessThanTheWeight(muscle: Double) throws {
        let world = NutritionWorld()
        let error = try #require(appError { _ = try world.body.log(ownerID: "local", kilograms: 70, at: nil, fatPercent: nil, muscleKilograms: muscle) })
        #expect(error.code == "invalid_muscle")
        #expect(world.weights.stored.isEmpty)
    }

    @Test func aFutureWeighingIsRefusedButAFewMinutesOfClockSkewAreNot() throws {
        let world = NutritionWorld()
        let error = try #require(appError {
            _ = try world.body.log(ownerID: "local", kilograms: 70, at: world.now.addingTimeInterval(3600), fatPercent: nil, muscleKilograms: nil)
        })
        #expect(error.code == "future_weight")
        #expect(appError {
            _ = try world.body.log(ownerID: "local", kilograms: 70, at: world.now.addingTimeInterval(24 * 3600), fatPercent: nil, muscleKilograms: nil)
        }?.code == "future_weight")
        #expect(world.weights.stored.isEmpty)
        _ = try world.body.log(ownerID: "local", kilograms: 70, at: world.now.addingTimeInterval(120), fatPercent: nil, muscleKilograms: nil)
        _ = try world.body.log(ownerID: "local", kilograms: 70, at: world.now.addingTimeInterval(-30 * 86_400), fatPercent: nil, muscleKilograms: nil)
        #expect(world.weights.stored.count == 2)
    }

    @Test func theTrendFollowsTheOwnersZone() throws {
        let world = NutritionWorld()
        // 23:30 and 00:30 in Seoul are two days, although both are the same UTC day.
        _ = try world.body.log(ownerID: "local", kilograms: 80, at: NutritionTime.seoul("2026-11-29 23:30"), fatPercent: nil, muscleKilograms: nil)
        _ = try world.body.log(ownerID: "local", kilograms: 79, at: NutritionTime.seoul("2026-11-30 00:30"), fatPercent: nil, muscleKilograms: nil)
        let trend = try world.body.trend(ownerID: "local")
        #expect(trend.points.map(\.date.description) == ["2026-11-29", "2026-11-30"])
        #expect(nearly(trend.points.last?.trend, 79.9))
        #expect(world.body.zone(ownerID: "local").identifier == "Asia/Seoul")
    }

    @Test func poundsPerKilogram() {
        #expect(nearly(160 / BodyUseCases.poundsPerKilogram, 72.574_779_2, within: 1e-6))
    }
}
