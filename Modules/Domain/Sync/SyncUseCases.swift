import FoundationEssentials
import Core

/// The server a device syncs with: push a batch, pull a page. `tend` reaches it over HTTP; tests
/// in process.
public protocol SyncRemote: Sendable {
    /// Sends a push body (the protocol's JSON) and returns the answer per change.
    func push(_ body: Data) throws -> [SyncPushResult]
    func pull(cursor: String?, limit: Int) throws -> SyncPage
    /// A page without the changes `excludingDevice` made (it has them): the cursor still moves past them.
    func pull(cursor: String?, limit: Int, excludingDevice: String?) throws -> SyncPage
}

extension SyncRemote {
    public func pull(cursor: String?, limit: Int, excludingDevice: String?) throws -> SyncPage {
        try pull(cursor: cursor, limit: limit)
    }
}

/// A push as the server receives it.
public struct SyncPushRequest: Sendable, Codable {
    public let protocolVersion: Int?
    public let deviceID: String
    public let changes: [Change]

    public init(protocolVersion: Int?, deviceID: String, changes: [Change]) {
        self.protocolVersion = protocolVersion
        self.deviceID = deviceID
        self.changes = changes
    }

    enum CodingKeys: String, CodingKey { case protocolVersion = "protocol", deviceID = "device_id", changes }
}

/// What one `tend sync` did.
public struct SyncSummary: Sendable, Equatable {
    public var pushed = 0
    public var pulled = 0
    public var conflicts = 0
    public var pending = 0
    public init() {}
}

public struct SyncStatus: Sendable, Equatable {
    public let pending: Int
    public let lastSyncedAt: Date?
    public let server: String?
}

/// Local-first sync: the server's push and pull, and a device's sync against a `SyncRemote`.
/// Writes never wait for it: every command writes locally, the triggers fill the outbox.
public struct SyncUseCases: Sendable {
    let repository: any SyncRepository
    let clock: any Clock
    let events: any DomainEventSink

    public init(repository: any SyncRepository, clock: any Clock, events: any DomainEventSink) {
        self.repository = repository
        self.clock = clock
        self.events = events
    }

    public var deviceID: String { repository.deviceID }

    // MARK: - The server

    /// Checks the protocol version a request carries: missing or older → `sync_protocol_outdated`.
    public static func checkProtocol(_ version: Int?) throws {
        guard let version else {
            throw AppError.invalidInput("the request names no sync protocol version; update tend", code: "sync_protocol_missing")
        }
        guard version >= SyncProtocol.version else {
            throw AppError(.conflict, code: "sync_protocol_outdated",
                           "this tend speaks sync protocol \(version) and the server \(SyncProtocol.version): update tend, then sync again")
                .with(["protocol": "\(version)", "server_protocol": "\(SyncProtocol.version)"])
        }
        guard version == SyncProtocol.version else {
            throw AppError.invalidInput("sync protocol \(version) is newer than this server's (\(SyncProtocol.version)); update the server",
                                        code: "sync_protocol_unsupported")
        }
    }

    /// Applies a pushed batch for the account: per change `applied`, `duplicate` or `rejected`.
    public func push(_ request: SyncPushRequest, bodyBytes: Int, ownerID: String) throws -> [SyncPushResult] {
        try Self.checkProtocol(request.protocolVersion)
        guard request.changes.count <= SyncProtocol.maximumChanges,
              bodyBytes <= SyncProtocol.maximumBytes || request.changes.count == 1 else {
            throw AppError(.tooLarge, code: "batch_too_large",
                           "a push holds at most \(SyncProtocol.maximumChanges) changes and 1 MiB (one change may be larger alone)")
        }
        guard HLCTimestamp.isValid(deviceID: request.deviceID), request.deviceID != "server" else {
            throw AppError.invalidInput("'\(request.deviceID)' is not a device id", code: "invalid_device_id")
        }
        let now = clock.now
        let (results, report) = try repository.applyPushed(request.changes, ownerID: ownerID, now: now) { table, values in
            try SyncValidation.validate(table: table, values: values, now: now)
        }
        for event in report.events { events.publish(event) }
        return results
    }

    /// The account's changes after `cursor` as the pull's JSON answer.
    public func pull(ownerID: String, cursor: String?, limit: Int?, protocolVersion: Int?, excludingDevice: String? = nil) throws -> String {
        try Self.checkProtocol(protocolVersion)
        let after: Int64
        if let cursor, !cursor.isEmpty {
            guard let number = Int64(cursor), number >= 0 else {
                throw AppError.invalidInput("'\(cursor)' is not a cursor this server gave", code: "invalid_cursor")
            }
            after = number
        } else {
            after = 0
        }
        let limit = limit ?? SyncProtocol.defaultPullLimit
        guard (1...SyncProtocol.maximumPullLimit).contains(limit) else {
            throw AppError.invalidInput("limit is 1 to \(SyncProtocol.maximumPullLimit)", code: "invalid_limit")
        }
        let page = try repository.changeLog(ownerID: ownerID, after: after, limit: limit, excludingDevice: excludingDevice)
        return "{\"changes\":[" + page.changes.joined(separator: ",") + "],\"cursor\":\"\(page.next)\",\"has_more\":\(page.hasMore)}"
    }

