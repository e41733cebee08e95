import FoundationEssentials
import Core
import Domain

/// `tend sync --json`.
struct SyncSummaryJSON: Encodable {
    let pushed: Int
    let pulled: Int
    let conflicts: Int
    let pending: Int

    init(_ summary: SyncSummary) {
        pushed = summary.pushed
        pulled = summary.pulled
        conflicts = summary.conflicts
        pending = summary.pending
    }
}

/// `tend sync status --json`: null where never synced or logged out.
struct SyncStatusJSON: Encodable {
    let pending: Int
    let lastSyncedAt: String?
    let server: String?

    enum CodingKeys: String, CodingKey { case pending, lastSyncedAt = "last_synced_at", server }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(pending, forKey: .pending)
        try container.encode(lastSyncedAt, forKey: .lastSyncedAt)
        try container.encode(server, forKey: .server)
    }
}

struct SyncConflictList: Encodable {
    let conflicts: [SyncConflictJSON]
}

/// One conflict: what was kept and what lost, as values of the field.
struct SyncConflictJSON: Encodable {
    let id: String
    let handle: String
    let kind: String
    let table: String
    let recordID: String
    let field: String?
    let kept: SyncValue?
    let lost: SyncValue?
    let otherRecordID: String?
    let reason: String?
    let detectedAt: String
    let acknowledgedAt: String?

    init(_ stored: StoredSyncConflict, zone: TimeZone) {
        let conflict = stored.conflict
        id = conflict.id
        handle = SyncText.handle(of: conflict.id)
        kind = conflict.kind.rawValue
        table = conflict.table
        recordID = conflict.recordID
        field = conflict.field
        kept = conflict.kept
        lost = conflict.lost
        otherRecordID = conflict.otherRecordID
        reason = stored.reason
        detectedAt = ISO8601.format(stored.detectedAt, in: zone)
        acknowledgedAt = stored.acknowledgedAt.map { ISO8601.format($0, in: zone) }
    }

    enum CodingKeys: String, CodingKey {
        case id, handle, kind, table, recordID = "record_id", field, kept, lost, otherRecordID = "other_record_id", reason
        case detectedAt = "detected_at", acknowledgedAt = "acknowledged_at"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(handle, forKey: .handle)
        try container.encode(kind, forKey: .kind)
        try container.encode(table, forKey: .table)
        try container.encode(recordID, forKey: .recordID)
        try container.encode(field, forKey: .field)
        try container.encode(kept ?? .null, forKey: .kept)
        try container.encode(lost ?? .null, forKey: .lost)
        try container.encode(otherRecordID, forKey: .otherRecordID)
        try container.encode(reason, forKey: .reason)
        try container.encode(detectedAt, forKey: .detectedAt)
        try container.encode(acknowledgedAt, forKey: .acknowledgedAt)
    }
}
