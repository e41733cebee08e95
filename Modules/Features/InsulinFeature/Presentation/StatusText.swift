import FoundationEssentials
import Core
import Domain

/// Today's status for a person: the home-screen card and the one-line status-bar form.
public enum StatusText {
    /// The card shown by `tend today` and `tend insulin status`.
    public static func card(_ status: InsulinStatus) -> [String] {
        let settings = status.settings
        let zone = settings.timeZone
        var lines: [String] = []
        if let dose = status.longToday {
            lines.append("\(settings.longName): ✓ taken at \(zone.localTime(of: dose.takenAt)) (\(formatUnits(dose.units)) u)")
        } else {
            var line = "\(settings.longName): ✗ not taken yet"
            line += status.isLongDue ? " — due since \(settings.reminder)" : " (reminder \(settings.reminder))"
            lines.append(line)
            if let last = status.lastLong {
                lines.append("  last \(zone.dateTimeText(of: last.takenAt)) (\(formatUnits(last.units)) u)")
            }
        }
        if let end = status.longGuardEndsAt, status.longToday == nil {
            lines.append("  the double-dose guard holds until \(describe(end, now: status.now, zone: zone))")
        }
        if let last = status.lastRapid {
            var line = "\(settings.rapidName): last at \(describe(last.takenAt, now: status.now, zone: zone))"
            line += " (\(formatUnits(last.units)) u, \(elapsed(from: last.takenAt, to: status.now)) ago)"
            if status.rapidCountToday > 0 {
                line += " · \(status.rapidCountToday) today, \(formatUnits(status.rapidUnitsToday)) u"
            }
            lines.append(line)
        } else {
            lines.append("\(settings.rapidName): none logged yet")
        }
        return lines
    }

    /// One short line for a shell prompt or a status bar.
    public static func line(_ status: InsulinStatus) -> String {
        let zone = status.settings.timeZone
        var long = "long "
        if let dose = status.longToday {
            long += "✓ \(zone.localTime(of: dose.takenAt))"
        } else {
            long += status.isLongDue ? "✗ due \(status.settings.reminder)" : "✗"
        }
        var rapid = "rapid "
        if let last = status.lastRapid {
            rapid += "\(compactElapsed(from: last.takenAt, to: status.now)) ago (\(formatUnits(last.units))u)"
        } else {
            rapid += "—"
        }
        return "\(long) · \(rapid)"
    }

    /// `22:15` for today, `yesterday 22:15`, else `2026-11-28 22:15`.
    static func describe(_ instant: Date, now: Date, zone: TimeZone) -> String {
        let wall = zone.wallClock(of: instant)
        let time = LocalTime(minutes: wall.secondOfDay / 60)!
        let today = zone.localDate(of: now)
        if wall.date == today { return time.description }
        if wall.date == today.adding(days: -1) { return "yesterday \(time)" }
        if wall.date == today.adding(days: 1) { return "tomorrow \(time)" }
        return "\(wall.date) \(time)"
    }

    static func elapsed(from start: Date, to end: Date) -> String {
        let minutes = max(0, Int(end.timeIntervalSince(start) / 60))
        if minutes < 60 { return "\(minutes) min" }
        if minutes < 48 * 60 { return minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60) min" }
        return "\(minutes / 1440) days"
    }

    static func compactElapsed(from start: Date, to end: Date) -> String {
        let minutes = max(0, Int(end.timeIntervalSince(start) / 60))
        if minutes < 60 { return "\(minutes)m" }
        if minutes < 48 * 60 { return "\(minutes / 60)h\(LocalDateText.pad2(minutes % 60))m" }
        return "\(minutes / 1440)d"
    }
}

enum LocalDateText {
    static func pad2(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                             "September", "October", "November", "December"]
}
