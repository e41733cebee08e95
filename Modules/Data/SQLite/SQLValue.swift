import FoundationEssentials

/// A value as SQLite stores it. Every value reaches SQL as a bound parameter, never spliced in.
public enum SQLValue: Sendable, Equatable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
    case null

    public init(_ value: some DatabaseValueConvertible) {
        self = value.sqlValue
    }

    var typeName: String {
        switch self {
        case .integer: "integer"
        case .real: "real"
        case .text: "text"
        case .blob: "blob"
        case .null: "null"
        }
    }
}

extension SQLValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByNilLiteral {
    public init(stringLiteral value: String) { self = .text(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .real(value) }
    public init(nilLiteral: ()) { self = .null }
}

/// A Swift type that converts to and from an SQLite value.
public protocol DatabaseValueConvertible {
    var sqlValue: SQLValue { get }
    /// nil when the stored value has another type.
    init?(sqlValue: SQLValue)
}

extension Int64: DatabaseValueConvertible {
    public var sqlValue: SQLValue { .integer(self) }
    public init?(sqlValue: SQLValue) {
        guard case .integer(let value) = sqlValue else { return nil }
        self = value
    }
}

extension Int: DatabaseValueConvertible {
    public var sqlValue: SQLValue { .integer(Int64(self)) }
    public init?(sqlValue: SQLValue) {
        guard case .integer(let value) = sqlValue else { return nil }
        self = Int(value)
    }
}

extension Bool: DatabaseValueConvertible {
    public var sqlValue: SQLValue { .integer(self ? 1 : 0) }
    public init?(sqlValue: SQLValue) {
        guard case .integer(let value) = sqlValue else { return nil }
        self = value != 0
    }
}

extension Double: DatabaseValueConvertible {
    public var sqlValue: SQLValue { .real(self) }
    public init?(sqlValue: SQLValue) {
        switch sqlValue {
        case .real(let value): self = value
        case .integer(let value): self = Double(value) // SQLite stores whole REALs compactly
        default: return nil
        }
    }
}

extension String: DatabaseValueConvertible {
    public var sqlValue: SQLValue { .text(self) }
    public init?(sqlValue: SQLValue) {
        guard case .text(let value) = sqlValue else { return nil }
        self = value
    }
}

extension Data: DatabaseValueConvertible {
    public var sqlValue: SQLValue { .blob(self) }
    public init?(sqlValue: SQLValue) {
        guard case .blob(let value) = sqlValue else { return nil }
        self = value
    }
}

/// Instants are stored as Unix milliseconds (INTEGER), as DESIGN.md's data rules say.
extension Date: DatabaseValueConvertible {
    public var sqlValue: SQLValue { .integer(Int64((timeIntervalSince1970 * 1000).rounded())) }
    public init?(sqlValue: SQLValue) {
        guard case .integer(let milliseconds) = sqlValue else { return nil }
        self = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}

extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
    public var sqlValue: SQLValue { self?.sqlValue ?? .null }
    public init?(sqlValue: SQLValue) {
        if case .null = sqlValue {
            self = .none
        } else if let value = Wrapped(sqlValue: sqlValue) {
            self = .some(value)
        } else {
            return nil
        }
    }
}
