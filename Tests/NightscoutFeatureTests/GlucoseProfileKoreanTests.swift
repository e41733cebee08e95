import Foundation
import Testing
import Console
import Core
import Data
import Domain
@testable import NightscoutFeature

/// `tend --lang ko glucose report --svg`: the AGP speaks the language the text does.
@Suite("tend glucose report's AGP in Korean")
struct GlucoseProfileKoreanTests {
    @Test func titleAxesBandsAndLegendAreKorean() throws {
        let harness = try GlucoseHarness()
        let start = NightscoutDocuments.milliseconds(ISO8601.parseInstant("2026-11-29T00:00:00Z")!)
        let documents: [DocumentValue] = (0..<96).map { index in
            .object(["type": "sgv", "sgv": .number(Double(60 + (index % 12) * 20)), "date": .number(start + Double(index) * 900_000)])
        }
        _ = try NightscoutEntries(documents: SQLiteNightscoutDocumentRepository(database: harness.database), transactor: harness.database,
                                  clock: FixedClock(Date())).post(documents, ownerID: "local")
        let path = harness.directory.appendingPathComponent("agp-ko.svg").path
        let result = harness.korean("glucose", "report", "--days", "7", "--svg", path)
        #expect(result.status == 0, "\(result.stderr)")
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        #expect(svg.contains("<title id=\"chart-title\">연속혈당 프로필 (AGP)</title>"))
        for label in ["혈당 (mg/dL)", "시각", "목표 범위 70–180", "매우 높음 &gt; 250", "범위별 시간 (mg/dL)", "중앙값", "목표 70–180 mg/dL", "측정 96회"] {
            #expect(svg.contains(label), "\(label)")
        }
        #expect(!svg.contains("Ambulatory") && !svg.contains("time of day") && !svg.contains(">median<"))
        // English stays the default.
        let english = harness.directory.appendingPathComponent("agp-en.svg").path
        #expect(harness.run("glucose", "report", "--days", "7", "--svg", english).status == 0)
        #expect(try String(contentsOfFile: english, encoding: .utf8).contains("Ambulatory glucose profile"))
    }
}

extension GlucoseHarness {
    /// Runs a command as `tend --lang ko` does: the Korean language handed to the command.
    func korean(_ arguments: String...) -> Result {
        let context = GlucoseContext(useCases: glucose, ownerID: "local")
        let root = Command(name: "tend", abstract: "test", options: GlobalOptions.all,
                           subcommands: [GlucoseCommands.make(context: { _ in context })])
        let (output, captured) = Output.capturing()
        let status = CommandLineTool(root: root, output: output, catalog: Catalog(language: .ko)).run(arguments + ["--lang", "ko"])
        return Result(status: status, stdout: captured.stdout, stderr: captured.stderr)
    }
}
