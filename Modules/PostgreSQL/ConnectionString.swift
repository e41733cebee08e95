import CPQ
import Core

/// A libpq connection string in any of its forms (`postgres://…` or `host=… dbname=…`), and
/// the words that name it in messages: host, port and database, never the password.
public struct ConnectionString: Sendable {
    public let text: String
    /// `host:port/dbname`, for messages and logs.
    public let place: String

    public init(_ text: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(text, &message) else {
            if let message { PQfreemem(message) } // its text may quote the string, password and all
            throw AppError.invalidInput("the database URL is not a PostgreSQL connection string (postgres://user@host:port/dbname, "
                                        + "or host=… dbname=…)", code: "invalid_database_url")
        }
        defer { PQconninfoFree(options) }
        var values: [String: String] = [:]
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val { values[String(cString: keyword)] = String(cString: value) }
            option += 1
        }
        self.text = text
        let host = values["host"].flatMap { $0.isEmpty ? nil : $0 } ?? values["hostaddr"] ?? "the local socket"
        let port = values["port"].map { ":" + $0 } ?? ""
        place = host + port + "/" + (values["dbname"] ?? values["user"] ?? "postgres")
    }

    /// Whether a `--database` value names PostgreSQL rather than an SQLite file.
    public static func isPostgres(_ value: String) -> Bool {
        value.hasPrefix("postgres://") || value.hasPrefix("postgresql://")
            || value.split(separator: " ").contains { $0.hasPrefix("host=") || $0.hasPrefix("dbname=") }
    }
}
