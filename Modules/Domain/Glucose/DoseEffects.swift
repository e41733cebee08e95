import FoundationEssentials
import Core

/// What the doses did — the seed's question: for rapid-acting doses, glucose at the dose and
/// 2 and 4 hours after, by time of day; for each long-acting dose, the night after it (its
/// average, lowest and drift) and the fasting glucose of the morning, against its time and units.
///
/// The rules, as a clinician reads a CGM against an injection log: a glucose "at" an instant is
/// the reading nearest to it within 15 minutes (at the dose: from 15 minutes before to 5 after,
/// the nearest before preferred); a rapid dose followed by another rapid dose within 2 (or 4)
/// hours is left out of the 2 (or 4) hour figures, whose change would be the sum of both. A
/// long dose's night is 00:00–06:00 at the end of its insulin day (from the dose on, if it was
/// taken after midnight), counted when readings cover 4 of its 6 hours; its drift is the glucose
/// at 06:00 minus the glucose at the night's start (a basal test's yardstick: within ±30 mg/dL);
/// fasting is the last reading from 06:00 to 08:00 before any rapid dose of that morning.
public struct DoseEffects: Sendable, Equatable {
    public enum Period: String, Sendable, CaseIterable, Codable {
        case night, morning, afternoon, evening

        /// [start, end) hours of the local day.
        public var hours: Range<Int> {
            switch self {
            case .night: 0..<6
            case .morning: 6..<11
            case .afternoon: 11..<17
            case .evening: 17..<24
            }
        }

        static func of(minuteOfDay: Int) -> Period { allCases.first { $0.hours.contains(minuteOfDay / 60) }! }
    }

    public struct RapidGroup: Sendable, Equatable {
        public let period: Period
        public let doses: Int
        public let averageUnits: Double?
        /// Mean glucose at the dose, and 2 and 4 hours after (mg/dL), over the doses that have one.
        public let atDose: Double?
        public let after2h: Double?
        public let after4h: Double?
        /// Mean change from the dose, over the doses with both values (and no dose stacked on them).
        public let change2h: Double?
        public let change4h: Double?
        public let paired2h: Int
        public let paired4h: Int
    }

    public struct LongNight: Sendable, Equatable {
        public let doseID: String
        public let takenAt: Date
        public let units: Double
        /// The night's date (the morning it ends in).
        public let night: LocalDate
        public let overnightMean: Double?
        public let overnightMin: Double?
        public let drift: Double?
        public let fasting: Double?
    }

    public struct LongGroup: Sendable, Equatable {
        public let units: Double
        public let nights: Int
        public let fasting: Double?
        public let drift: Double?
        public let overnightMean: Double?
        /// Nights with a reading under 70 mg/dL.
        public let lowNights: Int
    }

    public let rapid: [RapidGroup]
    public let long: [LongNight]
    public let longByUnits: [LongGroup]

    /// - Parameters: `doses` of the span, `readings` from its start to 10 hours after its end
    ///   (a night and a morning after the last dose), oldest first.
    public static func make(doses: [Dose], readings: [GlucosePoint], settings: InsulinSettings) -> DoseEffects {
        let times = readings.map(\.time)
        func nearest(_ instant: Date, before: TimeInterval = 900, after: TimeInterval = 900) -> Double? {
            let low = lowerBound(times, instant.addingTimeInterval(-before))
            var best: (TimeInterval, Double)?
            var index = low
            while index < readings.count, readings[index].time <= instant.addingTimeInterval(after) {
                let distance = readings[index].time.timeIntervalSince(instant)
                // At equal distance the reading before wins.
                let key = abs(distance) + (distance > 0 ? 0.5 : 0)
                if best == nil || key < best!.0 { best = (key, readings[index].mgdl) }
                index += 1
            }
            return best?.1
        }
        func between(_ start: Date, _ end: Date) -> ArraySlice<GlucosePoint> {
            readings[lowerBound(times, start)..<lowerBound(times, end)]
        }
        let zone = settings.timeZone
        let rapidDoses = doses.filter { $0.kind == .rapid }.sorted { $0.takenAt < $1.takenAt }

        var rapid: [RapidGroup] = []
        for period in Period.allCases {
            let group = rapidDoses.filter { Period.of(minuteOfDay: zone.wallClock(of: $0.takenAt).secondOfDay / 60) == period }
            guard !group.isEmpty else { continue }
            var at: [Double] = [], at2: [Double] = [], at4: [Double] = [], change2: [Double] = [], change4: [Double] = []
            for dose in group {
                let start = nearest(dose.takenAt, before: 900, after: 300)
                if let start { at.append(start) }
                for hours in [2.0, 4.0] {
                    let end = dose.takenAt.addingTimeInterval(hours * 3600)
                    let stacked = rapidDoses.contains { $0.id != dose.id && $0.takenAt > dose.takenAt && $0.takenAt <= end }
                    guard !stacked, let value = nearest(end) else { continue }
                    if hours == 2 { at2.append(value) } else { at4.append(value) }
                    guard let start else { continue }
                    if hours == 2 { change2.append(value - start) } else { change4.append(value - start) }
                }
            }
            rapid.append(RapidGroup(period: period, doses: group.count, averageUnits: mean(group.map(\.units)), atDose: mean(at),
                                    after2h: mean(at2), after4h: mean(at4), change2h: mean(change2), change4h: mean(change4),
                                    paired2h: change2.count, paired4h: change4.count))
        }

        var nights: [LongNight] = []
        for dose in doses.filter({ $0.kind == .long }).sorted(by: { $0.takenAt < $1.takenAt }) {
            let night = settings.insulinDays.day(of: dose.takenAt).adding(days: 1)
            let midnight = zone.instant(of: night, minutes: 0)
            let start = max(midnight, dose.takenAt)
            let six = zone.instant(of: night, minutes: 6 * 60)
            let inNight = between(start, six)
            let hours = Set(inNight.map { Int($0.time.timeIntervalSince(midnight) / 3600) })
            let covered = hours.count >= 4
            let eight = zone.instant(of: night, minutes: 8 * 60)
            let firstRapid = rapidDoses.first { $0.takenAt >= zone.instant(of: night, minutes: 5 * 60) && $0.takenAt < eight }
            let fasting = between(six, min(eight, firstRapid?.takenAt ?? eight)).last?.mgdl
            let drift: Double? = covered ? nearest(six, before: 1200, after: 0).flatMap { end in
                nearest(start, before: 0, after: 1200).map { end - $0 }
            } : nil
            nights.append(LongNight(doseID: dose.id, takenAt: dose.takenAt, units: dose.units, night: night,
                                    overnightMean: covered ? mean(inNight.map(\.mgdl)) : nil,
                                    overnightMin: covered ? inNight.map(\.mgdl).min() : nil, drift: drift, fasting: fasting))
        }
        let byUnits = Dictionary(grouping: nights, by: \.units).keys.sorted().map { units in
            let group = nights.filter { $0.units == units }
            return LongGroup(units: units, nights: group.count, fasting: mean(group.compactMap(\.fasting)),
                             drift: mean(group.compactMap(\.drift)), overnightMean: mean(group.compactMap(\.overnightMean)),
                             lowNights: group.filter { ($0.overnightMin ?? 999) < 70 }.count)
        }
        return DoseEffects(rapid: rapid, long: nights, longByUnits: byUnits)
    }

    static func mean(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }

    /// The first index whose time is at or after `time` (the times are sorted).
    static func lowerBound(_ times: [Date], _ time: Date) -> Int {
        var low = 0, high = times.count
        while low < high {
            let middle = (low + high) / 2
            if times[middle] < time { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
