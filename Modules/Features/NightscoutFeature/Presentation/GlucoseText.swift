import FoundationEssentials
import Console
import Core
import Domain

/// The text of `tend glucose import` and `tend glucose doses`.
enum GlucoseText {
    static func imported(_ summary: GlucoseImport.Summary, zone: TimeZone) -> String {
        let name = switch summary.format {
        case .libreView: "LibreView"
        case .clarity: "Dexcom Clarity"
        case .nightscout: "Nightscout entries"
        }
        var lines = ["\(name) (\(summary.unit.rawValue), dates \(summary.dateOrder)): "
                     + "\(counted(summary.readingsAdded, "new reading")) of \(summary.readings), "
                     + "\(counted(summary.dosesAdded, "new dose")) of \(summary.doses)."]
        if let first = summary.first, let last = summary.last {
            lines.append("  from \(zone.dateTimeText(of: first)) to \(zone.dateTimeText(of: last))")
        }
        if summary.readingsAdded == 0 && summary.dosesAdded == 0 && summary.readings + summary.doses > 0 {
            lines.append("  Everything in it was already here.")
        }
        return lines.joined(separator: "\n")
    }
}

extension GlucoseText {
    static func report(_ report: GlucoseReport, first: LocalDate, last: LocalDate, unit: GlucoseUnit) -> String {
        let span = first == last ? "today, \(first)" : "\(first) – \(last)"
        guard let bands = report.bands, let mean = report.mean else {
            return "Glucose · \(span): no sensor readings (tend glucose import FILE)"
        }
        func pct(_ value: Double) -> String { SVGDrawing.number(value) + " %" }
        var lines = ["Glucose · \(span) · \(report.readings) readings, sensor active \(pct(report.coverage ?? 0))", ""]
        var table = Table(columns: [("", .left), ("", .right), ("target", .left)])
        table.addRow(["very high > 250", pct(bands.veryHigh), "< 5 %"])
        table.addRow(["high 181–250", pct(bands.high), "above range < 25 % in all"])
        table.addRow(["in range 70–180", pct(bands.inRange), "> 70 %"])
        table.addRow(["low 54–69", pct(bands.low), "below range < 4 % in all"])
        table.addRow(["very low < 54", pct(bands.veryLow), "< 1 %"])
        lines.append(table.render().split(separator: "\n").dropFirst(2).joined(separator: "\n"))
        lines.append("")
        lines.append("average \(unit.format(mgdl: mean)) \(unit.rawValue) · GMI \(pct(report.gmi ?? 0)) · CV \(pct(report.cv ?? 0))"
                     + ((report.cv ?? 0) <= 36 ? " (stable)" : " (unstable: over 36 %)"))
        lines.append("ranges in mg/dL, as the consensus sets them; targets for most adults with type 1 or 2 diabetes")
        return lines.joined(separator: "\n")
    }
}

/// `tend glucose doses` as text: two tables and a line per long-acting dose size.
enum DoseEffectsText {
    static func render(_ report: DoseEffects, first: LocalDate, last: LocalDate, unit: GlucoseUnit, zone: TimeZone) -> String {
        func value(_ mgdl: Double?) -> String { mgdl.map { unit.format(mgdl: $0) } ?? "–" }
        func change(_ mgdl: Double?) -> String {
            guard let mgdl else { return "–" }
            let text = unit.format(mgdl: abs(mgdl))
            return (mgdl >= 0 ? "+" : "−") + text
        }
        var lines = ["What the doses did · \(first) – \(last) · \(unit.rawValue)", ""]
        lines.append("Rapid-acting: glucose at the dose, and 2 and 4 hours after")
        if report.rapid.isEmpty {
            lines.append("  no rapid-acting doses")
        } else {
            var table = Table(columns: [("period", .left), ("doses", .right), ("avg u", .right), ("at dose", .right),
                                        ("+2 h", .right), ("change", .right), ("+4 h", .right), ("change", .right)])
            for group in report.rapid {
                let hours = group.period.hours
                table.addRow(["\(group.period.rawValue) \(LocalDate.twoDigits(hours.lowerBound))–\(LocalDate.twoDigits(hours.upperBound))",
                              "\(group.doses)", group.averageUnits.map { formatUnits(($0 * 10).rounded() / 10) } ?? "–",
                              value(group.atDose), value(group.after2h), change(group.change2h) + " (\(group.paired2h))",
                              value(group.after4h), change(group.change4h) + " (\(group.paired4h))"])
            }
            lines.append(table.render())
            lines.append("  (n): doses with a reading at the dose and then, and no other rapid dose between")
        }
        lines.append("")
        lines.append("Long-acting: the night after each dose (00:00–06:00) and the fasting glucose")
        if report.long.isEmpty {
            lines.append("  no long-acting doses")
        } else {
            var table = Table(columns: [("night of", .left), ("dose at", .right), ("units", .right), ("overnight", .right),
                                        ("lowest", .right), ("drift", .right), ("fasting", .right)])
            for night in report.long {
                table.addRow(["\(night.night)", "\(zone.localTime(of: night.takenAt))", formatUnits(night.units),
                              value(night.overnightMean), value(night.overnightMin), change(night.drift), value(night.fasting)])
            }
            lines.append(table.render())
            for group in report.longByUnits {
                lines.append("  \(formatUnits(group.units)) u: \(counted(group.nights, "night")), fasting \(value(group.fasting)), "
                             + "drift \(change(group.drift)), \(counted(group.lowNights, "night")) under \(unit.format(mgdl: 70))")
            }
        }
        return lines.joined(separator: "\n")
    }
}

extension LocalDate {
    static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
