import Testing
@testable import HTTP

@Suite("Router")
struct RouterTests {
    let router = makeRouter([
        makeRoute("GET", "/insulin/doses"),
        makeRoute("POST", "/insulin/doses"),
        makeRoute("GET", "/insulin/doses/{id}"),
        makeRoute("DELETE", "/insulin/doses/{id}"),
        makeRoute("GET", "/accounts/{accountID}/sessions/{sessionID}"),
        makeRoute("GET", "/"),
    ])

    /// The matched route's method and pattern plus its parameters, or nil when nothing matched.
    func found(_ method: String, _ path: String) -> (route: String, parameters: [String: String])? {
        guard case .found(let route, let parameters) = router.match(method: method, path: path) else { return nil }
        return ("\(route.method) \(route.pattern)", parameters)
    }

    @Test func literalPathMatchesItsRoute() throws {
        let match = try #require(found("GET", "/insulin/doses"))
        #expect(match.route == "GET /insulin/doses")
        #expect(match.parameters.isEmpty)
        #expect(try #require(found("POST", "/insulin/doses")).route == "POST /insulin/doses")
    }

    @Test func parameterSegmentCapturesItsValue() throws {
        let match = try #require(found("GET", "/insulin/doses/0190a1b2-7c3d-7e4f-8a9b-0c1d2e3f4a5b"))
        #expect(match.route == "GET /insulin/doses/{id}")
        #expect(match.parameters == ["id": "0190a1b2-7c3d-7e4f-8a9b-0c1d2e3f4a5b"])
    }

    @Test func severalParametersAreCapturedByName() throws {
        let match = try #require(found("GET", "/accounts/a-1/sessions/s-2"))
        #expect(match.route == "GET /accounts/{accountID}/sessions/{sessionID}")
        #expect(match.parameters == ["accountID": "a-1", "sessionID": "s-2"])
    }

    @Test func rootPathMatchesTheRootRoute() throws {
        #expect(try #require(found("GET", "/")).route == "GET /")
        #expect(try #require(found("GET", "")).route == "GET /")
    }

    @Test func segmentCountMustMatchExactly() {
        #expect(found("GET", "/insulin") == nil)
        #expect(found("GET", "/insulin/doses/1/extra") == nil)
        #expect(found("GET", "/accounts/a-1/sessions") == nil)
        guard case .notFound = router.match(method: "GET", path: "/insulin/doses/1/extra") else {
            Issue.record("a longer path must be a 404")
            return
        }
    }

    @Test func literalSegmentsAreCaseSensitive() {
        guard case .notFound = router.match(method: "GET", path: "/Insulin/Doses") else {
            Issue.record("/Insulin/Doses must not match /insulin/doses")
            return
        }
    }

    @Test func trailingSlashMatchesTheSameRoute() throws {
        #expect(try #require(found("GET", "/insulin/doses/")).route == "GET /insulin/doses")
        let match = try #require(found("GET", "/insulin/doses/42/"))
        #expect(match.parameters == ["id": "42"])
    }

    @Test func doubleSlashesCollapseLikeOneSlash() throws {
        #expect(try #require(found("GET", "//insulin//doses")).route == "GET /insulin/doses")
        let match = try #require(found("DELETE", "/insulin//doses///7"))
        #expect(match.route == "DELETE /insulin/doses/{id}")
        #expect(match.parameters == ["id": "7"])
    }

    @Test func unknownPathIsNotFound() {
        guard case .notFound = router.match(method: "GET", path: "/nowhere") else {
            Issue.record("expected .notFound")
            return
        }
        guard case .notFound = router.match(method: "POST", path: "/nowhere/at/all") else {
            Issue.record("expected .notFound")
            return
        }
    }

    @Test func knownPathWithWrongMethodListsTheAllowedMethods() {
        guard case .methodNotAllowed(let allowed) = router.match(method: "PUT", path: "/insulin/doses/9") else {
            Issue.record("expected .methodNotAllowed")
            return
        }
        #expect(allowed == ["GET", "DELETE"])

        guard case .methodNotAllowed(let collection) = router.match(method: "PATCH", path: "/insulin/doses") else {
            Issue.record("expected .methodNotAllowed")
            return
        }
        #expect(collection == ["GET", "POST"])
    }

    @Test func headIsServedByTheGetRoute() throws {
        let match = try #require(found("HEAD", "/insulin/doses/5"))
        #expect(match.route == "GET /insulin/doses/{id}")
        #expect(match.parameters == ["id": "5"])
    }

    @Test func headOnAPathWithoutGetIsMethodNotAllowed() {
        let router = makeRouter([makeRoute("POST", "/accounts")])
        guard case .methodNotAllowed(let allowed) = router.match(method: "HEAD", path: "/accounts") else {
            Issue.record("expected .methodNotAllowed")
            return
        }
        #expect(allowed == ["POST"])
    }

    @Test func overlappingPatternsMatchInRegistrationOrder() throws {
        let router = makeRouter([
            makeRoute("GET", "/journeys/{id}"),
            makeRoute("GET", "/journeys/current"),
            makeRoute("PUT", "/journeys/current"),
        ])
        guard case .found(let route, let parameters) = router.match(method: "GET", path: "/journeys/current") else {
            Issue.record("expected a match")
            return
        }
        #expect(route.pattern == "/journeys/{id}")
        #expect(parameters == ["id": "current"])
        guard case .found(let put, _) = router.match(method: "PUT", path: "/journeys/current") else {
            Issue.record("expected a match")
            return
        }
        #expect(put.pattern == "/journeys/current")
    }

    @Test func routeMethodIsUppercasedAndPatternKept() {
        let route = makeRoute("delete", "/insulin/doses/{id}", requiresAuth: true)
        #expect(route.method == "DELETE")
        #expect(route.pattern == "/insulin/doses/{id}")
        #expect(route.requiresAuth)
        #expect(route.segments == [.literal("insulin"), .literal("doses"), .parameter("id")])
    }

    @Test func routesKeepTheirRegistrationOrder() {
        #expect(router.routes.map { "\($0.method) \($0.pattern)" } == [
            "GET /insulin/doses", "POST /insulin/doses", "GET /insulin/doses/{id}", "DELETE /insulin/doses/{id}",
            "GET /accounts/{accountID}/sessions/{sessionID}", "GET /",
        ])
    }
}
