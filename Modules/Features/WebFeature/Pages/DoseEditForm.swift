import FoundationEssentials
import Core
import Domain

/// The edit form of one dose (kind, units, time, note) and its delete button.
enum DoseEditForm {
    static func render(_ context: WebContext, dose: Dose, settings: InsulinSettings, error: Node?, refusal: Node?) -> [Node] {
        let words = context.words
        let zone = settings.timeZone
        let wall = zone.wallClock(of: dose.takenAt)
        let local = "\(wall.date)T\(LocalTime(minutes: wall.secondOfDay / 60)!)"
        let path = "/insulin/doses/\(dose.id)"
        return [
            el("h1") { words.editDose },
            error ?? .fragment([]),
            refusal ?? .fragment([]),
            el("form", Attribute("method", "post"), Attribute("action", path), .class("card")) {
                context.csrfField
                Tags.select(words.kind, name: "kind", options: [("long", words.name(.long, settings)), ("rapid", words.name(.rapid, settings))],
                            selected: dose.kind.rawValue)
                Tags.field(words.units, name: "units", type: "number", value: formatUnits(dose.units),
                           extra: [.required, Attribute("min", "0.5"), Attribute("max", "100"), Attribute("step", "0.5"),
                                   Attribute("inputmode", "decimal")])
                Tags.field(words.time.split(separator: "(").first.map { String($0).trimmed } ?? words.time, name: "taken_at",
                           type: "datetime-local", value: local, extra: [.required])
                Tags.field(words.note, name: "note", value: dose.note ?? "", extra: [Attribute("maxlength", "500")])
                el("div", .class("row")) {
                    el("button", .type("submit")) { words.save }
                    el("a", .class("button secondary"), .href("/insulin/doses?month=\(settings.insulinDays.day(of: dose.takenAt).yearMonth)")) {
                        words.cancel
                    }
                }
            },
            el("form", Attribute("method", "post"), Attribute("action", path + "/delete")) {
                context.csrfField
                el("button", .type("submit"), .class("danger wide")) { words.delete }
            },
        ]
    }
}
