import Testing
@testable import HTTP

/// The router looks only at the routes that share a path's segment count and first two
/// segments (and those with a parameter there): it must answer exactly what a scan of every
/// route in order answers, found route, parameters, 405's methods and their order included.
@Suite("Router index against a scan of every route")
struct RouterIndexTests {
    static let patterns: [(String, String)] = [
        ("GET", "/"), ("GET", "/healthz"), ("GET", "/{page}"), ("POST", "/v1/insulin/doses"), ("GET", "/v1/insulin/doses"),
        ("GET", "/v1/insulin/doses/{id}"), ("PATCH", "/v1/insulin/doses/{id}"), ("GET", "/v1/insulin/status"),
        ("GET", "/v1/{feature}/status"), ("DELETE", "/v1/{feature}/status"), ("GET", "/{version}/insulin/doses"),
        ("PUT", "/{version}/insulin/status"), ("GET", "/api/v1/entries"), ("GET", "/api/v1/entries.json"),
        ("GET", "/api/v1/entries/{spec}"), ("DELETE", "/api/v1/entries/{spec}"), ("GET", "/api/{v}/{what}"),
        ("POST", "/v1/couple/photos/{id}/comments"), ("GET", "/v1/couple/photos/{id}/comments"),
    ]

    func scan(_ router: Router, method: String, path: String) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        let wanted = method == "HEAD" ? "GET" : method
        var allowed: [String] = []
        for route in router.routes {
            guard let parameters = route.match(parts) else { continue }
            if route.method == wanted { return "found \(route.method) \(route.pattern) \(parameters.sorted { $0.key < $1.key })" }
            allowed.append(route.method)
        }
        return allowed.isEmpty ? "not found" : "405 \(allowed)"
    }

    func indexed(_ router: Router, method: String, path: String) -> String {
        switch router.match(method: method, path: path) {
        case .found(let route, let parameters): "found \(route.method) \(route.pattern) \(parameters.sorted { $0.key < $1.key })"
        case .methodNotAllowed(let allowed): "405 \(allowed)"
        case .notFound: "not found"
        }
    }

    @Test func theSameAnswersAsAScan() {
        let router = makeRouter(Self.patterns.map { makeRoute($0.0, $0.1) })
        let words = ["v1", "api", "insulin", "doses", "status", "entries", "entries.json", "couple", "photos", "comments", "x",
                     "healthz", "", "V1"]
        var paths = ["/", "", "//", "/v1//insulin/status", "/v1/insulin/status/", "/api/v1/entries.json"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            paths.append("/" + (0..<Int.random(in: 0...5, using: &generator)).map { _ in words.randomElement(using: &generator)! }
                .joined(separator: "/"))
        }
        for path in paths {
            for method in ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] {
                #expect(indexed(router, method: method, path: path) == scan(router, method: method, path: path), "\(method) \(path)")
            }
        }
    }
}
