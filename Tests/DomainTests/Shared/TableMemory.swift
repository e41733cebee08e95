import Domain
import Synchronization
import Testing

// MARK: - The one style of fake
//
// Every repository fake in DomainTests is a small class over one `FakeDatabase`: the tables of
// the whole app (`FakeTables`) behind one lock, with `FakeTransactor` snapshotting all of them
// for `BEGIN … COMMIT/ROLLBACK`, the way every SQLite repository shares one `Database`.
// - Writes go through `write(_:_:_:)`, named by a `FakeCall`: it notes writes outside a
//   transaction, logs the call (for counters) and throws when a test set that call to fail.
// - A fake throws `FakeFailure` naming the call for whatever it cannot honour (a second row
//   with the same primary key, an update of a row that is not there) rather than answer with a
//   silent default.
// - `Contracts/` runs the same contract against each fake and its SQLite repository.

/// What a fake throws: the call that failed and why.
struct FakeFailure: Error, Equatable, CustomStringConvertible {
    let call: String
    let reason: String

    init(_ call: FakeCall, _ reason: String) {
        self.call = call.rawValue
        self.reason = reason
    }

    /// A failure a test throws itself (to roll a transaction back).
    init(reason: String) {
        call = "test"
        self.reason = reason
    }

    var description: String { "\(call): \(reason)" }
}

/// The tables of an in-memory fake: a plain value with every table empty at `init()` (Sendable,
/// so that it can go in and out of the lock).
protocol InMemoryTables: Sendable {
    init()
}

// MARK: - One table

/// One table: rows by primary key, kept in insertion order (the order of SQLite's rowids, which
/// is what a query without `ORDER BY` tends to follow and what breaks ties in the fakes).
struct FakeTable<Row: Sendable>: Sendable {
    private var rows: [String: Row] = [:]
    /// The primary keys, oldest insertion first.
    private(set) var keys: [String] = []

    init() {}

    subscript(key: String) -> Row? {
        get { rows[key] }
        set {
            if let newValue {
                if rows.updateValue(newValue, forKey: key) == nil { keys.append(key) }
            } else if rows.removeValue(forKey: key) != nil {
                keys.removeAll { $0 == key }
            }
        }
    }

    /// Every row, oldest insertion first.
    var values: [Row] { keys.compactMap { rows[$0] } }
    var count: Int { rows.count }
    var isEmpty: Bool { rows.isEmpty }

    /// An `INSERT`: refused when the primary key is taken.
    mutating func insert(_ row: Row, key: String, call: FakeCall) throws {
        guard rows[key] == nil else { throw FakeFailure(call, "primary key \(key) exists") }
        self[key] = row
    }

    /// An `UPDATE` of one row: refused when there is no such row (SQLite would change nothing;
    /// the contracts never rely on that, so a use case that does is caught here).
    mutating func update(key: String, call: FakeCall, _ change: (inout Row) throws -> Void) throws {
        guard var row = rows[key] else { throw FakeFailure(call, "no row \(key) to update") }
        try change(&row)
        rows[key] = row
    }

    /// A `DELETE … WHERE`.
    mutating func removeAll(where shouldRemove: (Row) -> Bool) {
        for key in keys where rows[key].map(shouldRemove) ?? false { self[key] = nil }
    }
}

// MARK: - One in-memory database

/// One in-memory database: the tables and the transaction bookkeeping in one state behind one
/// lock, so that `TableTransactor` can snapshot and restore all of it at once (`BEGIN … ROLLBACK`).
final class TableMemory<Tables: InMemoryTables>: Sendable {
    /// A call a fake made, with its argument (for counters and logs).
    struct LoggedCall: Sendable {
        let call: FakeCall
        let argument: any Sendable
    }

    struct State {
        var tables = Tables()
        /// One snapshot per open transaction level (savepoints for nested writes).
        var snapshots: [Tables] = []
        var commits = 0
        var rollbacks = 0
        /// Writes that happened outside any `Transactor.write`: every write must be inside one.
        var writesOutsideTransaction = 0
        /// Every write that landed, in order.
        var log: [LoggedCall] = []
        /// Calls a test set to fail, with the test on their argument.
        var faults: [FakeCall: @Sendable (any Sendable) -> Bool] = [:]
    }

