import FoundationEssentials
import Core
import Domain

/// The words of `tend sync`.
public enum SyncText {
    static func summary(_ summary: SyncSummary, server: String) -> String {
        var lines = ["Synced with \(server): \(summary.pushed) sent, \(summary.pulled) received."]
        if summary.conflicts > 0 {
            lines.append("\(summary.conflicts) conflict\(summary.conflicts == 1 ? "" : "s") to look at: tend sync conflicts")
        }
        if summary.pending > 0 { lines.append("\(summary.pending) still waiting to be sent.") }
        return lines.joined(separator: "\n")
    }

    static func status(_ status: SyncStatus, server: String?, zone: TimeZone) -> String {
        [
            "Server:       \(server ?? "none (logged out: tend account login)")",
            "Pending:      \(status.pending) change\(status.pending == 1 ? "" : "s")",
            "Last synced:  \(status.lastSyncedAt.map { zone.dateTimeText(of: $0) } ?? "never")",
        ].joined(separator: "\n")
    }

    /// A conflict's short name (`SyncConflict.handle`).
    public static func handle(of id: String) -> String { SyncConflict.handle(of: id) }

    static func conflicts(_ list: [StoredSyncConflict], zone: TimeZone) -> String {
        guard !list.isEmpty else { return "No conflicts." }
        return list.map { stored in
            let conflict = stored.conflict
            let head = "\(handle(of: conflict.id))  \(zone.dateTimeText(of: stored.detectedAt))  \(describe(stored))"
            return head
        }.joined(separator: "\n") + "\n\nRestore a lost value: tend sync conflicts restore HANDLE · dismiss: tend sync conflicts ack HANDLE|--all"
    }

    static func describe(_ stored: StoredSyncConflict) -> String {
        let conflict = stored.conflict
        let record = conflict.recordID == "singleton" ? noun(conflict.table) : "\(noun(conflict.table)) \(Handle.of(conflict.recordID))"
        switch conflict.kind {
        case .fieldOverwritten:
            return "\(record): \(conflict.field ?? "?") kept \(shown(conflict.kept)), lost \(shown(conflict.lost))"
        case .editAfterDelete:
            return "\(record) was deleted on another device; an edit of \(conflict.field ?? "?") (\(shown(conflict.lost))) was set aside"
        case .possibleDoubleDose:
            return "possible double dose: long-acting \(Handle.of(conflict.recordID)) and \(Handle.of(conflict.otherRecordID ?? "")) "
                + "were logged on two devices inside the guard window; both are kept"
        case .duplicateSupplement:
            return "supplement taken twice in one slot on two devices (\(Handle.of(conflict.recordID)), "
                + "\(Handle.of(conflict.otherRecordID ?? ""))); both are kept"
        case .rejected:
            return "\(record): the server refused the change (\(stored.reason ?? "rejected"))"
        }
    }

    static func restored(_ stored: StoredSyncConflict) -> String {
        "Restored \(stored.conflict.field ?? "the value") of \(noun(stored.conflict.table)) \(Handle.of(stored.conflict.recordID)): "
            + "\(shown(stored.conflict.lost)). It is sent with the next sync."
    }

    static func shown(_ value: SyncValue?) -> String {
        guard let value else { return "nothing" }
        switch value {
        case .null: return "nothing"
        case .string(let text):
            let line = String(text.map { $0 == "\n" ? " " : $0 })
            return "\"" + (line.count > 40 ? String(line.prefix(39)) + "…" : line) + "\""
        default: return value.description
        }
    }

    static func noun(_ table: String) -> String {
        switch table {
        case "insulin_doses": "dose"
        case "insulin_settings": "insulin settings"
        case "quest_entries": "quest answer"
        case "quest_journeys": "journey"
        case "workouts": "session"
        case "diet_entries": "meal entry"
        case "weights": "weight"
        case "activities": "activity"
        case "supplement_intakes": "supplement intake"
        default: String(table.map { $0 == "_" ? " " : $0 })
        }
    }
}
