import FoundationEssentials
import Console
import Core
import Domain

/// Two long-acting doses that two devices logged offline inside the guard window: sync kept both
/// (both may have been injected), and status and today say so until the person acknowledges it.
public struct DoubleDoseWarning: Sendable {
    public let conflict: StoredSyncConflict
    /// The doses still in the log, earlier first.
    public let doses: [Dose]

    var handle: String { conflict.conflict.handle }

    public func lines(settings: InsulinSettings, language: Language) -> [String] {
        let zone = settings.timeZone
        let times = doses.map { "\(zone.dateTimeText(of: $0.takenAt)) \(formatUnits($0.units)) u (\(Handle.of($0.id)))" }
        if language == .ko {
            return ["⚠ 이중 투여 가능성: 두 기기에서 지효성 인슐린이 가드 시간 안에 두 번 기록되었어요 (둘 다 보관).",
                    "  " + times.joined(separator: " · "),
                    "  확인했다면: tend sync conflicts ack \(handle)"]
        }
        return ["⚠ Possible double dose: two devices logged long-acting doses inside the guard window (both kept).",
                "  " + times.joined(separator: " · "),
                "  Once checked: tend sync conflicts ack \(handle)"]
    }

    func json(settings: InsulinSettings) -> DoubleDoseJSON {
        DoubleDoseJSON(conflictID: conflict.conflict.id, handle: handle, doses: doses.map { DoseJSON($0, settings: settings) },
                       detectedAt: ISO8601.format(conflict.detectedAt, in: settings.timeZone))
    }
}

public struct DoubleDoseJSON: Encodable, Sendable {
    let conflictID: String
    let handle: String
    let doses: [DoseJSON]
    let detectedAt: String

    enum CodingKeys: String, CodingKey { case conflictID = "conflict_id", handle, doses, detectedAt = "detected_at" }
}

extension StatusJSON {
    /// The status with the device's open possible double doses.
    public init(_ status: InsulinStatus, warnings: [DoubleDoseWarning]) {
        self.init(status)
        possibleDoubleDoses = warnings.map { $0.json(settings: status.settings) }
    }
}
