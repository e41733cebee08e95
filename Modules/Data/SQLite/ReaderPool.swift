import Core
import CSQLite
#if canImport(Glibc)
import Glibc
#endif

/// Read-only connections to a WAL database file, so the reads of many server threads run side
/// by side, and beside a write, instead of queueing on the writer's lock. Opened on first use,
/// up to `limit`; when all are out a read goes to the writer as before rather than waiting.
final class ReaderPool: Sendable {
    private struct State {
        var free: [SQLiteConnection] = []
        var opened = 0
        /// The reader a thread's `read { }` holds, by thread id: its nested reads use it.
        var pinned: [UInt: SQLiteConnection] = [:]
        var closed = false
    }

    /// Taken twice a query by every server thread: a lock that does not convoy (see `Locked`).
    private let state = Locked(State())
    private let limit: Int
    private let path: String
    private let busyTimeout: Duration

    init(path: String, limit: Int, busyTimeout: Duration) {
        self.path = path
        self.limit = limit
        self.busyTimeout = busyTimeout
    }

    /// The reader pinned to this thread, if any.
    var pinned: SQLiteConnection? {
        let thread = UInt(pthread_self())
        return state.withLock { $0.pinned[thread] }
    }

    /// This thread's pinned reader (`isPinned`: not to be given back), else a free one; nil when
    /// every reader is out or the pool is closed.
    func acquire() throws -> (connection: SQLiteConnection, isPinned: Bool)? {
        let thread = UInt(pthread_self())
        enum Taken { case some(SQLiteConnection, Bool), open, none }
        let taken = state.withLock { state -> Taken in
            if state.closed { return .none }
            if let pinned = state.pinned[thread] { return .some(pinned, true) }
            if let free = state.free.popLast() { return .some(free, false) }
            guard state.opened < limit else { return .none }
            state.opened += 1
            return .open
        }
        switch taken {
        case .some(let connection, let isPinned): return (connection, isPinned)
        case .none: return nil
        case .open:
            do {
                return (try open(), false)
            } catch {
                state.withLock { $0.opened -= 1 }
                throw error
            }
        }
    }

    /// Returns a reader; after `close` it is closed instead (it was out when the pool closed).
    func release(_ connection: SQLiteConnection) {
        let closeIt = state.withLock { state -> Bool in
            if state.closed { return true }
            state.free.append(connection)
            return false
        }
        if closeIt { connection.close() }
    }

    func pin(_ connection: SQLiteConnection?) {
        let thread = UInt(pthread_self())
        state.withLock { $0.pinned[thread] = connection }
    }

    /// Closes the free readers now and the others as they come back.
    func close() {
        let free = state.withLock { state -> [SQLiteConnection] in
            state.closed = true
            defer { state.free.removeAll() }
            return state.free
        }
        for connection in free { connection.close() }
    }

    private func open() throws -> SQLiteConnection {
        let connection = try SQLiteConnection(path: path, flags: SQLITE_OPEN_READONLY, busyTimeout: busyTimeout)
        do {
            try connection.executeScript("PRAGMA query_only = 1")
        } catch {
            connection.close()
            throw error
        }
        return connection
    }
}
