import FoundationEssentials
import Core
import Domain

/// The values of a Tend export (`tend import`): typed by the same columns as sync, except a blob,
/// which an export writes as base64 text where the wire carries hex.
extension SyncValues {
    /// The value a column takes from an export, or an error naming the field.
    static func importedValue(_ value: SyncValue, column: SyncTable.Column) throws -> SQLValue {
        if column.type == .blob, case .string(let text) = value {
            guard let data = Data(base64Encoded: text) else { throw invalid(column.name, "is not base64 text") }
            return .blob(data)
        }
        return try sqlValue(value, column: column)
    }

    /// Whether two stored values are the same value of a column (`5` and `5.0` of a REAL one are).
    static func same(_ left: SQLValue, _ right: SQLValue, type: SyncTable.ColumnType) -> Bool {
        syncValue(left, type: type) == syncValue(right, type: type)
    }

    /// Child rows as the JSON text of their parent's field, as sync carries them (for validation).
    static func childJSON(_ rows: [[SQLValue]], columns: [SyncTable.Column]) throws -> String {
        let objects = rows.map { row in
            Dictionary(uniqueKeysWithValues: zip(columns, row).map { ($0.name, syncValue($1, type: $0.type)) })
        }
        return String(decoding: try encoder.encode(objects), as: UTF8.self)
    }
}
