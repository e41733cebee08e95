import Core

/// One result row: values by column name, decoded to the type the caller asks for.
public struct Row: Sendable, Equatable {
    public let columns: [String]
    public let values: [SQLValue]

    public init(columns: [String], values: [SQLValue]) {
        self.columns = columns
        self.values = values
    }

    public subscript(column: String) -> SQLValue {
        guard let index = index(of: column) else { return .null }
        return values[index]
    }

    /// Lengths first: comparing two names of the same length is the only comparison that costs
    /// (a long name is not stored inline, and a settings row has twenty of them).
    private func index(of column: String) -> Int? {
        let length = column.utf8.count
        return columns.firstIndex { $0.utf8.count == length && $0 == column }
    }

    /// The column decoded as `T`; a missing column or a value of another type is an error that
    /// names the column, never a silent default.
    public func get<T: DatabaseValueConvertible>(_ column: String, as type: T.Type = T.self) throws -> T {
        guard let index = index(of: column) else {
            throw AppError(.internalFailure, code: "database_error", "no column '\(column)' in the result")
        }
        guard let value = T(sqlValue: values[index]) else {
            throw AppError(.internalFailure, code: "database_error",
                           "column '\(column)' holds \(values[index].typeName), not \(T.self)")
        }
        return value
    }
}
