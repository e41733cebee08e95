import FoundationEssentials
import Core

/// The glucose summary the international consensus on CGM metrics (Battelino et al., Diabetes
/// Care 2019) defines, over sensor readings: time in range 70–180 mg/dL, below (54–69, and
/// under 54) and above (181–250, and over 250); the mean; the glucose management indicator
/// (GMI % = 3.31 + 0.02392 × mean mg/dL, Bergenstal 2018); the coefficient of variation
/// (SD / mean; stable at 36 % or less); how much of the span the sensor covered; and the
/// ambulatory glucose profile: the 5th, 25th, 50th, 75th and 95th percentiles by time of day.
public struct GlucoseReport: Sendable, Equatable {
    public struct Bands: Sendable, Equatable {
        public let veryLow: Double, low: Double, inRange: Double, high: Double, veryHigh: Double

        public init(veryLow: Double, low: Double, inRange: Double, high: Double, veryHigh: Double) {
            (self.veryLow, self.low, self.inRange, self.high, self.veryHigh) = (veryLow, low, inRange, high, veryHigh)
        }
    }

    public struct ProfileSlot: Sendable, Equatable {
        /// Minutes after midnight of the slot's start (every 30 minutes).
        public let minute: Int
        public let count: Int
        public let p5: Double, p25: Double, p50: Double, p75: Double, p95: Double
    }

    public let readings: Int
    /// Percentages of readings, each band to one decimal; nil without readings.
    public let bands: Bands?
    public let mean: Double?
    public let gmi: Double?
    public let cv: Double?
    /// The share of the span with readings, from the readings' usual spacing (0–100).
    public let coverage: Double?
    public let profile: [ProfileSlot]

    public static let slotMinutes = 30

    public static func make(readings: [GlucosePoint], span: Range<Date>, zone: TimeZone) -> GlucoseReport {
        let values = readings.map(\.mgdl)
        guard !values.isEmpty else {
            return GlucoseReport(readings: 0, bands: nil, mean: nil, gmi: nil, cv: nil, coverage: nil, profile: [])
        }
        let count = Double(values.count)
        func share(_ test: (Double) -> Bool) -> Double { (Double(values.filter(test).count) / count * 1000).rounded() / 10 }
        let bands = Bands(veryLow: share { $0 < 54 }, low: share { $0 >= 54 && $0 < 70 }, inRange: share { $0 >= 70 && $0 <= 180 },
                          high: share { $0 > 180 && $0 <= 250 }, veryHigh: share { $0 > 250 })
        let mean = values.reduce(0, +) / count
        let variance = values.count > 1 ? values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / (count - 1) : 0
        let gaps = zip(readings.dropFirst(), readings).map { $0.time.timeIntervalSince($1.time) }.filter { $0 > 0 }.sorted()
        let spacing = gaps.isEmpty ? 300 : gaps[gaps.count / 2]
        let coverage = min(100, (count * spacing / span.upperBound.timeIntervalSince(span.lowerBound) * 1000).rounded() / 10)
        var slots: [[Double]] = Array(repeating: [], count: 24 * 60 / slotMinutes)
        for reading in readings {
            slots[zone.wallClock(of: reading.time).secondOfDay / 60 / slotMinutes].append(reading.mgdl)
        }
        let profile = slots.enumerated().compactMap { index, slot -> ProfileSlot? in
            guard !slot.isEmpty else { return nil }
            let sorted = slot.sorted()
            return ProfileSlot(minute: index * slotMinutes, count: slot.count, p5: percentile(sorted, 5), p25: percentile(sorted, 25),
                               p50: percentile(sorted, 50), p75: percentile(sorted, 75), p95: percentile(sorted, 95))
        }
        return GlucoseReport(readings: values.count, bands: bands, mean: mean, gmi: ((3.31 + 0.02392 * mean) * 10).rounded() / 10,
                             cv: (variance.squareRoot() / mean * 1000).rounded() / 10, coverage: coverage, profile: profile)
    }

    /// The percentile of sorted values, interpolated between neighbours (as spreadsheets do).
    static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        guard sorted.count > 1 else { return sorted[0] }
        let rank = p / 100 * Double(sorted.count - 1)
        let low = Int(rank.rounded(.down)), high = min(low + 1, sorted.count - 1)
        return sorted[low] + (sorted[high] - sorted[low]) * (rank - Double(low))
    }
}
