import FoundationEssentials
import Core
import Data
import Domain
import HTTP

/// `GET /metrics`: the server's figures in Prometheus' text format, for whoever runs it. Read
/// only with the operator token (`operator_token` in server.conf, or TEND_SERVER_OPERATOR_TOKEN):
/// no account's token opens it, and with no operator token set the route answers 404, as if it
/// did not exist, so a deployment exposes nothing it did not choose to.
enum MetricsRoute {
    static func make(metrics: RequestMetrics, database: any SQLDatabase, operatorToken: @escaping @Sendable () -> String?) -> Route {
        // Not in /openapi.json (added after it is made): it is the operator's, not the API's.
        Route("GET", "/metrics", requiresAuth: false, operation: OpenAPIOperation(summary: "Metrics", tag: "system", responses: [])) { request in
            guard let expected = operatorToken(), !expected.isEmpty else {
                throw AppError.notFound("no route for GET /metrics", code: "route_not_found")
            }
            guard let given = request.bearerToken, sameBytes(given, expected) else {
                throw AppError(.unauthorized, code: "unauthorized", "the operator token is required")
            }
            let text = metrics.prometheusText() + (try databaseText(database))
            return HTTPResponse(status: 200, headers: [("Content-Type", "text/plain; version=0.0.4; charset=utf-8")],
                                body: Data(text.utf8))
        }
    }

    /// The connection's contention and the notification outbox by state.
    static func databaseText(_ database: any SQLDatabase) throws -> String {
        var text = (database as? Database).map(contentionText) ?? ""
        text += """
            # HELP tend_notifications Notifications by state: pending ones are the delivery queue.
            # TYPE tend_notifications gauge

            """
        var counts = Dictionary(uniqueKeysWithValues: NotificationState.allCases.map { ($0.rawValue, 0) })
        for row in try database.query("SELECT state, COUNT(*) AS count FROM notifications GROUP BY state") {
            counts[try row.get("state")] = try row.get("count")
        }
        for state in counts.keys.sorted() {
            text += "tend_notifications{state=\"\(RequestMetrics.label(state))\"} \(counts[state]!)\n"
        }
        return text
    }

    /// SQLite's one shared connection and how requests wait for it (PostgreSQL has a pool).
    static func contentionText(_ database: Database) -> String {
        let contention = database.contention
        return """
            # HELP tend_database_connections SQLite connections the server holds (one, shared under a lock).
            # TYPE tend_database_connections gauge
            tend_database_connections 1
            # HELP tend_database_waiting Requests waiting for the connection now.
            # TYPE tend_database_waiting gauge
            tend_database_waiting \(contention.waiting)
            # HELP tend_database_contended_total Acquisitions of the connection that had to wait.
            # TYPE tend_database_contended_total counter
            tend_database_contended_total \(contention.contended)
            # HELP tend_database_wait_seconds_total Time spent waiting for the connection.
            # TYPE tend_database_wait_seconds_total counter
            tend_database_wait_seconds_total \(contention.waitedSeconds)

            """
    }

    /// Compares without stopping at the first difference, so the time taken does not tell how
    /// much of a guess was right.
    static func sameBytes(_ given: String, _ expected: String) -> Bool {
        let a = Array(given.utf8), b = Array(expected.utf8)
        var difference = a.count ^ b.count
        for index in 0..<b.count { difference |= Int((index < a.count ? a[index] : 0) ^ b[index]) }
        return difference == 0
    }
}
