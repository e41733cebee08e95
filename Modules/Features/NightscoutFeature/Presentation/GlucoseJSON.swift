import FoundationEssentials
import Core
import Domain

/// `tend --json glucose import`.
struct GlucoseImportJSON: Encodable {
    let format: String, unit: String, dateOrder: String
    let readings: Int, readingsAdded: Int, doses: Int, dosesAdded: Int
    let firstAt: String?, lastAt: String?

    init(_ summary: GlucoseImport.Summary, zone: TimeZone) {
        format = summary.format.rawValue
        unit = summary.unit.rawValue
        dateOrder = summary.dateOrder
        readings = summary.readings
        readingsAdded = summary.readingsAdded
        doses = summary.doses
        dosesAdded = summary.dosesAdded
        firstAt = summary.first.map { ISO8601.format($0, in: zone) }
        lastAt = summary.last.map { ISO8601.format($0, in: zone) }
    }

    enum CodingKeys: String, CodingKey {
        case format, unit, dateOrder = "date_order", readings, readingsAdded = "readings_added", doses, dosesAdded = "doses_added"
        case firstAt = "first_at", lastAt = "last_at"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(format, forKey: .format)
        try container.encode(unit, forKey: .unit)
        try container.encode(dateOrder, forKey: .dateOrder)
        try container.encode(readings, forKey: .readings)
        try container.encode(readingsAdded, forKey: .readingsAdded)
        try container.encode(doses, forKey: .doses)
        try container.encode(dosesAdded, forKey: .dosesAdded)
        try container.encode(firstAt, forKey: .firstAt) // null when the file held no reading
        try container.encode(lastAt, forKey: .lastAt)
    }
}

/// `tend --json glucose doses`: glucose in mg/dL (`*_mgdl`) whatever the unit shown; null where
/// no reading tells.
struct DoseEffectsJSON: Encodable {
    struct Rapid: Encodable {
        let period: String, hours: String, doses: Int, averageUnits: Double?
        let atDoseMgdl: Double?, after2hMgdl: Double?, after4hMgdl: Double?, change2hMgdl: Double?, change4hMgdl: Double?
        let paired2h: Int, paired4h: Int

        enum CodingKeys: String, CodingKey {
            case period, hours, doses, averageUnits = "average_units", atDoseMgdl = "at_dose_mgdl", after2hMgdl = "after_2h_mgdl"
            case after4hMgdl = "after_4h_mgdl", change2hMgdl = "change_2h_mgdl", change4hMgdl = "change_4h_mgdl"
            case paired2h = "paired_2h", paired4h = "paired_4h"
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(period, forKey: .period)
            try c.encode(hours, forKey: .hours)
            try c.encode(doses, forKey: .doses)
            try c.encode(averageUnits, forKey: .averageUnits)
            for (value, key) in [(atDoseMgdl, CodingKeys.atDoseMgdl), (after2hMgdl, .after2hMgdl), (after4hMgdl, .after4hMgdl),
                                 (change2hMgdl, .change2hMgdl), (change4hMgdl, .change4hMgdl)] {
                try c.encode(value.map(DoseEffectsJSON.round), forKey: key)
            }
            try c.encode(paired2h, forKey: .paired2h)
            try c.encode(paired4h, forKey: .paired4h)
        }
    }

    struct Night: Encodable {
        let doseID: String, takenAt: String, units: Double, night: String
        let overnightMgdl: Double?, lowestMgdl: Double?, driftMgdl: Double?, fastingMgdl: Double?

        enum CodingKeys: String, CodingKey {
            case doseID = "dose_id", takenAt = "taken_at", units, night, overnightMgdl = "overnight_mgdl", lowestMgdl = "lowest_mgdl"
            case driftMgdl = "drift_mgdl", fastingMgdl = "fasting_mgdl"
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(doseID, forKey: .doseID)
            try c.encode(takenAt, forKey: .takenAt)
            try c.encode(units, forKey: .units)
            try c.encode(night, forKey: .night)
            for (value, key) in [(overnightMgdl, CodingKeys.overnightMgdl), (lowestMgdl, .lowestMgdl), (driftMgdl, .driftMgdl),
                                 (fastingMgdl, .fastingMgdl)] {
                try c.encode(value.map(DoseEffectsJSON.round), forKey: key)
            }
        }
    }

    let from: String, to: String, unit: String
    let rapid: [Rapid]
    let long: [Night]

