import FoundationEssentials
import Core

/// Where the database file lives: `--db`, else `TEND_DB`, else
/// `$XDG_DATA_HOME/tend/<file>` (`~/.local/share/tend/<file>`), creating the folders.
public enum DatabaseLocation {
    public static func resolve(option: String?, environment: [String: String], fileName: String = "tend.sqlite") throws -> String {
        if let option {
            guard !option.trimmed.isEmpty else { throw AppError.invalidInput("--db needs a file path", code: "invalid_database_path") }
            return try prepared(option)
        }
        if let path = environment["TEND_DB"], !path.isEmpty { return try prepared(path) }
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = xdg
        } else if let home = environment["HOME"], !home.isEmpty {
            dataHome = home + "/.local/share"
        } else {
            throw AppError.unavailable("cannot find a place for the database: set --db, TEND_DB or HOME", code: "database_unavailable")
        }
        return try prepared(dataHome + "/tend/" + fileName)
    }

    /// Creates the folder that will hold `path` (not for `:memory:` or SQLite URIs).
    static func prepared(_ path: String) throws -> String {
        guard path != ":memory:", !path.hasPrefix("file:") else { return path }
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return path }
        let folder = String(path[..<slash])
        var isDirectory = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
            guard isDirectory else {
                throw AppError.unavailable("cannot use \(path): \(folder) is not a folder", code: "database_unavailable")
            }
            return path
        }
        do {
            // The folder holds personal data: its owner's alone, as the files in it are.
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw AppError.unavailable("cannot create the folder \(folder) for the database", code: "database_unavailable")
        }
        return path
    }
}
