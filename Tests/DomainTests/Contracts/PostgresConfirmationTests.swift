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
