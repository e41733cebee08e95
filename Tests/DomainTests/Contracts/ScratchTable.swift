import PostgreSQL

/// A scratch PostgreSQL database with one table `t (id, n)`, for the tests of the engine's own
/// promises (pipelines, later writes).
enum ScratchTable {
    static func opened() throws -> (url: String, database: PostgresDatabase) {
        let (url, database) = try ScratchPostgres.empty()
        try database.execute("CREATE TABLE t (id TEXT PRIMARY KEY, n BIGINT)")
        return (url, database)
    }

    /// The ids in `t`, in order.
    static func ids(_ database: PostgresDatabase) throws -> [String] {
        try database.query("SELECT id FROM t ORDER BY id").map { try $0.get("id") }
    }
}
