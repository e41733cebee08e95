import Foundation
import Testing
import Core
import Data
import Domain
@testable import NightscoutFeature

@Suite("tend glucose report")
struct GlucoseReportTests {
    @Test("the consensus bands, mean, GMI and CV; meter readings left out; the profile's percentiles by half hour")
    func metrics() throws {
        let harness = try GlucoseHarness()
        // 20 readings a 5 minutes apart from 08:00 on the 29th: 1 very low, 1 low, 14 in range, 3 high, 1 very high.
        let values = [50, 60] + Array(repeating: 100, count: 14) + [200, 200, 200, 300]
        var documents: [DocumentValue] = values.enumerated().map { index, value in
            .object(["type": "sgv", "sgv": .number(Double(value)),
                     "date": .number(NightscoutDocuments.milliseconds(ISO8601.parseInstant("2026-11-29T08:00:00Z")!) + Double(index) * 300_000)])
        }
        documents.append(.object(["type": "mbg", "mbg": 400, "date": 1_796_000_000_000]))
        _ = try NightscoutEntries(documents: SQLiteNightscoutDocumentRepository(database: harness.database), transactor: harness.database,
                                  clock: FixedClock(Date())).post(documents, ownerID: "local")
        let (report, first, last) = try harness.glucose.report(ownerID: "local", days: 14)
        #expect(first == LocalDate(year: 2026, month: 11, day: 17) && last == LocalDate(year: 2026, month: 11, day: 30))
        #expect(report.readings == 20)
        #expect(report.bands == .init(veryLow: 5, low: 5, inRange: 70, high: 15, veryHigh: 5))
        let mean = Double(values.reduce(0, +)) / 20
        #expect(report.mean == mean)
        #expect(report.gmi == ((3.31 + 0.02392 * mean) * 10).rounded() / 10)
        let sd = (values.map { (Double($0) - mean) * (Double($0) - mean) }.reduce(0, +) / 19).squareRoot()
        #expect(report.cv == (sd / mean * 1000).rounded() / 10)
        #expect(report.profile.map(\.minute) == [480, 510, 540, 570])
        #expect(report.profile.first?.count == 6)
        #expect(report.profile.first?.p50 == 100)
    }

    @Test("the text, the JSON and the SVG: a titled chart with both bands, the median and the range bar")
    func command() throws {
        let harness = try GlucoseHarness()
        let documents: [DocumentValue] = (0..<96).map { index in
            .object(["type": "sgv", "sgv": .number(Double(110 + (index % 12) * 10)),
                     "date": .number(NightscoutDocuments.milliseconds(ISO8601.parseInstant("2026-11-29T00:00:00Z")!) + Double(index) * 900_000)])
        }
        _ = try NightscoutEntries(documents: SQLiteNightscoutDocumentRepository(database: harness.database), transactor: harness.database,
                                  clock: FixedClock(Date())).post(documents, ownerID: "local")
        let text = harness.run("glucose", "report")
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("in range 70–180"))
        #expect(text.stdout.contains("GMI"))
        let svgPath = harness.directory.appendingPathComponent("agp.svg").path
        let json = harness.run("--json", "glucose", "report", "--days", "7", "--svg", svgPath)
        #expect(json.json["readings"] as? Int == 96)
        #expect((json.json["profile"] as? [[String: Any]])?.count == 48)
        let svg = try String(contentsOfFile: svgPath, encoding: .utf8)
        #expect(svg.contains("<title id=\"chart-title\">Ambulatory glucose profile</title>"))
        #expect(svg.contains("class=\"band-5-95\"") && svg.contains("class=\"band-25-75\"") && svg.contains("class=\"median\""))
        #expect(svg.contains("in range 70–180"))
        let empty = try GlucoseHarness()
        #expect(empty.run("glucose", "report").stdout.contains("no sensor readings"))
    }

    @Test("bare tend glucose: today's readings only, in the report's text and JSON")
    func today() throws {
        let harness = try GlucoseHarness() // now 2026-11-30T12:00Z in UTC
        let documents: [DocumentValue] = [("2026-11-29T20:00:00Z", 300), ("2026-11-30T08:00:00Z", 100), ("2026-11-30T08:05:00Z", 200)]
            .map { time, value in
                .object(["type": "sgv", "sgv": .number(Double(value)),
                         "date": .number(NightscoutDocuments.milliseconds(ISO8601.parseInstant(time)!))])
            }
        _ = try NightscoutEntries(documents: SQLiteNightscoutDocumentRepository(database: harness.database), transactor: harness.database,
                                  clock: FixedClock(Date())).post(documents, ownerID: "local")
        let text = harness.run("glucose")
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.hasPrefix("Glucose · today, 2026-11-30 · 2 readings"), "\(text.stdout)")
        let json = harness.run("--json", "glucose")
        #expect(json.json["from"] as? String == "2026-11-30" && json.json["to"] as? String == "2026-11-30")
        #expect(json.json["readings"] as? Int == 2)
        #expect(json.json["in_range_pct"] as? Double == 50)
        #expect(json.json["mean_mgdl"] as? Double == 150)
        let empty = try GlucoseHarness()
        #expect(empty.run("glucose").stdout.contains("today, 2026-11-30: no sensor readings"))
    }
}
