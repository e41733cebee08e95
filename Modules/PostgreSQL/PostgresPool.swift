import FoundationEssentials
import Core
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// At most `size` connections, opened on demand and handed to one thread at a time. A
/// connection the server dropped is closed when it comes back, and the next checkout opens a
/// fresh one: after a restart of PostgreSQL the pool heals by itself.
final class PostgresPool: @unchecked Sendable {
    let connectionString: String
    let place: String
    let size: Int
    /// The exchanges every connection of the pool waited for.
    let waits = RoundTrips()
    private var idle: [PostgresConnection] = []
    private var open = 0
    private var mutex = pthread_mutex_t()
    private var available = pthread_cond_t()
    /// How long a request waits for a free connection before it is told the database is busy.
    private let waitLimit: Duration

    init(connectionString: String, place: String, size: Int, waitLimit: Duration = .seconds(30)) {
        self.connectionString = connectionString
        self.place = place
        self.size = max(1, size)
        self.waitLimit = waitLimit
        pthread_mutex_init(&mutex, nil)
        pthread_cond_init(&available, nil)
    }

    deinit {
        idle.removeAll()
        pthread_cond_destroy(&available)
        pthread_mutex_destroy(&mutex)
    }

    func checkout() throws -> PostgresConnection {
        pthread_mutex_lock(&mutex)
        var deadline = timespec()
        clock_gettime(CLOCK_REALTIME, &deadline)
        deadline.tv_sec += Int(waitLimit.components.seconds)
        while idle.isEmpty && open >= size {
            if pthread_cond_timedwait(&available, &mutex, &deadline) == ETIMEDOUT {
                pthread_mutex_unlock(&mutex)
                throw AppError(.unavailable, code: "database_busy",
                               "every connection to the database at \(place) is in use; try again", details: 1)
            }
        }
        if let connection = idle.popLast() {
            pthread_mutex_unlock(&mutex)
            return connection
        }
        open += 1
        pthread_mutex_unlock(&mutex)
        do {
            return try PostgresConnection(connectionString: connectionString, place: place, waits: waits)
        } catch {
            release(nil)
            throw error
        }
    }

    /// Gives a connection back; a broken one (or one left inside a transaction) is closed.
    func checkin(_ connection: PostgresConnection) {
        if connection.isHealthy, !connection.isInTransaction {
            pthread_mutex_lock(&mutex)
            idle.append(connection)
            pthread_cond_signal(&available)
            pthread_mutex_unlock(&mutex)
        } else {
            release(nil)
        }
    }

    private func release(_: PostgresConnection?) {
        pthread_mutex_lock(&mutex)
        open -= 1
        pthread_cond_signal(&available)
        pthread_mutex_unlock(&mutex)
    }

    /// Closes the idle connections (those in use close when they come back broken or at exit).
    func close() {
        pthread_mutex_lock(&mutex)
        open -= idle.count
        idle.removeAll()
        pthread_mutex_unlock(&mutex)
    }
}

/// Exchanges with PostgreSQL that a thread waited for (a statement, a pipeline, a prepare): what a
/// use case costs on the network, counted so that tests can hold it.
final class RoundTrips: Sendable {
    private let count = Atomic<Int>(0)

    func add() { count.add(1, ordering: .relaxed) }

    var value: Int { count.load(ordering: .relaxed) }
}
