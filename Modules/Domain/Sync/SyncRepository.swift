import FoundationEssentials
import Core

/// The wire version of the sync protocol: a request without it, or with an older one, is refused
/// with `sync_protocol_outdated` before anything is applied.
public enum SyncProtocol {
    public static let version = 1
    public static let maximumChanges = 1_000
    public static let maximumBytes = 1 << 20
    /// A batch of one change may carry a track up to the GPX import's size.
    public static let maximumSingleChangeBytes = 64 << 20
    public static let defaultPullLimit = 500
    public static let maximumPullLimit = 1_000
}

public enum SyncPushStatus: String, Sendable, Codable {
    case applied, duplicate, rejected
}

/// The server's answer for one pushed change.
public struct SyncPushResult: Sendable, Equatable, Codable {
    public let changeID: String
    public let status: SyncPushStatus
    /// For `rejected`: a stable code (`invalid_units`, `not_found`, `unknown_table`, …) and its words.
    public let reason: String?
    public let message: String?

    public init(changeID: String, status: SyncPushStatus, reason: String? = nil, message: String? = nil) {
        self.changeID = changeID
        self.status = status
        self.reason = reason
        self.message = message
    }

    enum CodingKeys: String, CodingKey { case changeID = "change_id", status, reason, message }
}

/// A change waiting in a device's outbox, with its JSON as the push sends it.
public struct OutgoingChange: Sendable {
    public let id: String
    public let json: String
    public init(id: String, json: String) {
        self.id = id
        self.json = json
    }
}

/// A page of the account's change log.
public struct SyncPage: Sendable, Codable {
    public let changes: [Change]
    public let cursor: String
    public let hasMore: Bool

    public init(changes: [Change], cursor: String, hasMore: Bool) {
        self.changes = changes
        self.cursor = cursor
        self.hasMore = hasMore
    }

    enum CodingKeys: String, CodingKey { case changes, cursor, hasMore = "has_more" }
}

/// A conflict as a device keeps it until acknowledged.
public struct StoredSyncConflict: Sendable, Equatable {
    public let conflict: SyncConflict
    /// For `rejected`: the server's reason code.
    public let reason: String?
    public let detectedAt: Date
    public let acknowledgedAt: Date?

    public init(conflict: SyncConflict, reason: String?, detectedAt: Date, acknowledgedAt: Date?) {
        self.conflict = conflict
        self.reason = reason
        self.detectedAt = detectedAt
        self.acknowledgedAt = acknowledgedAt
    }
}

/// What applying changes from elsewhere did.
public struct SyncApplyReport: Sendable, Equatable {
    public var applied = 0
    public var conflicts = 0
    /// What the applied changes mean to other features, published after the commit.
    public var events: [DomainEvent] = []
    public init() {}
}

/// What a device remembers about its sync.
public enum SyncStateKey: String, Sendable, CaseIterable {
    case accountID = "account_id"
    case server
    case cursor
    case lastSyncedAt = "last_synced_at"
}

/// Sync's storage: the outbox or change log, the merge state, the conflicts. Writes of synced
/// tables reach it by themselves (triggers); these are the steps of a sync.
public protocol SyncRepository: Sendable {
    /// This database's device id (`server` on a server).
    var deviceID: String { get }

    // MARK: A device

    /// Changes written here and not yet acknowledged by the server.
    func pendingCount() throws -> Int
    /// The oldest pending changes, at most `maxChanges` and about `maxBytes` of JSON (always at
    /// least one).
    func outgoing(maxChanges: Int, maxBytes: Int) throws -> [OutgoingChange]
    /// Removes what the server took (applied or duplicate); a rejected change leaves the outbox
    /// and becomes a `rejected` conflict. Returns the conflicts recorded.
    func acknowledge(_ results: [SyncPushResult], ownerID: String) throws -> Int
    /// Applies a pulled page and saves its cursor, in one transaction; this device's own changes
    /// are skipped (they are already here). Nothing it writes enters the outbox.
    func applyPulled(_ page: SyncPage, ownerID: String) throws -> SyncApplyReport
    /// Forgets the account, the cursor and the merge state, and puts the whole live local
    /// history back in the outbox: the next sync makes it the (new) account's.
    func startAfresh() throws
    func value(of key: SyncStateKey) throws -> String?
    func set(_ key: SyncStateKey, to value: String?) throws

    // MARK: A server

    /// Applies a pushed batch for one account in one transaction; each change is applied,
    /// recognised as a duplicate, or rejected alone (its writes undone), with `validate` run on
    /// the merged values of every record a change touches.
    func applyPushed(_ changes: [Change], ownerID: String, now: Date,
                     validate: (_ table: String, _ values: [String: SyncValue]) throws -> Void) throws
        -> (results: [SyncPushResult], report: SyncApplyReport)
    /// The account's changes after `cursor`, in commit order, as JSON objects, with the next cursor;
    /// without those `excludingDevice` made (it has them).
    func changeLog(ownerID: String, after cursor: Int64, limit: Int, excludingDevice: String?) throws
        -> (changes: [String], next: Int64, hasMore: Bool)

    // MARK: Conflicts (a device)

    func conflicts(ownerID: String, includeAcknowledged: Bool) throws -> [StoredSyncConflict]
    /// Acknowledges the ones named (all open ones for nil); returns how many.
    func acknowledgeConflicts(ids: [String]?, ownerID: String, at date: Date) throws -> Int
    /// Writes the lost value back as a new local change (which wins), and acknowledges the conflict.
    func restoreConflict(id: String, ownerID: String, at date: Date) throws -> StoredSyncConflict
}
