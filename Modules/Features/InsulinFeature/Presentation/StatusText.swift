import FoundationEssentials
import Core
import Domain

/// Today's status for a person: the home-screen card and the one-line status-bar form.
public enum StatusText {
    /// The card shown by `tend today` and `tend insulin status`, in the screen's language.
    public static func card(_ status: InsulinStatus, language: Language = .en) -> [String] {
        if language == .ko { return koreanCard(status) }
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

    /// The card in Korean (해요체), times as the couple home writes them (`22:14`, `어제 22:14`).
    static func koreanCard(_ status: InsulinStatus) -> [String] {
        let settings = status.settings
        let zone = settings.timeZone
        let names = koreanNames(settings)
        var lines: [String] = []
        if let dose = status.longToday {
            lines.append("\(names.long): ✓ \(zone.localTime(of: dose.takenAt))에 맞았어요 (\(formatUnits(dose.units))단위)")
        } else {
            var line = "\(names.long): ✗ 아직 안 맞았어요"
            line += status.isLongDue ? " — \(settings.reminder)부터 맞을 시간이에요" : " (알림 \(settings.reminder))"
            lines.append(line)
            if let last = status.lastLong {
                let when = describe(last.takenAt, now: status.now, zone: zone, language: .ko)
                lines.append("  마지막 투여 \(when) (\(formatUnits(last.units))단위)")
            }
        }
        if let end = status.longGuardEndsAt, status.longToday == nil {
            lines.append("  중복 투여 방지는 \(describe(end, now: status.now, zone: zone, language: .ko))까지예요")
        }
        if let last = status.lastRapid {
            var line = "\(names.rapid): 마지막 \(describe(last.takenAt, now: status.now, zone: zone, language: .ko))"
            line += " (\(formatUnits(last.units))단위, \(elapsed(from: last.takenAt, to: status.now, language: .ko)) 전)"
            if status.rapidCountToday > 0 {
                line += " · 오늘 \(status.rapidCountToday)번, \(formatUnits(status.rapidUnitsToday))단위"
            }
            lines.append(line)
        } else {
            lines.append("\(names.rapid): 아직 기록이 없어요")
        }
        return lines
    }

    /// The insulin names as set, except that the untouched English defaults read as the
    /// seed's 지효성 / 속효성.
    static func koreanNames(_ settings: InsulinSettings) -> (long: String, rapid: String) {
        (settings.hasDefaultName(.long) ? "지효성" : settings.longName, settings.hasDefaultName(.rapid) ? "속효성" : settings.rapidName)
    }

    /// One short line for a shell prompt or a status bar.
    public static func line(_ status: InsulinStatus, language: Language = .en) -> String {
        let zone = status.settings.timeZone
        let ko = language == .ko
        var long = ko ? "지효성 " : "long "
        if let dose = status.longToday {
            long += "✓ \(zone.localTime(of: dose.takenAt))"
        } else if status.isLongDue {
            long += ko ? "✗ \(status.settings.reminder)부터" : "✗ due \(status.settings.reminder)"
        } else {
            long += "✗"
        }
        var rapid = ko ? "속효성 " : "rapid "
        if let last = status.lastRapid {
            rapid += ko
                ? "\(compactElapsed(from: last.takenAt, to: status.now, language: .ko)) 전 (\(formatUnits(last.units))단위)"
                : "\(compactElapsed(from: last.takenAt, to: status.now)) ago (\(formatUnits(last.units))u)"
        } else {
            rapid += "—"
        }
        return "\(long) · \(rapid)"
    }

    /// `22:15` for today, `yesterday 22:15`, else `2026-11-28 22:15`; in Korean `22:15`,
    /// `어제 22:15`, `내일 22:15`, else `11월 28일 22:15`.
    static func describe(_ instant: Date, now: Date, zone: TimeZone, language: Language = .en) -> String {
        let wall = zone.wallClock(of: instant)
        let time = LocalTime(minutes: wall.secondOfDay / 60)!
        let today = zone.localDate(of: now)
        let ko = language == .ko
        if wall.date == today { return time.description }
        if wall.date == today.adding(days: -1) { return ko ? "어제 \(time)" : "yesterday \(time)" }
        if wall.date == today.adding(days: 1) { return ko ? "내일 \(time)" : "tomorrow \(time)" }
        if ko {
            return wall.date.year == today.year
                ? "\(wall.date.month)월 \(wall.date.day)일 \(time)"
                : "\(wall.date.year)년 \(wall.date.month)월 \(wall.date.day)일 \(time)"
        }
        return "\(wall.date) \(time)"
    }

    static func elapsed(from start: Date, to end: Date, language: Language = .en) -> String {
        let minutes = max(0, Int(end.timeIntervalSince(start) / 60))
        if language == .ko {
            if minutes < 60 { return "\(minutes)분" }
            if minutes < 48 * 60 { return minutes % 60 == 0 ? "\(minutes / 60)시간" : "\(minutes / 60)시간 \(minutes % 60)분" }
            return "\(minutes / 1440)일"
        }
        if minutes < 60 { return "\(minutes) min" }
        if minutes < 48 * 60 { return minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60) min" }
        return "\(minutes / 1440) days"
    }

    static func compactElapsed(from start: Date, to end: Date, language: Language = .en) -> String {
        let minutes = max(0, Int(end.timeIntervalSince(start) / 60))
        if language == .ko { return elapsed(from: start, to: end, language: .ko) }
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
