import FoundationEssentials
import Core
import Domain

/// A dose as `--json` and the API print it: times in the user's offset, with its insulin day.
public struct DoseJSON: Encodable, Sendable, Equatable {
    public let id: String
    /// What a person types to edit it (`tend insulin edit HANDLE`).
    public let handle: String
    public let kind: String
    public let units: Double
    public let takenAt: String
    public let insulinDay: String
    public let note: String?

    public init(_ dose: Dose, settings: InsulinSettings, handle: String? = nil) {
        id = dose.id
        self.handle = handle ?? Handle.of(dose.id)
        kind = dose.kind.rawValue
        units = dose.units
        takenAt = ISO8601.format(dose.takenAt, in: settings.timeZone)
        insulinDay = settings.insulinDays.day(of: dose.takenAt).description
        note = dose.note
    }

    enum CodingKeys: String, CodingKey {
        case id, handle, kind, units, takenAt = "taken_at", insulinDay = "insulin_day", note
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(handle, forKey: .handle)
        try container.encode(kind, forKey: .kind)
        try container.encode(units, forKey: .units)
        try container.encode(takenAt, forKey: .takenAt)
        try container.encode(insulinDay, forKey: .insulinDay)
        try container.encode(note, forKey: .note) // null, not absent: a stable shape for scripts
    }
}

/// `{"doses": [...]}`.
public struct DoseListJSON: Encodable, Sendable {
    public let doses: [DoseJSON]

    public init(_ doses: [Dose], settings: InsulinSettings) {
        let handles = Handle.handles(for: doses.map(\.id))
        self.doses = doses.map { DoseJSON($0, settings: settings, handle: handles[$0.id]) }
    }
}
