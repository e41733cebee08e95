import Foundation
import Dispatch
import Synchronization
import Testing
import Core
import Data
import Domain
import PostgreSQL

/// `SQLDatabase.confirmLater` on PostgreSQL: a token confirmed with the request's next round
/// trip, not one of its own, and a refusal that no read, write or answer gets past.
@Suite("PostgreSQL confirmations sent with the next round trip", .enabled(if: ScratchPostgres.isAvailable))
struct PostgresConfirmationTests {
    static let refusal = AppError.bearerRequired

    /// A table with one row ("yes") to confirm against, and one to write to.
    static func database() throws -> PostgresDatabase {
        let database = try ScratchPostgres.make()
        try database.executeScript("CREATE TABLE tokens (name TEXT PRIMARY KEY); CREATE TABLE notes (body TEXT NOT NULL)")
        try database.execute("INSERT INTO tokens (name) VALUES ('yes')", [])
        return database
    }

    static func confirmation(_ name: String) -> SQLStatement {
        SQLStatement("SELECT 1 FROM tokens WHERE name = ?", [.text(name)])
    }

    static func isRefusal(_ error: any Error) -> Bool {
        (error as? AppError).map { $0.kind == .unauthorized && $0.code == "unauthorized" } ?? false
    }

    @Test("a confirmation that holds rides with the next read: one wait for both, and the read's rows")
    func confirmedWithTheRead() throws {
        let database = try Self.database()
        // Prepares both statements on the connection (a PREPARE is a wait of its own, once).
        _ = try database.query("SELECT name FROM tokens", [])
        _ = try database.query("SELECT 1 FROM tokens WHERE name = ?", [.text("yes")])
        let before = database.roundTrips
        try database.confirmLater(Self.confirmation("yes"), orThrow: Self.refusal)
        #expect(database.roundTrips == before, "nothing is sent before the read")
        let rows = try database.query("SELECT name FROM tokens", [])
        #expect(rows.count == 1)
        #expect(database.roundTrips - before == 1)
        try database.settleConfirmations()
        #expect(database.roundTrips - before == 1, "settled by the read: nothing more to send")
    }

