import Data
import Foundation
import PostgreSQL
import Synchronization

/// Fresh PostgreSQL databases for the contracts, on the cluster `Scripts/postgres` starts
/// (`TEND_TEST_POSTGRES_URL`; without it the PostgreSQL cases do not run). One database is
/// migrated once per run as a template; each test gets a copy of it, so tests stay isolated
/// and run in parallel.
enum ScratchPostgres {
    static let url = ProcessInfo.processInfo.environment["TEND_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    static var isAvailable: Bool { url != nil }

    private static let template = Mutex<String?>(nil)
    private static let counter = Atomic<Int>(0)

    /// A new database with every migration applied.
    static func make() throws -> PostgresDatabase {
        guard let url else { throw ScratchError.notConfigured }
        let admin = try PostgresDatabase(ConnectionString(url), poolSize: 1)
        defer { admin.close() }
        let templateName = try template.withLock { name -> String in
            if let name { return name }
            let made = "tend_template_\(getpid())"
            try admin.executeOutsideTransaction("DROP DATABASE IF EXISTS \(made)")
            try admin.executeOutsideTransaction("CREATE DATABASE \(made)")
            let database = try PostgresDatabase(ConnectionString(named(made, in: url)), poolSize: 1)
            try PostgresMigrations.migrator.migrate(database)
            database.close()
            name = made
            return made
        }
        let name = "tend_test_\(getpid())_\(counter.add(1, ordering: .relaxed).newValue)"
        try admin.executeOutsideTransaction("DROP DATABASE IF EXISTS \(name)")
        try admin.executeOutsideTransaction("CREATE DATABASE \(name) TEMPLATE \(templateName)")
        return try PostgresDatabase(ConnectionString(named(name, in: url)), poolSize: 4)
    }

    /// A new database with nothing in it.
    static func empty() throws -> (url: String, database: PostgresDatabase) {
        guard let url else { throw ScratchError.notConfigured }
        let admin = try PostgresDatabase(ConnectionString(url), poolSize: 1)
        defer { admin.close() }
        let name = "tend_empty_\(getpid())_\(counter.add(1, ordering: .relaxed).newValue)"
        try admin.executeOutsideTransaction("DROP DATABASE IF EXISTS \(name)")
        try admin.executeOutsideTransaction("CREATE DATABASE \(name)")
        return (named(name, in: url), try PostgresDatabase(ConnectionString(named(name, in: url)), poolSize: 4))
    }

    /// The URL with another database name: `postgres://…/postgres?x` → `postgres://…/NAME?x`.
    static func named(_ name: String, in url: String) -> String {
        let (base, query) = url.firstIndex(of: "?").map { (String(url[..<$0]), String(url[$0...])) } ?? (url, "")
        guard let slash = base.lastIndex(of: "/") else { return url }
        return base[...slash] + name + query
    }

    enum ScratchError: Error { case notConfigured }
}
