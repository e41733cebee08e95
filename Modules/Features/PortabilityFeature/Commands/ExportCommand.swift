import FoundationEssentials
import Console
import Core
import Domain
#if canImport(Glibc)
import Glibc
#endif

/// `tend export [--to FILE.zip]`: one zip of everything the database holds for the person
/// (docs/export.md), with a progress line on a terminal while a large history is written.
struct ExportCommand: Sendable {
    let makeContext: PortabilityCommands.ContextProvider

    static let to = Option.value("to", valueName: "FILE.zip", help: "Where to write the zip (default: tend-export-YYYY-MM-DD.zip here).")

    var command: Command {
        Command(
            name: "export", abstract: "Export everything this database holds for you as one zip of open formats.",
            discussion: """
                JSON of every record with every field, CSV for spreadsheets (doses, sets, meals, weight,
                supplements, runs and hikes), one GPX file per tracked run or hike, the doses as
                Nightscout treatments and the quest journeys as Markdown. 'tend import' reads it back.
                """,
            options: [Self.to], run: run)
    }

    func run(_ invocation: Invocation) throws {
        let context = try makeContext(invocation)
        let path = invocation.option(Self.to)?.nilIfBlank
            ?? "tend-export-\(TimeZone.current.localDate(of: context.clock.now)).zip"
        let output = invocation.output
        let showsProgress = output.isTerminal && !GlobalOptions.wantsJSON(invocation)
        var shown = false
        let counts: PersonalDataCounts
        do {
            counts = try context.store.export(ownerID: context.ownerID, to: path, appVersion: context.appVersion,
                                              language: invocation.language == .ko ? .ko : .en) { done, total in
                guard showsProgress, total >= 5_000, done < total else { return }
                output.write(.redrawLine, "Exporting: \(done) of \(total) records…")
                shown = true
            }
        } catch {
            if shown { output.write(.redrawLine) }
            throw error
        }
        if shown { output.write(.redrawLine) }
        let absolute = TextFile.absolute(path)
        let bytes = Self.size(of: path)
        try invocation.respond(json: { ExportJSON(path: absolute, counts: counts.counts, bytes: bytes) }, text: {
            Self.summary(counts, path: absolute, bytes: bytes)
        })
    }

    static func size(of path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    static func summary(_ counts: PersonalDataCounts, path: String, bytes: Int) -> String {
        var lines = ["Exported \(counted(counts.total, "record")) to \(path) (\(byteText(bytes)))."]
        let shown = counts.counts.filter { $0.value > 0 }.sorted { $0.key < $1.key }
        if !shown.isEmpty {
            var table = Table(columns: [(title: "Kind", alignment: .left), (title: "Records", alignment: .right)])
            for (name, count) in shown { table.addRow([name, String(count)]) }
            lines.append(table.render())
        }
        return lines.joined(separator: "\n")
    }

    static func byteText(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) bytes" }
        if bytes < 1024 * 1024 { return "\((Double(bytes) / 1024 * 10).rounded() / 10) KB" }
        return "\((Double(bytes) / 1024 / 1024 * 10).rounded() / 10) MB"
    }
}

/// `tend export --json`.
struct ExportJSON: Encodable {
    let path: String
    let counts: [String: Int]
    let bytes: Int
}
