import Domain
import Synchronization

// MARK: - One in-memory database behind the table-based fakes

/// The tables of an in-memory fake: a plain value with every table empty at `init()` (Sendable,
/// so that it can go in and out of the lock).
protocol InMemoryTables: Sendable {
    init()
}

/// One in-memory database: the tables and the transaction bookkeeping in one state behind one
/// lock, so that `TableTransactor` can snapshot and restore all of it at once (`BEGIN … ROLLBACK`).
final class TableMemory<Tables: InMemoryTables>: Sendable {
    struct State {
        var tables = Tables()
        /// One snapshot per open transaction level (savepoints for nested writes).
        var snapshots: [Tables] = []
        var commits = 0
        var rollbacks = 0
        /// Writes that happened outside any `Transactor.write`: every write must be inside one.
        var writesOutsideTransaction = 0
    }

    let state = Mutex(State())

    init() {}

    func read<T>(_ body: (Tables) throws -> T) rethrows -> T {
        try state.withLock { try body($0.tables) }
    }

    /// A write as a repository does it (counted when outside a transaction).
    func write<T>(_ body: (inout Tables) throws -> T) rethrows -> T {
        try state.withLock { state in
            if state.snapshots.isEmpty { state.writesOutsideTransaction += 1 }
            return try body(&state.tables)
        }
    }

    /// Puts rows straight into the tables, past every rule and the bookkeeping.
    func seed(_ body: (inout Tables) -> Void) {
        state.withLock { body(&$0.tables) }
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
}
