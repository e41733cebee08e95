import FoundationEssentials
import Console
import Core
import Domain

/// What `tend glucose` works with: the glucose use cases on the local database.
public struct GlucoseContext: Sendable {
    public let useCases: GlucoseUseCases
    public let ownerID: String
    /// `tend glucose pull`'s pull, transport and credential sources.
    public let pull: NightscoutPullContext?

    public init(useCases: GlucoseUseCases, ownerID: String, pull: NightscoutPullContext? = nil) {
        self.useCases = useCases
        self.ownerID = ownerID
        self.pull = pull
    }
}

/// `tend glucose [import | pull | report | doses | unit]`: the readings a CGM app exported, and what the
/// doses did; bare, today's readings.
public enum GlucoseCommands {
    public typealias ContextProvider = @Sendable (Invocation) throws -> GlucoseContext

    static let dateOrder = Option.value("date-order", valueName: "ORDER",
                                        help: "day-first or month-first, when no date of a LibreView file tells.",
                                        allowedValues: ["day-first", "month-first"])
    static let days = Option.value("days", valueName: "N", help: "Insulin days back from today, today included (default 28).")

    public static func make(context: @escaping ContextProvider) -> Command {
        Command(
            name: "glucose",
            abstract: "Glucose from your CGM next to your insulin: import the exports, and see what the doses did.",
            discussion: """
                Reads Abbott LibreView's and Dexcom Clarity's CSV exports (mg/dL or mmol/L) and Nightscout
                entries JSON. Readings are kept in mg/dL and shown in your unit ('tend glucose unit').
                """,
            subcommands: [importFile(context), pull(context), report(context), doses(context), unit(context)]
        ) { invocation in
            // Bare: today so far, as `report --days 1` (the same text and JSON).
            let context = try context(invocation)
            let (report, first, last) = try context.useCases.report(ownerID: context.ownerID, days: 1)
            let unit = try context.useCases.unit(ownerID: context.ownerID)
            try invocation.respond(json: { GlucoseReportJSON(report, first: first, last: last, unit: unit, svg: nil) },
                                   text: { GlucoseText.report(report, first: first, last: last, unit: unit) })
        }
    }

    static func importFile(_ context: @escaping ContextProvider) -> Command {
        Command(name: "import", abstract: "Import a LibreView or Dexcom Clarity CSV export, or Nightscout entries JSON; twice adds nothing.",
                arguments: [Argument("file", help: "The export file.")], options: [dateOrder]) { invocation in
            let context = try context(invocation)
            let path = invocation.argument("file") ?? ""
            let order = invocation.option(dateOrder).flatMap(WallTime.Order.init(rawValue:))
            let summary = try context.useCases.importFile(ownerID: context.ownerID, data: try read(path), dateOrder: order)
            let zone = try context.useCases.insulinSettings(ownerID: context.ownerID).timeZone
            try invocation.respond(json: { GlucoseImportJSON(summary, zone: zone) }, text: { GlucoseText.imported(summary, zone: zone) })
        }
    }

    static let svg = Option.value("svg", valueName: "FILE", help: "Also draw the ambulatory glucose profile as an SVG file.")
    static let reportDays = Option.value("days", valueName: "N", help: "Days back from today, today included (default 14).")

    static func report(_ context: @escaping ContextProvider) -> Command {
        Command(name: "report",
                abstract: "Time in range, average, GMI and variability as the consensus defines them, and the glucose profile (--svg).",
                options: [reportDays, svg]) { invocation in
            let context = try context(invocation)
            let count = try invocation.option(reportDays, expected: "a whole number of days from 1 to 366") { Int($0) } ?? 14
            let (report, first, last) = try context.useCases.report(ownerID: context.ownerID, days: count)
            let unit = try context.useCases.unit(ownerID: context.ownerID)
            let path = invocation.option(svg)
            if let path { _ = try TextFile.write(GlucoseProfileSVG.render(
                report, first: first, last: last, unit: unit, language: Language(rawValue: invocation.language.rawValue) ?? .en), to: path) }
            try invocation.respond(json: { GlucoseReportJSON(report, first: first, last: last, unit: unit, svg: path) },
                                   text: { GlucoseText.report(report, first: first, last: last, unit: unit) })
            if let path { TextFile.announce(path, in: invocation) }
        }
    }

    static func doses(_ context: @escaping ContextProvider) -> Command {
        Command(name: "doses",
                abstract: "What the doses did: glucose at and 2 and 4 h after rapid doses by time of day; the nights after long doses.",
                options: [days]) { invocation in
            let context = try context(invocation)
            let count = try invocation.option(days, expected: "a whole number of days from 1 to 366") { Int($0) } ?? 28
            let (report, first, last) = try context.useCases.doseEffects(ownerID: context.ownerID, days: count)
            let unit = try context.useCases.unit(ownerID: context.ownerID)
            let zone = try context.useCases.insulinSettings(ownerID: context.ownerID).timeZone
            try invocation.respond(json: { DoseEffectsJSON(report, first: first, last: last, unit: unit, zone: zone) },
                                   text: { DoseEffectsText.render(report, first: first, last: last, unit: unit, zone: zone) })
        }
    }

    static func unit(_ context: @escaping ContextProvider) -> Command {
        Command(name: "unit", abstract: "Show or set the unit glucose is shown in: mg/dL or mmol/L.",
                arguments: [Argument("unit", help: "mg/dL or mmol/L.", isOptional: true)]) { invocation in
            let context = try context(invocation)
            if let text = invocation.argument("unit") {
                guard let unit = GlucoseUnit(text: text) else { throw UsageError("the unit is mg/dL or mmol/L (got \(text.printable))") }
                try context.useCases.setUnit(unit, ownerID: context.ownerID)
            }
            let unit = try context.useCases.unit(ownerID: context.ownerID)
            try invocation.respond(json: { ["unit": unit.rawValue] }, text: { "Glucose is shown in \(unit.rawValue)." })
        }
    }

    /// The bytes of an export: a regular file of at most 64 MiB.
    static func read(_ path: String) throws -> Data {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              (attributes[.type] as? FileAttributeType) == .typeRegular,
              let data = FileManager.default.contents(atPath: path) else {
            throw AppError.invalidInput("cannot read the file \(path.printable)", code: "file_not_found").with(["path": path])
        }
        guard data.count <= GlucoseCSV.maximumBytes else {
            throw AppError(.tooLarge, code: "import_too_large", "\(path.printable) is larger than \(GlucoseCSV.maximumBytes >> 20) MiB")
        }
        return data
    }
}
