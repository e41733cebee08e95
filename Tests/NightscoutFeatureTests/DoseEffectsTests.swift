import Foundation
import Testing
import Core
import Data
import Domain
@testable import NightscoutFeature

@Suite("What the doses did")
struct DoseEffectsTests {
    static func at(_ text: String) -> Date { ISO8601.parseInstant(text)! }

    /// Entries at these UTC times with these values, through the API's storage.
    static func readings(_ harness: GlucoseHarness, _ points: [(String, Int)]) throws {
        let documents: [DocumentValue] = points.map { time, value in
            .object(["type": "sgv", "sgv": .number(Double(value)),
                     "date": .number(NightscoutDocuments.milliseconds(at(time)))])
        }
        _ = try NightscoutEntries(documents: SQLiteNightscoutDocumentRepository(database: harness.database), transactor: harness.database,
                                  clock: FixedClock(at("2026-11-30T12:00:00Z"))).post(documents, ownerID: "local")
    }

    @Test("rapid doses: at the dose, +2 h and +4 h by time of day; a dose stacked within 2 h is left out of the 2 h change")
    func rapid() throws {
        let harness = try GlucoseHarness()
        for (time, units) in [("2026-11-29T08:00:00Z", 4.0), ("2026-11-29T13:00:00Z", 3.0), ("2026-11-29T14:00:00Z", 1.0)] {
            _ = try harness.insulin.logDose(ownerID: "local", .init(kind: .rapid, units: units, takenAt: Self.at(time), force: true))
        }
        try Self.readings(harness, [
            ("2026-11-29T07:58:00Z", 150), ("2026-11-29T10:03:00Z", 120), ("2026-11-29T11:55:00Z", 100),
            ("2026-11-29T12:57:00Z", 180), ("2026-11-29T15:00:00Z", 160), ("2026-11-29T16:10:00Z", 140), ("2026-11-29T17:00:00Z", 130),
        ])
        let (report, first, last) = try harness.glucose.doseEffects(ownerID: "local", days: 7)
        #expect(first == LocalDate(year: 2026, month: 11, day: 24) && last == LocalDate(year: 2026, month: 11, day: 30))
        let morning = try #require(report.rapid.first { $0.period == .morning })
        #expect(morning.doses == 1)
        #expect(morning.atDose == 150)
        #expect(morning.after2h == 120)
        #expect(morning.change2h == -30)
        #expect(morning.after4h == 100)
        #expect(morning.change4h == -50)
        let afternoon = try #require(report.rapid.first { $0.period == .afternoon })
        #expect(afternoon.doses == 2)
        // 13:00 is stacked (14:00 follows within 2 h): only 14:00 counts, from 180 (12:57 is too far from 14:00) – none at dose.
        #expect(afternoon.paired2h == 0)
        #expect(afternoon.after2h == 140, "16:10 is within 15 minutes of 14:00 + 2 h")
        #expect(report.rapid.contains { $0.period == .night } == false)
    }

    @Test("long doses: the night after (average, lowest, drift), fasting before the breakfast dose, grouped by units")
    func long() throws {
        let harness = try GlucoseHarness()
        _ = try harness.insulin.logDose(ownerID: "local", .init(kind: .long, units: 10, takenAt: Self.at("2026-11-28T22:00:00Z"), force: true))
        _ = try harness.insulin.logDose(ownerID: "local", .init(kind: .rapid, units: 4, takenAt: Self.at("2026-11-29T07:30:00Z"), force: true))
        var points: [(String, Int)] = []
        for quarter in 0..<24 { // 00:00 to 05:45, rising from 120 by 2 a quarter, one low at 03:00
            let minutes = quarter * 15
            let time = String(format: "2026-11-29T%02d:%02d:00Z", minutes / 60, minutes % 60)
            points.append((time, minutes == 180 ? 65 : 120 + quarter * 2))
        }
        points += [("2026-11-29T06:00:00Z", 168), ("2026-11-29T07:10:00Z", 150), ("2026-11-29T07:45:00Z", 170)]
        try Self.readings(harness, points)
        let (report, _, _) = try harness.glucose.doseEffects(ownerID: "local", days: 7)
        let night = try #require(report.long.first)
        #expect(night.night == LocalDate(year: 2026, month: 11, day: 29))
        #expect(night.overnightMin == 65)
        #expect(night.drift == 48, "06:00 (168) minus 00:00 (120)")
        #expect(night.fasting == 150, "07:10, before the 07:30 rapid dose")
        let group = try #require(report.longByUnits.first)
        #expect(group.units == 10 && group.nights == 1 && group.lowNights == 1)

        // A night with readings in fewer than 4 of its 6 hours has no overnight figures.
        let sparse = try GlucoseHarness()
        _ = try sparse.insulin.logDose(ownerID: "local", .init(kind: .long, units: 10, takenAt: Self.at("2026-11-28T22:00:00Z"), force: true))
        try Self.readings(sparse, [("2026-11-29T00:10:00Z", 120), ("2026-11-29T05:50:00Z", 130)])
        let thin = try #require(try sparse.glucose.doseEffects(ownerID: "local", days: 7).report.long.first)
        #expect(thin.overnightMean == nil && thin.drift == nil)
    }

    @Test("tend glucose doses: the text in the unit chosen, and --json in mg/dL")
    func command() throws {
        let harness = try GlucoseHarness()
        _ = try harness.insulin.logDose(ownerID: "local", .init(kind: .rapid, units: 4, takenAt: Self.at("2026-11-29T08:00:00Z"), force: true))
        try Self.readings(harness, [("2026-11-29T08:00:00Z", 180), ("2026-11-29T10:00:00Z", 126)])
        #expect(harness.run("glucose", "unit", "mmol/L").stdout == "Glucose is shown in mmol/L.\n")
        let text = harness.run("glucose", "doses", "--days", "7")
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("What the doses did · 2026-11-24 – 2026-11-30 · mmol/L"))
        #expect(text.stdout.contains("morning 06–11"))
        #expect(text.stdout.contains("10.0") && text.stdout.contains("−3.0 (1)"), "\(text.stdout)")
        #expect(text.stdout.contains("no long-acting doses"))
        let json = harness.run("--json", "glucose", "doses", "--days", "7").json
        let rapid = try #require((json["rapid"] as? [[String: Any]])?.first)
        #expect(rapid["at_dose_mgdl"] as? Double == 180)
        #expect(rapid["change_2h_mgdl"] as? Double == -54)
        #expect(rapid["after_4h_mgdl"] is NSNull)
        #expect(harness.run("glucose", "doses", "--days", "0").status == 2)
    }
}
