import Core
import CPQ

/// Turns what libpq reports into the `AppError` vocabulary. A lost or unreachable server is
/// `database_unavailable` (503 with `Retry-After` on the server); a broken constraint is
/// `constraint_failed`, as SQLite's is; SQL errors keep PostgreSQL's own message.
enum PostgresError {
    /// Seconds a client is told to wait when the database is unreachable.
    static let retryAfterSeconds = 5

    static func unavailable(_ place: String, _ message: String) -> AppError {
        AppError(.unavailable, code: "database_unavailable",
                 "the database at \(place) cannot be reached (\(firstLine(message))); try again shortly", details: retryAfterSeconds)
    }

    /// A write's COMMIT went through and the flush after it failed: in, but not known to be on
    /// disk. Unavailable, so the client retries (an idempotent write applies once).
    static func unconfirmedFlush(_ place: String, _ error: any Error) -> AppError {
        let reason = (error as? AppError)?.message ?? "\(error)"
        return AppError(.unavailable, code: "database_unavailable",
                        "the database at \(place) did not confirm the write on disk (\(firstLine(reason))); try again shortly",
                        details: retryAfterSeconds)
    }

    /// A read made before the write lock was taken found changed once it was (see
    /// `PostgresDatabase.takeLock`): the write runs again with the lock first. The check raises
    /// it as a failed cast of this text (plain SQL has no RAISE).
    static let readChangedCode = "read_changed"
    static let readChangedMarker = "tend: a read changed before the write lock"

    /// A failed command's SQLSTATE ("" when libpq has none).
    static func sqlState(of result: OpaquePointer) -> String {
        PQresultErrorField(result, tend_pg_diag_sqlstate()).map { String(cString: $0) } ?? ""
    }

    static let deadlockState = "40P01"

    static func make(sqlState: String, message: String, place: String) -> AppError {
        if sqlState == "22P02", message.contains(readChangedMarker) {
            return AppError(.unavailable, code: readChangedCode, "the database at \(place) changed what this write read; try again",
                            details: 1)
        }
        if sqlState.hasPrefix("23") {
            return AppError(.invalidInput, code: "constraint_failed", firstLine(message))
        }
        if sqlState.hasPrefix("08") { return unavailable(place, message) }
        switch sqlState {
        case "57P01", "57P02", "57P03", "53300":
            return unavailable(place, message)
        case "40001", "40P01", "55P03", "57014":
            return AppError(.unavailable, code: "database_busy", "the database at \(place) is busy (\(firstLine(message))); try again",
                            details: 1)
        case "22001", "22003", "54000":
            return AppError(.tooLarge, code: "too_large", firstLine(message))
        case "53100":
            return AppError(.unavailable, code: "database_full", "the database at \(place) cannot grow (\(firstLine(message)))")
        default:
            return AppError(.internalFailure, code: "database_error", firstLine(message) + (sqlState.isEmpty ? "" : " [\(sqlState)]"))
        }
    }

    static func firstLine(_ message: String) -> String {
        String(message.split(separator: "\n", omittingEmptySubsequences: true).first ?? "").trimmed
    }
}
