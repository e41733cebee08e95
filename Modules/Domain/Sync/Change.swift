import FoundationEssentials
import Core

/// A field value as it travels in a change: JSON's scalars, with integers kept apart from doubles.
/// Encoded as the bare JSON value; an integral JSON number decodes as `.int`, so read numbers
/// with `doubleValue`, which accepts both.
public enum SyncValue: Sendable, Hashable, Codable, CustomStringConvertible {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)

    public var doubleValue: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }

    public var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): String(value)
        case .int(let value): String(value)
        case .double(let value): String(value)
        case .string(let value): value
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Int64.self) { self = .int(value) }
        else if let value = try? container.decode(Double.self) { self = .double(value) }
        else { self = .string(try container.decode(String.self)) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        }
    }
}

public enum SyncOperation: String, Sendable, Codable, CaseIterable {
    /// A new record (or a restore that brings a deleted record back): its fields.
    case insert
    /// Some fields of a record.
    case update
    /// A tombstone: the record is deleted (it stays, marked, so the delete can travel).
    case delete
}

/// One change of one synced record, made on one device. The unit the outbox stores, the push
/// sends and the pull returns.
public struct Change: Sendable, Equatable, Codable {
    /// A UUIDv7 made on the device: a retry of the same change has the same id.
    public let id: String
    /// The synced table (the record's kind), e.g. `insulin_doses`.
    public let table: String
    /// The record's UUIDv7 id.
    public let recordID: String
    public let operation: SyncOperation
    /// Column name → new value (empty for a delete).
    public let fields: [String: SyncValue]
    public let clock: HLCTimestamp
    /// The latest clock of this record the device had merged when it made the change (nil for a
    /// new record, or when unknown): what the change had "seen". A value with a clock at or before
    /// it was in front of the writer, so overwriting it is an edit, not a conflict.
    public let basis: HLCTimestamp?

    /// The device that made the change (the clock's device).
    public var deviceID: String { clock.deviceID }

    public init(id: String, table: String, recordID: String, operation: SyncOperation, fields: [String: SyncValue],
                clock: HLCTimestamp, basis: HLCTimestamp? = nil) {
        self.id = id
        self.table = table
        self.recordID = recordID
        self.operation = operation
        self.fields = operation == .delete ? [:] : fields
        self.clock = clock
        self.basis = basis
    }

    enum CodingKeys: String, CodingKey {
        case id, table, recordID = "record_id", operation, fields, clock, basis
    }
}