    // MARK: - A device

    /// Refuses a database that already belongs to another account.
    public func checkAccount(_ accountID: String) throws {
        if let owner = try repository.value(of: .accountID), owner != accountID {
            throw AppError(.conflict, code: "database_of_another_account",
                           "this database holds another account's history; use a new one for this account (--db PATH or TEND_DB)")
        }
    }

    /// The account this database synced with was deleted: the local history stays, unbound, so
    /// that it can become another account's on its first sync.
    public func forgetAccount() throws {
        try repository.startAfresh()
    }

    /// Push everything pending, then pull everything new. Stops at the first failure with what was
    /// done kept: acknowledged changes left the outbox, each pulled page committed with its cursor.
    public func sync(remote: any SyncRemote, accountID: String, server: String, localOwnerID: String,
                     progress: (SyncSummary) -> Void = { _ in }) throws -> SyncSummary {
        try checkAccount(accountID)
        if try repository.value(of: .accountID) == nil { try repository.set(.accountID, to: accountID) }
        try repository.set(.server, to: server)
        var summary = SyncSummary()
        while true {
            let batch = try repository.outgoing(maxChanges: SyncProtocol.maximumChanges, maxBytes: SyncProtocol.maximumBytes - 512)
            guard !batch.isEmpty else { break }
            let body = "{\"protocol\":\(SyncProtocol.version),\"device_id\":\"\(repository.deviceID)\",\"changes\":["
                + batch.map(\.json).joined(separator: ",") + "]}"
            let results: [SyncPushResult]
            do {
                results = try remote.push(Data(body.utf8))
            } catch let error as AppError where error.kind == .tooLarge && batch.count == 1 {
                // One change the server will never take (a track past its limit): set aside as a
                // rejected conflict, so it does not hold back everything written after it.
                results = [SyncPushResult(changeID: batch[0].id, status: .rejected, reason: error.code, message: error.message)]
            }
            let sent = Set(batch.map(\.id))
            let answered = results.filter { sent.contains($0.changeID) }
            summary.conflicts += try repository.acknowledge(answered, ownerID: localOwnerID)
            summary.pushed += answered.filter { $0.status != .rejected }.count
            progress(summary)
            guard answered.count == batch.count else {
                throw AppError.unavailable("the server answered \(answered.count) of \(batch.count) changes; sync again",
                                           code: "sync_incomplete")
            }
        }
        var cursor = try repository.value(of: .cursor)
        while true {
            let page = try remote.pull(cursor: cursor, limit: SyncProtocol.maximumPullLimit, excludingDevice: repository.deviceID)
            let report = try repository.applyPulled(page, ownerID: localOwnerID)
            for event in report.events { events.publish(event) }
            summary.pulled += report.applied
            summary.conflicts += report.conflicts
            cursor = page.cursor
            progress(summary)
            if !page.hasMore { break }
        }
        try repository.set(.lastSyncedAt, to: ISO8601.format(clock.now, in: TimeZone(identifier: "UTC")!))
        summary.pending = try repository.pendingCount()
        return summary
    }

    public func status() throws -> SyncStatus {
        SyncStatus(pending: try repository.pendingCount(),
                   lastSyncedAt: try repository.value(of: .lastSyncedAt).flatMap(ISO8601.parseInstant),
                   server: try repository.value(of: .server))
    }

    public func conflicts(ownerID: String, includeAcknowledged: Bool = false) throws -> [StoredSyncConflict] {
        try repository.conflicts(ownerID: ownerID, includeAcknowledged: includeAcknowledged)
    }

    /// The open `possible_double_dose` conflicts: `tend insulin status` and `tend today` show them.
    public func openDoubleDoses(ownerID: String) throws -> [StoredSyncConflict] {
        try conflicts(ownerID: ownerID).filter { $0.conflict.kind == .possibleDoubleDose }
    }

    public func acknowledge(ids: [String]?, ownerID: String) throws -> Int {
        try repository.acknowledgeConflicts(ids: ids, ownerID: ownerID, at: clock.now)
    }

    public func restore(id: String, ownerID: String) throws -> StoredSyncConflict {
        let restored = try repository.restoreConflict(id: id, ownerID: ownerID, at: clock.now)
        if let event = Self.event(for: restored.conflict.table, ownerID: ownerID) { events.publish(event) }
        return restored
    }

    /// What a change of a synced table means to the other features.
    public static func event(for table: String, ownerID: String) -> DomainEvent? {
        if table.hasPrefix("insulin_") { return .insulinChanged(ownerID: ownerID) }
        if table.hasPrefix("quest_") { return .questChanged(ownerID: ownerID) }
        if table.hasPrefix("supplement") { return .supplementsChanged(ownerID: ownerID) }
        return nil
    }
}