    @Test("a refused confirmation fails its read, every later statement, and the settling; then it is forgotten")
    func refusedEverywhereUntilSettled() throws {
        let database = try Self.database()
        try database.confirmLater(Self.confirmation("no"), orThrow: Self.refusal)
        #expect(throws: (any Error).self) { _ = try database.query("SELECT name FROM tokens", []) }
        do {
            _ = try database.query("SELECT name FROM tokens", [])
            Issue.record("a statement after a refusal ran")
        } catch { #expect(Self.isRefusal(error)) }
        do {
            try database.read { _ = try database.query("SELECT name FROM tokens", []) }
            Issue.record("a read transaction after a refusal ran")
        } catch { #expect(Self.isRefusal(error)) }
        do {
            try database.settleConfirmations()
            Issue.record("the settling did not throw the refusal")
        } catch { #expect(Self.isRefusal(error)) }
        #expect(try database.query("SELECT name FROM tokens", []).count == 1, "forgotten once settled")
        try database.settleConfirmations()
    }

    @Test("a write that carries a refused confirmation is undone, and no later write gets in")
    func refusedWriteIsUndone() throws {
        let database = try Self.database()
        try database.confirmLater(Self.confirmation("no"), orThrow: Self.refusal)
        do {
            try database.write { try database.execute("INSERT INTO notes (body) VALUES ('first')", []) }
            Issue.record("the write went through")
        } catch { #expect(Self.isRefusal(error)) }
        do {
            try database.execute("INSERT INTO notes (body) VALUES ('second')", [])
            Issue.record("a later write went through")
        } catch { #expect(Self.isRefusal(error)) }
        #expect(throws: (any Error).self) { try database.settleConfirmations() }
        #expect(try database.query("SELECT body FROM notes", []).isEmpty)
    }

    @Test("a refusal wins over an error of a statement in the same round trip")
    func refusalWinsOverALaterError() throws {
        let database = try Self.database()
        try database.confirmLater(Self.confirmation("no"), orThrow: Self.refusal)
        do {
            try database.write { try database.execute("INSERT INTO notes (body) VALUES (NULL)", []) } // NOT NULL
            Issue.record("the write went through")
        } catch { #expect(Self.isRefusal(error), "\(error)") }
        #expect(throws: (any Error).self) { try database.settleConfirmations() }
    }

    @Test("a write whose body sends nothing answers the confirmation before its COMMIT, never with it")
    func emptyWriteConfirmsBeforeCommit() throws {
        let database = try Self.database()
        try database.confirmLater(Self.confirmation("no"), orThrow: Self.refusal)
        do {
            try database.write { try database.executeLater([SQLStatement("INSERT INTO notes (body) VALUES ('later')")]) }
            Issue.record("the write committed")
        } catch { #expect(Self.isRefusal(error)) }
        #expect(throws: (any Error).self) { try database.settleConfirmations() }
        #expect(try database.query("SELECT body FROM notes", []).isEmpty)
        try database.confirmLater(Self.confirmation("yes"), orThrow: Self.refusal)
        try database.write { try database.executeLater([SQLStatement("INSERT INTO notes (body) VALUES ('later')")]) }
        try database.settleConfirmations()
        #expect(try database.query("SELECT body FROM notes", []).count == 1)
    }

    @Test("a confirmation no statement took is sent by the settling: refused or not")
    func settlingSendsWhatWasNotSent() throws {
        let database = try Self.database()
        try database.confirmLater(Self.confirmation("yes"), orThrow: Self.refusal)
        let before = database.roundTrips
        try database.settleConfirmations()
        #expect(database.roundTrips - before >= 1)
        try database.confirmLater(Self.confirmation("no"), orThrow: Self.refusal)
        do {
            try database.settleConfirmations()
            Issue.record("an unconfirmed token was settled")
        } catch { #expect(Self.isRefusal(error)) }
    }

    @Test("an insulin status on a confirmed token waits once: the token, the settings and the dose reads together")
    func statusWaitsOnce() throws {
        let database = try Self.database()
        let now = ISO8601.parseInstant("2026-12-01T12:00:00Z")!
        try SQLiteAccountRepository(database: database).insert(Account(
            id: "ana", email: "ana@example.com", displayName: "Ana", timeZoneIdentifier: "UTC", passwordHash: "x",
            createdAt: now, updatedAt: now))
        try SQLiteSessionRepository(database: database).insert(Session(
            id: "s", accountID: "ana", tokenHash: "hash", createdAt: now, expiresAt: now.addingTimeInterval(3600)))
        let kinds = SQLiteSessionKindRepository(database: database)
        let clock = FixedClock(now)
        let settings = InsulinSettingsService(repository: SQLiteInsulinSettingsRepository(database: database), transactor: database,
                                              clock: clock, defaultTimeZone: { _ in "Asia/Seoul" }, events: DomainEventBus())
        let status = GetInsulinStatus(doses: SQLiteDoseRepository(database: database), settings: settings, clock: clock)
        func request() throws -> InsulinStatus {
            try kinds.confirmAPISession(tokenHash: "hash", accountID: "ana", at: now)
            let answer = try status(ownerID: "ana")
            try kinds.settleConfirmation()
            return answer
        }
        _ = try request() // makes the settings and prepares the statements
        _ = try request()
        let before = database.roundTrips
        let answer = try request()
        #expect(database.roundTrips - before == 1)
        #expect(answer.settings.timeZoneIdentifier == "Asia/Seoul")
    }

    @Test("another thread's statements carry nothing of this thread's confirmation")
    func confirmationsBelongToTheirThread() throws {
        let database = try Self.database()
        try database.confirmLater(Self.confirmation("no"), orThrow: Self.refusal)
        let count = Mutex<Int?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            count.withLock { $0 = try? database.query("SELECT name FROM tokens", []).count }
            done.signal()
        }
        done.wait()
        #expect(count.withLock { $0 } == 1)
        #expect(throws: (any Error).self) { try database.settleConfirmations() }
    }
}
