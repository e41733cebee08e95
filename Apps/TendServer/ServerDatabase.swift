import Composition
import Core
import Crypto
import Data
import Domain
import PostgreSQL

/// The server's database, as configured: the SQLite file (`--db`, the default), or PostgreSQL
/// (`--database URL` / `TEND_DATABASE_URL`), which several servers can share. On PostgreSQL the
/// migrations run under the write lock (a second server starting at once waits, then finds them
/// applied) and the photos live in the database, where every server reads them.
enum ServerDatabase {
    /// The container on the configured database, and how the log line names that database.
    static func open(_ configuration: ServerConfiguration, environment: [String: String], clock: any Clock,
                     make: (any SQLDatabase, any PhotoStore) throws -> Container,
                     sqlite: (String) throws -> Container) throws -> (container: Container, name: String) {
        guard let url = configuration.text("database_url") else {
            let path = try DatabaseLocation.resolve(option: configuration.text("database"),
                                                    environment: environment.filter { $0.key != "TEND_DB" }, fileName: "server.sqlite")
            return (try sqlite(path), path)
        }
        for key in ["database", "photos"] where configuration.text(key) != nil {
            throw AppError.invalidInput("\(named(key)) is for the SQLite file; with \(named("database_url")) the data and photos "
                                        + "live in PostgreSQL", code: "invalid_configuration")
        }
        let connection = try ConnectionString(url)
        let pool = configuration.databasePool
        let database = try PostgresDatabase(connection, poolSize: pool)
        try PostgresMigrations.migrator.migrate(database, now: clock.now)
        return (try make(database, SQLPhotoStore(database: database, digest: SodiumDigest.sha256Hex)), "postgres " + connection.place)
    }

    /// A setting as every place that sets it knows it: `database (--db, TEND_SERVER_DATABASE)`.
    private static func named(_ key: String) -> String {
        guard let setting = ServerSetting.named(key) else { return key }
        return "\(key) (" + ((setting.option.map { ["--" + $0] } ?? []) + [setting.environmentName]).joined(separator: ", ") + ")"
    }
}
