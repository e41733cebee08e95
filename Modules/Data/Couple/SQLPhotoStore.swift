import FoundationEssentials
import Core
import Domain

/// Photo bytes in the database itself, content-addressed by their SHA-256: where several
/// servers share one PostgreSQL database, each of them can read every photo (a folder beside
/// one server's file could not be). The same bytes are stored once. Table `photo_blobs`
/// (`PostgresMigrations`' own migration).
public struct SQLPhotoStore: PhotoStore {
    let database: any SQLDatabase
    let digest: @Sendable (Data) -> String

    /// - Parameter digest: SHA-256 in lower-case hex (libsodium's, from `Crypto`).
    public init(database: any SQLDatabase, digest: @escaping @Sendable (Data) -> String) {
        self.database = database
        self.digest = digest
    }

    public func store(_ data: Data) throws -> String {
        let hash = digest(data)
        try database.execute("INSERT INTO photo_blobs (sha256, bytes) VALUES (?, ?) ON CONFLICT (sha256) DO NOTHING",
                             [.text(hash), .blob(data)])
        return hash
    }

    public func data(sha256: String) throws -> Data? {
        try database.queryOne("SELECT bytes FROM photo_blobs WHERE sha256 = ?", [.text(sha256)])?.get("bytes", as: Data.self)
    }

    public func remove(sha256: String) throws {
        try database.execute("DELETE FROM photo_blobs WHERE sha256 = ?", [.text(sha256)])
    }
}