    init(_ report: DoseEffects, first: LocalDate, last: LocalDate, unit: GlucoseUnit, zone: TimeZone) {
        from = "\(first)"
        to = "\(last)"
        self.unit = unit.rawValue
        rapid = report.rapid.map { group in
            Rapid(period: group.period.rawValue, hours: "\(group.period.hours.lowerBound)-\(group.period.hours.upperBound)",
                  doses: group.doses, averageUnits: group.averageUnits.map { ($0 * 100).rounded() / 100 }, atDoseMgdl: group.atDose,
                  after2hMgdl: group.after2h, after4hMgdl: group.after4h, change2hMgdl: group.change2h, change4hMgdl: group.change4h,
                  paired2h: group.paired2h, paired4h: group.paired4h)
        }
        long = report.long.map { night in
            Night(doseID: night.doseID, takenAt: ISO8601.format(night.takenAt, in: zone), units: night.units, night: "\(night.night)",
                  overnightMgdl: night.overnightMean, lowestMgdl: night.overnightMin, driftMgdl: night.drift, fastingMgdl: night.fasting)
        }
    }

    static func round(_ value: Double) -> Double { (value * 10).rounded() / 10 }
}

/// `tend --json glucose report`: percentages 0–100 to one decimal, glucose in mg/dL.
struct GlucoseReportJSON: Encodable {
    struct Slot: Encodable {
        let time: String, count: Int, p5Mgdl: Double, p25Mgdl: Double, p50Mgdl: Double, p75Mgdl: Double, p95Mgdl: Double

        enum CodingKeys: String, CodingKey {
            case time, count, p5Mgdl = "p5_mgdl", p25Mgdl = "p25_mgdl", p50Mgdl = "p50_mgdl", p75Mgdl = "p75_mgdl", p95Mgdl = "p95_mgdl"
        }
    }

    let from: String, to: String, unit: String, readings: Int
    let veryLowPct: Double?, lowPct: Double?, inRangePct: Double?, highPct: Double?, veryHighPct: Double?
    let meanMgdl: Double?, gmiPct: Double?, cvPct: Double?, coveragePct: Double?
    let profile: [Slot]
    let svg: String?

    init(_ report: GlucoseReport, first: LocalDate, last: LocalDate, unit: GlucoseUnit, svg: String?) {
        from = "\(first)"
        to = "\(last)"
        self.unit = unit.rawValue
        readings = report.readings
        veryLowPct = report.bands?.veryLow
        lowPct = report.bands?.low
        inRangePct = report.bands?.inRange
        highPct = report.bands?.high
        veryHighPct = report.bands?.veryHigh
        meanMgdl = report.mean.map(DoseEffectsJSON.round)
        gmiPct = report.gmi
        cvPct = report.cv
        coveragePct = report.coverage
        profile = report.profile.map { slot in
            Slot(time: LocalDate.twoDigits(slot.minute / 60) + ":" + LocalDate.twoDigits(slot.minute % 60), count: slot.count,
                 p5Mgdl: DoseEffectsJSON.round(slot.p5), p25Mgdl: DoseEffectsJSON.round(slot.p25), p50Mgdl: DoseEffectsJSON.round(slot.p50),
                 p75Mgdl: DoseEffectsJSON.round(slot.p75), p95Mgdl: DoseEffectsJSON.round(slot.p95))
        }
        self.svg = svg
    }

    enum CodingKeys: String, CodingKey {
        case from, to, unit, readings, veryLowPct = "very_low_pct", lowPct = "low_pct", inRangePct = "in_range_pct"
        case highPct = "high_pct", veryHighPct = "very_high_pct", meanMgdl = "mean_mgdl", gmiPct = "gmi_pct", cvPct = "cv_pct"
        case coveragePct = "coverage_pct", profile, svg
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(from, forKey: .from)
        try c.encode(to, forKey: .to)
        try c.encode(unit, forKey: .unit)
        try c.encode(readings, forKey: .readings)
        for (value, key) in [(veryLowPct, CodingKeys.veryLowPct), (lowPct, .lowPct), (inRangePct, .inRangePct), (highPct, .highPct),
                             (veryHighPct, .veryHighPct), (meanMgdl, .meanMgdl), (gmiPct, .gmiPct), (cvPct, .cvPct),
                             (coveragePct, .coveragePct)] {
            try c.encode(value, forKey: key) // null without readings
        }
        try c.encode(profile, forKey: .profile)
        try c.encode(svg, forKey: .svg)
    }
}
