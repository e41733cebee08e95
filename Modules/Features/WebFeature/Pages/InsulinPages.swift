import FoundationEssentials
import Core
import Domain

/// The insulin screen: the status, the seed's widget (one tap logs the default dose; units and
/// time a tap away), a refusal of the double-dose guard with its deliberate second tap, and the
/// recent doses. The buttons are `<button name="kind" value="long|rapid">`, as the API's field.
enum InsulinPages {
    static func statusCard(_ status: InsulinStatus, words: WebWords) -> Node {
        let settings = status.settings
        let zone = settings.timeZone
        let longName = words.name(.long, settings), rapidName = words.name(.rapid, settings)
        func when(_ instant: Date) -> String {
            let wall = zone.wallClock(of: instant)
            let time = LocalTime(minutes: wall.secondOfDay / 60)!
            let today = zone.localDate(of: status.now)
            if wall.date == today { return "\(time)" }
            if wall.date == today.adding(days: -1) { return words.ko ? "어제 \(time)" : "yesterday \(time)" }
            return "\(words.date(wall.date)) \(time)"
        }
        return el("section", .class("card"), Attribute("aria-labelledby", "status-title")) {
            el("h2", .id("status-title")) { words.status }
            if let dose = status.longToday {
                el("p", .class("status-line taken")) { words.longTaken(longName, at: zone.localTime(of: dose.takenAt), units: dose.units) }
            } else {
                el("p", attributes: [.class(status.isLongDue ? "status-line due" : "status-line")]) {
                    words.longNotYet(longName, due: status.isLongDue, reminder: settings.reminder)
                }
                if let last = status.lastLong { el("p", .class("status-line muted small")) { words.lastDose(when(last.takenAt), units: last.units) } }
            }
            if let end = status.longGuardEndsAt, status.longToday == nil {
                el("p", .class("status-line muted small")) { words.guardUntil(when(end)) }
            }
            if let last = status.lastRapid {
                el("p", .class("status-line")) {
                    words.rapidLast(rapidName, when(last.takenAt), units: last.units, count: status.rapidCountToday,
                                    total: status.rapidUnitsToday)
                }
            } else {
                el("p", .class("status-line")) { words.rapidNone(rapidName) }
            }
        }
    }

    /// One big button per kind; the units and time to change sit in a disclosure under it.
    static func widget(_ context: WebContext, settings: InsulinSettings) -> Node {
        let words = context.words
        return el("div", .class("doses")) {
            for kind in [InsulinKind.long, .rapid] {
                el("form", Attribute("method", "post"), Attribute("action", "/insulin/doses"), .class("dose \(kind.rawValue)"),
                   Attribute("data-enhance", nil)) {
                    context.csrfField
                    el("button", .type("submit"), .name("kind"), .value(kind.rawValue), .class("log"),
                       .aria(label: "\(kind == .long ? words.logLong : words.logRapid): \(words.units(settings.defaultUnits(of: kind)))")) {
                        el("span") { words.name(kind, settings) }
                        el("span", .class("units")) { words.units(settings.defaultUnits(of: kind)) }
                    }
                    el("details") {
                        el("summary") { words.change }
                        Tags.field(words.units, name: "units", type: "number", value: formatUnits(settings.defaultUnits(of: kind)),
                                   id: "units-\(kind.rawValue)",
                                   extra: [Attribute("min", "0.5"), Attribute("max", "100"), Attribute("step", "0.5"),
                                           Attribute("inputmode", "decimal")])
                        Tags.field(words.time, name: "taken_at", type: "time", id: "time-\(kind.rawValue)")
                    }
                }
            }
        }
    }

    /// The guard's refusal: why, with the other dose's time, and a second, deliberate button.
    static func refusal(_ context: WebContext, kind: InsulinKind, other: Dose, settings: InsulinSettings, today: LocalDate,
                        action: String, carried: [(String, String)], anyway: String) -> Node {
        let words = context.words
        return el("section", .class("notice warn refusal"), Attribute("role", "alert"), Attribute("aria-labelledby", "refusal-title")) {
            el("h2", .id("refusal-title"), Attribute("data-focus", nil)) { words.refusedTitle }
            el("p") { words.refusal(kind: kind, other: other, settings: settings, today: today) }
            el("form", Attribute("method", "post"), Attribute("action", action), .class("row")) {
                context.csrfField
                for (name, value) in carried { Tags.hidden(name, value) }
                Tags.hidden("force", "true")
                el("button", .type("submit"), .name("kind"), .value(kind.rawValue), .class("danger")) { anyway }
                el("a", .class("button secondary"), .href("/insulin")) { words.cancel }
            }
        }
    }

    static func doseRow(_ dose: Dose, settings: InsulinSettings, words: WebWords, showDate: Bool) -> Node {
        let zone = settings.timeZone
        let wall = zone.wallClock(of: dose.takenAt)
        let time = LocalTime(minutes: wall.secondOfDay / 60)!
        return el("li") {
            el("div") {
                el("span", .class("kind-\(dose.kind.rawValue)")) { words.name(dose.kind, settings) }
                " " + words.units(dose.units) + " · " + (showDate ? "\(words.date(wall.date)) \(time)" : "\(time)")
                if let note = dose.note { el("br"); el("span", .class("muted small")) { note } }
            }
            el("a", .class("button secondary"), .href("/insulin/doses/\(dose.id)"),
               .aria(label: "\(words.edit): \(words.name(dose.kind, settings)) \(words.units(dose.units)) \(time)")) { words.edit }
        }
    }
}
