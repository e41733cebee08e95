import FoundationEssentials
import Core
import Domain

/// Nightscout credentials in `nightscout_credentials`, their verifiers in `nightscout_verifiers`
/// (one row each, found by the digest a request presents).
public struct SQLiteNightscoutCredentialRepository: NightscoutCredentialRepository {
    let database: any SQLDatabase

    public init(database: any SQLDatabase) {
        self.database = database
    }

    public func insert(_ credential: NightscoutCredential) throws {
        try database.write {
            try database.execute(
                "INSERT INTO nightscout_credentials (id, owner_id, kind, name, role, created_at, revoked_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [.text(credential.id), .text(credential.ownerID), .text(credential.kind.rawValue), .text(credential.name),
                 .text(credential.role.rawValue), credential.createdAt.sqlValue, credential.revokedAt.sqlValue])
            for verifier in credential.verifiers {
                try database.execute("INSERT INTO nightscout_verifiers (verifier, credential_id) VALUES (?, ?)",
                                     [.text(verifier), .text(credential.id)])
            }
        }
    }

    public func credential(verifier: String) throws -> NightscoutCredential? {
        guard let row = try database.queryOne(
            """
            SELECT c.* FROM nightscout_verifiers v JOIN nightscout_credentials c ON c.id = v.credential_id
            WHERE v.verifier = ? AND c.revoked_at IS NULL
            """, [.text(verifier)]) else { return nil }
        return try decode(row)
    }

    public func credentials(ownerID: String) throws -> [NightscoutCredential] {
        try database.query(
            "SELECT * FROM nightscout_credentials WHERE owner_id = ? AND revoked_at IS NULL ORDER BY created_at, id",
            [.text(ownerID)]).map(decode)
    }

    public func revoke(id: String, ownerID: String, at date: Date) throws -> Bool {
        try database.execute(
            "UPDATE nightscout_credentials SET revoked_at = ? WHERE id = ? AND owner_id = ? AND revoked_at IS NULL",
            [date.sqlValue, .text(id), .text(ownerID)])
        guard database.changes > 0 else { return false }
        // A revoked credential's verifiers are of no further use: gone, so nothing can match them.
        try database.execute("DELETE FROM nightscout_verifiers WHERE credential_id = ?", [.text(id)])
        return true
    }

    public func revokeSecret(ownerID: String, at date: Date) throws {
        let ids: [String] = try database.query(
            "SELECT id FROM nightscout_credentials WHERE owner_id = ? AND kind = 'secret' AND revoked_at IS NULL",
            [.text(ownerID)]).map { try $0.get("id") }
        for id in ids { _ = try revoke(id: id, ownerID: ownerID, at: date) }
    }

    private func decode(_ row: Row) throws -> NightscoutCredential {
        let id: String = try row.get("id")
        let verifiers: [String] = try database.query("SELECT verifier FROM nightscout_verifiers WHERE credential_id = ?", [.text(id)])
            .map { try $0.get("verifier") }
        return NightscoutCredential(
            id: id, ownerID: try row.get("owner_id"), kind: NightscoutCredential.Kind(rawValue: try row.get("kind")) ?? .token,
            name: try row.get("name"), role: NightscoutRole(rawValue: try row.get("role")) ?? .readable, verifiers: verifiers,
            createdAt: try row.get("created_at"), revokedAt: try row.get("revoked_at"))
    }
}
