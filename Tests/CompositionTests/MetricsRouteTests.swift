import Testing
import Foundation
import Synchronization
@testable import Composition
import Core
import Domain
import HTTP

@Suite struct MetricsRouteTests {
    static let now = ISO8601.parseInstant("2026-11-30T09:00:00+09:00")!

    final class Token: Sendable {
        let value = Mutex<String?>(nil)
    }

    private func get(_ api: HTTPApplication, _ path: String, token: String? = nil) -> (Int, String) {
        let headers = token.map { ["Authorization": "Bearer \($0)"] } ?? [:]
        let response = api.respond(to: HTTPRequest(method: "GET", path: path, query: [:], headers: headers, body: Data()))
        return (response.status, String(decoding: response.body, as: UTF8.self))
    }

    @Test func metricsOpenOnlyWithTheOperatorTokenAndCountByRoutePattern() throws {
        let container = try Container.inMemory(clock: FixedClock(Self.now), timeZone: "Asia/Seoul")
        let token = Token()
        let api = ServerApplication.make(container: container, logger: nil, metrics: RequestMetrics(),
                                         operatorToken: { token.value.withLock { $0 } })
        // No operator token set: the route does not exist for anyone.
        #expect(get(api, "/metrics").0 == 404)
        token.value.withLock { $0 = "operator secret" }
        #expect(get(api, "/healthz").0 == 200)
        #expect(get(api, "/v1/insulin/doses/0190a1b2-0000-7000-8000-000000000001").0 == 401) // an id in the path
        #expect(get(api, "/metrics").0 == 401)
        #expect(get(api, "/metrics", token: "operator secreT").0 == 401)
        let (status, text) = get(api, "/metrics", token: "operator secret")
        #expect(status == 200)
        #expect(text.contains(#"tend_http_requests_total{method="GET",route="/healthz",status="200"} 1"#))
        // Counted by the route's pattern, never the raw path with its id.
        #expect(text.contains(#"tend_http_requests_total{method="GET",route="/v1/insulin/doses/{id}",status="401"} 1"#))
        #expect(!text.contains("0190a1b2"))
        // 404 (no token yet), 200, 401, 401, 401: five answers before this one, all within the last bucket.
        #expect(text.contains(#"tend_http_request_duration_seconds_bucket{le="+Inf"} 5"#))
        #expect(text.contains("tend_http_request_duration_seconds_count 5"))
        #expect(text.contains("tend_database_connections 1"))
        #expect(text.contains(#"tend_notifications{state="pending"} 0"#))
    }

    @Test func labelValuesAreEscaped() {
        #expect(RequestMetrics.label("a\"b\\c\nd") == #"a\"b\\c\nd"#)
    }
}
