import CSQLite
import Core

/// Turns an SQLite result code into an `AppError` that keeps SQLite's own message and says,
/// in words, which file and what went wrong.
enum SQLiteError {
    static func make(status: Int32, message: String, path: String) -> AppError {
        let place = path == ":memory:" ? "the in-memory database" : "the database at \(path)"
        switch status & 0xFF {
        case SQLITE_NOTADB, SQLITE_CORRUPT:
            return AppError(.unavailable, code: "database_unreadable",
                            "\(place) cannot be read (\(message)); it is not a Tend database or it is damaged")
        case SQLITE_CANTOPEN:
            return AppError(.unavailable, code: "database_unavailable",
                            "cannot open \(place) (\(message)); check that the folder exists and is writable")
        case SQLITE_READONLY:
            return AppError(.unavailable, code: "database_read_only", "cannot write to \(place) (\(message))")
        case SQLITE_PERM, SQLITE_AUTH:
            return AppError(.unavailable, code: "database_unavailable", "no permission to use \(place) (\(message))")
        case SQLITE_BUSY, SQLITE_LOCKED:
            return AppError(.unavailable, code: "database_busy", "\(place) is busy (\(message)); try again")
        case SQLITE_FULL:
            return AppError(.unavailable, code: "database_full", "\(place) cannot grow (\(message))")
        case SQLITE_IOERR:
            return AppError(.unavailable, code: "database_io_error", "\(place) could not be read or written (\(message))")
        case SQLITE_CONSTRAINT:
            return AppError(.invalidInput, code: "constraint_failed", message)
        case SQLITE_TOOBIG:
            return AppError(.tooLarge, code: "too_large", message)
        default:
            return AppError(.internalFailure, code: "database_error", message)
        }
    }
}
