import FoundationEssentials
import Synchronization
import Core

/// What the server has answered since it started, for `GET /metrics`: requests counted by route
/// pattern (never the raw path, so ids do not make a series each), method and status, and a
/// histogram of the time taken, in Prometheus' text format (version 0.0.4).
///
/// Recording takes one short lock per request: cheaper than the log line, and the histogram's
/// buckets are a fixed array, so nothing grows with traffic but the route × status pairs.
public final class RequestMetrics: Sendable {
    /// Upper bounds in seconds, the ones the targets are stated in (5 ms, 10 ms) among them.
    public static let bucketBounds: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10]

    private struct Key: Hashable {
        let method: String
        let route: String
        let status: Int
    }

    private struct State {
        var requests: [Key: Int] = [:]
        var buckets = [Int](repeating: 0, count: RequestMetrics.bucketBounds.count)
        var count = 0
        var sum = 0.0
    }

    private let state = Locked(State()) // every request (`Locked`, not `Mutex`)

    public init() {}

    /// `route` is the matched pattern (`/v1/insulin/doses/{id}`), or a fixed word when none matched.
    public func record(method: String, route: String, status: Int, seconds: Double) {
        let bucket = Self.bucketBounds.firstIndex { seconds <= $0 }
        state.withLock { state in
            state.requests[Key(method: method, route: route, status: status), default: 0] += 1
            if let bucket { state.buckets[bucket] += 1 }
            state.count += 1
            state.sum += seconds
        }
    }

    /// The requests counter and the latency histogram, as Prometheus reads them.
    public func prometheusText() -> String {
        let snapshot = state.withLock { $0 }
        var text = "# HELP tend_http_requests_total Requests answered, by method, route pattern and status.\n"
        text += "# TYPE tend_http_requests_total counter\n"
        let keys = snapshot.requests.keys.sorted { ($0.route, $0.method, $0.status) < ($1.route, $1.method, $1.status) }
        for key in keys {
            text += "tend_http_requests_total{method=\"\(Self.label(key.method))\",route=\"\(Self.label(key.route))\","
                + "status=\"\(key.status)\"} \(snapshot.requests[key]!)\n"
        }
        text += "# HELP tend_http_request_duration_seconds Time from the request's arrival in the pipeline to its response.\n"
        text += "# TYPE tend_http_request_duration_seconds histogram\n"
        var cumulative = 0
        for (index, bound) in Self.bucketBounds.enumerated() {
            cumulative += snapshot.buckets[index]
            text += "tend_http_request_duration_seconds_bucket{le=\"\(bound)\"} \(cumulative)\n"
        }
        text += "tend_http_request_duration_seconds_bucket{le=\"+Inf\"} \(snapshot.count)\n"
        text += "tend_http_request_duration_seconds_sum \(snapshot.sum)\n"
        text += "tend_http_request_duration_seconds_count \(snapshot.count)\n"
        return text
    }

    /// A label value escaped as the format wants (backslash, quote, newline).
    public static func label(_ value: String) -> String {
        var escaped = ""
        for character in value {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