    let state = Mutex(State())

    init() {}

    func read<T>(_ body: (Tables) throws -> T) rethrows -> T {
        try state.withLock { try body($0.tables) }
    }

    /// A read that a test can set to fail (see `fail(_:when:)`).
    func read<T>(_ call: FakeCall, _ argument: any Sendable = (), _ body: (Tables) throws -> T) throws -> T {
        try state.withLock { state in
            try Self.checkFault(call, argument, in: state)
            return try body(state.tables)
        }
    }

    /// A write as a repository does it: failed when a test asked for it, counted when outside a
    /// transaction, logged when it lands.
    func write<T>(_ call: FakeCall, _ argument: any Sendable = (), _ body: (inout Tables) throws -> T) throws -> T {
        try state.withLock { state in
            try Self.checkFault(call, argument, in: state)
            if state.snapshots.isEmpty { state.writesOutsideTransaction += 1 }
            let result = try body(&state.tables)
            state.log.append(LoggedCall(call: call, argument: argument))
            return result
        }
    }

    private static func checkFault(_ call: FakeCall, _ argument: any Sendable, in state: State) throws {
        if let fault = state.faults[call], fault(argument) { throw FakeFailure(call, "failed as the test asked") }
    }

    /// Puts rows straight into the tables, past every rule and the bookkeeping.
    func seed(_ body: (inout Tables) -> Void) {
        state.withLock { body(&$0.tables) }
    }

    /// Makes `call` throw `FakeFailure` whenever `when` holds for its argument (every time by
    /// default), until `stopFailing`.
    func fail<Argument: Sendable>(_ call: FakeCall, when matches: @escaping @Sendable (Argument) -> Bool = { (_: Argument) in true }) {
        state.withLock { state in
            state.faults[call] = { argument in
                guard let argument = argument as? Argument else {
                    Issue.record("the fault set on \(call.rawValue) expects \(Argument.self), the call passed \(type(of: argument))")
                    return false
                }
                return matches(argument)
            }
        }
    }

    /// Makes `call` fail every time.
    func fail(_ call: FakeCall) {
        state.withLock { $0.faults[call] = { _ in true } }
    }

    func stopFailing(_ call: FakeCall) {
        _ = state.withLock { $0.faults.removeValue(forKey: call) }
    }

    /// The arguments of the calls of one kind that landed, in order.
    func logged<Argument>(_ call: FakeCall, as type: Argument.Type = Argument.self) -> [Argument] {
        state.withLock { $0.log.filter { $0.call == call }.compactMap { $0.argument as? Argument } }
    }

    /// How many calls of one kind landed.
    func count(_ call: FakeCall) -> Int {
        state.withLock { $0.log.count { $0.call == call } }
    }

    var tables: Tables { read { $0 } }
    var commits: Int { state.withLock { $0.commits } }
    var rollbacks: Int { state.withLock { $0.rollbacks } }
    var writesOutsideTransaction: Int { state.withLock { $0.writesOutsideTransaction } }
}

/// `BEGIN … COMMIT/ROLLBACK` over a whole `TableMemory`; nested writes behave like savepoints.
final class TableTransactor<Tables: InMemoryTables>: Transactor {
    let memory: TableMemory<Tables>

    init(memory: TableMemory<Tables>) { self.memory = memory }

    func write<T>(_ body: () throws -> T) throws -> T {
        memory.state.withLock { $0.snapshots.append($0.tables) }
        do {
            let result = try body()
            memory.state.withLock { state in
                state.snapshots.removeLast()
                state.commits += 1
            }
            return result
        } catch {
            memory.state.withLock { state in
                state.tables = state.snapshots.removeLast()
                state.rollbacks += 1
            }
            throw error
        }
    }

    var commits: Int { memory.commits }
    var rollbacks: Int { memory.rollbacks }
    var writesOutside: Int { memory.writesOutsideTransaction }
}

/// The app's tables in one fake database, as the SQLite repositories share one `Database`.
typealias FakeDatabase = TableMemory<FakeTables>
/// `BEGIN … COMMIT/ROLLBACK` over the whole fake database.
typealias FakeTransactor = TableTransactor<FakeTables>
