import Core

/// Where a SQLite server keeps its data, as `tend-server` itself finds it: the file (`--db`,
/// `database` in the configuration; `TEND_DB` is `tend`'s, not the server's) and the photo folder
/// (`--photos`, else `photos` beside the file). `backup` and `migrate-data` use it, so they
/// read what the server serves.
public enum ServerStorage {
    public static func sqlite(_ configuration: ServerConfiguration, environment: [String: String],
                              database: String? = nil) throws -> (database: String, photos: String) {
        let path = try DatabaseLocation.resolve(option: database ?? configuration.text("database"),
                                                environment: environment.filter { $0.key != "TEND_DB" }, fileName: "server.sqlite")
        return (path, configuration.text("photos") ?? Container.photosDirectory(databasePath: path))
    }
}
