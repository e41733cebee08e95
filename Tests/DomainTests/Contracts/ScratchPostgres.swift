import Data
import Foundation
import PostgreSQL
import Synchronization

/// Fresh PostgreSQL databases for the contracts, on the cluster `Scripts/postgres` starts
/// (`TEND_TEST_POSTGRES_URL`; without it the PostgreSQL cases do not run). One database is
/// migrated once per run as a template; each test gets a copy of it, so tests stay isolated
/// and run in parallel.
///
/// Every database made here is dropped: one whose `PostgresDatabase` is gone (its test is over,
/// nothing can reach it) when the next one is made, and the rest, the template included, when
/// the test process exits. Tests hold their database only through repositories, so a lifetime
/// ended early by the optimiser cannot drop one still in use.
enum ScratchPostgres {
    static let url = ProcessInfo.processInfo.environment["TEND_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    static var isAvailable: Bool { url != nil }

    private static let template = Mutex<String?>(nil)
    private static let counter = Atomic<Int>(0)

    /// A database made here, and its connection pool while a test holds it.
    private final class Made: @unchecked Sendable {
        let name: String
        weak var database: PostgresDatabase?

        init(_ name: String, _ database: PostgresDatabase) {
            self.name = name
            self.database = database
        }
    }

    private static let made = Mutex<[Made]>([])
    private static let dropAtExit: Void = { atexit { ScratchPostgres.dropAll() } }()

    /// A new database with every migration applied.
    static func make() throws -> PostgresDatabase {
        guard let url else { throw ScratchError.notConfigured }
        let admin = try PostgresDatabase(ConnectionString(url), poolSize: 1)
        defer { admin.close() }
        try dropFinished(admin)
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
        return try keep(name, PostgresDatabase(ConnectionString(named(name, in: url)), poolSize: 4))
    }

    /// A new database with nothing in it.
    static func empty(poolSize: Int = 4) throws -> (url: String, database: PostgresDatabase) {
        guard let url else { throw ScratchError.notConfigured }
        let admin = try PostgresDatabase(ConnectionString(url), poolSize: 1)
        defer { admin.close() }
        try dropFinished(admin)
        let name = "tend_empty_\(getpid())_\(counter.add(1, ordering: .relaxed).newValue)"
        try admin.executeOutsideTransaction("DROP DATABASE IF EXISTS \(name)")
        try admin.executeOutsideTransaction("CREATE DATABASE \(name)")
        return (named(name, in: url), try keep(name, PostgresDatabase(ConnectionString(named(name, in: url)), poolSize: poolSize)))
    }

    private static func keep(_ name: String, _ database: PostgresDatabase) -> PostgresDatabase {
        _ = dropAtExit
        made.withLock { $0.append(Made(name, database)) }
        return database
    }

    /// Drops the databases whose tests are over (their pools are gone, and with them every connection).
    private static func dropFinished(_ admin: PostgresDatabase) throws {
        let finished = made.withLock { list -> [String] in
            let names = list.filter { $0.database == nil }.map(\.name)
            list.removeAll { $0.database == nil }
            return names
        }
        for name in finished { try admin.executeOutsideTransaction("DROP DATABASE IF EXISTS \(name) WITH (FORCE)") }
    }

    /// At exit: every database still here and the template. `WITH (FORCE)` ends the connections
    /// of pools still alive (a test's repositories are not torn down before the process ends).
    static func dropAll() {
        guard let url, let admin = try? PostgresDatabase(ConnectionString(url), poolSize: 1) else { return }
        defer { admin.close() }
        let names = made.withLock { list in list.map(\.name) } + (template.withLock { $0 }.map { [$0] } ?? [])
        for name in names { try? admin.executeOutsideTransaction("DROP DATABASE IF EXISTS \(name) WITH (FORCE)") }
    }

    /// The databases of this process still on the cluster.
    static func remaining() throws -> [String] {
        guard let url else { return [] }
        let admin = try PostgresDatabase(ConnectionString(url), poolSize: 1)
        defer { admin.close() }
        return try admin.query("SELECT datname FROM pg_database WHERE datname LIKE ?", [.text("tend\\_%\\_\(getpid())%")])
            .map { try $0.get("datname") }
    }

    /// The URL with another database name: `postgres://…/postgres?x` → `postgres://…/NAME?x`.
    static func named(_ name: String, in url: String) -> String {
        let (base, query) = url.firstIndex(of: "?").map { (String(url[..<$0]), String(url[$0...])) } ?? (url, "")
        guard let slash = base.lastIndex(of: "/") else { return url }
        return base[...slash] + name + query
    }

    enum ScratchError: Error { case notConfigured }
}
