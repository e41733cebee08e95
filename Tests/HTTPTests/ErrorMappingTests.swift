import Foundation
import Testing
import Core
@testable import HTTP

@Suite("HTTPApplication error mapping")
struct ErrorMappingTests {
    static let mapping: [(AppError.Kind, Int)] = [
        (.invalidInput, 400), (.unauthorized, 401), (.forbidden, 403), (.notFound, 404),
        (.conflict, 409), (.tooLarge, 413), (.tooManyRequests, 429), (.unavailable, 503),
    ]

    func respond(throwing error: any Error, errorDetails: HTTPApplication.ErrorDetails? = nil) -> HTTPResponse {
        let application = makeApplication([makeRoute("POST", "/things/{id}") { _ in throw error }],
                                          errorDetails: errorDetails)
        return application.respond(to: HTTPRequest(method: "POST", path: "/things/1"))
    }

    @Test(arguments: mapping)
    func appErrorKindMapsToItsStatusAndCode(kind: AppError.Kind, status: Int) throws {
        let response = respond(throwing: AppError(kind, code: "custom_\(kind.rawValue)", "went wrong: \(kind)"))
        #expect(response.status == status)
        let body = try ErrorBody(response)
        #expect(body.code == "custom_\(kind.rawValue)")
        #expect(body.message == "went wrong: \(kind)")
    }

    @Test(arguments: mapping)
    func appErrorWithoutCodeUsesTheKindDefault(kind: AppError.Kind, status: Int) throws {
        let response = respond(throwing: AppError(kind, "plain"))
        #expect(response.status == status)
        #expect(try ErrorBody(response).code == kind.defaultCode)
    }

    @Test func everyKindGetsItsOwnErrorStatusAndOnlyInternalFailureIs500() throws {
        var seen: [Int: AppError.Kind] = [:]
        for kind in AppError.Kind.allCases {
            let status = HTTPStatus.code(for: kind)
            #expect((400..<600).contains(status), "\(kind) → \(status)")
            #expect((status == 500) == (kind == .internalFailure), "\(kind) → \(status)")
            #expect(seen[status] == nil, "\(kind) and \(seen[status].map { "\($0)" } ?? "") share \(status)")
            seen[status] = kind

            let response = respond(throwing: AppError(kind, "via the pipeline"))
            #expect(response.status == status)
            #expect(try ErrorBody(response).code == kind.defaultCode)
        }
    }

    @Test func tooManyRequestsCarriesRetryAfterFromDetails() throws {
        let response = respond(throwing: AppError(.tooManyRequests, code: "login_throttled", "slow down", details: 42))
        #expect(response.status == 429)
        #expect(response.header("Retry-After") == "42")
        #expect(try ErrorBody(response).code == "login_throttled")
    }

    @Test func tooManyRequestsWithoutSecondsWaitsAMinute() {
        #expect(respond(throwing: AppError(.tooManyRequests, "slow down")).header("Retry-After") == "60")
        #expect(respond(throwing: AppError(.tooManyRequests, "slow down", details: "soon")).header("Retry-After") == "60")
    }

    @Test func retryAfterIsNeverBelowOneSecond() {
        #expect(respond(throwing: AppError(.tooManyRequests, "now", details: 0)).header("Retry-After") == "1")
        #expect(respond(throwing: AppError(.tooManyRequests, "now", details: -5)).header("Retry-After") == "1")
    }

    @Test func otherKindsHaveNoRetryAfter() {
        #expect(respond(throwing: AppError(.notFound, "gone", details: 42)).header("Retry-After") == nil)
        #expect(respond(throwing: AppError(.unavailable, "down")).header("Retry-After") == nil)
    }

    /// A database out of reach for a moment (PostgreSQL restarting) says when to try again.
    @Test func unavailableWithSecondsHasRetryAfter() {
        let response = respond(throwing: AppError(.unavailable, code: "database_unavailable", "down", details: 5))
        #expect(response.status == 503 && response.header("Retry-After") == "5")
    }

    @Test func nonAppErrorIsA500InternalThatHidesTheDetail() throws {
        let response = respond(throwing: UnexpectedFailure())
        #expect(response.status == 500)
        let body = try ErrorBody(response)
        #expect(body.code == "internal")
        #expect(body.message == "the server could not complete the request")
        #expect(!response.text.contains("hunter2"))
    }

    @Test func internalFailureAppErrorIsA500() throws {
        let response = respond(throwing: AppError(.internalFailure, "invariant broken"))
        #expect(response.status == 500)
        #expect(try ErrorBody(response).code == "internal")
    }

    @Test func errorDetailsAppearInsideErrorAndAtTheTopLevel() throws {
        let response = respond(
            throwing: AppError.conflict("a dose was logged 2 minutes ago", code: "duplicate_dose", details: "dose-1"),
            errorDetails: { error in
                guard let id = error.details as? String else { return [:] }
                return ["existing": ["id": .string(id), "units": 4], "retryable": false]
            })
        #expect(response.status == 409)
        let body = try ErrorBody(response)
        #expect(body.code == "duplicate_dose")
        #expect(Set(body.error.keys) == ["code", "message", "existing", "retryable"])
        #expect(Set(body.top.keys) == ["error", "existing", "retryable"])
        for container in [body.error, body.top] {
            let existing = try #require(container["existing"] as? [String: Any])
            #expect(existing["id"] as? String == "dose-1")
            #expect((existing["units"] as? NSNumber)?.intValue == 4)
            #expect((container["retryable"] as? NSNumber)?.boolValue == false)
        }
        // code and message come first inside the error object, the extras after them, sorted.
        #expect(response.text.hasPrefix(#"{"error":{"code":"duplicate_dose","message":"a dose was logged 2 minutes ago","existing":"#))
    }

    @Test func errorDetailsReceiveTheThrownError() throws {
        let response = respond(throwing: AppError.notFound("gone", code: "dose_not_found"), errorDetails: { error in
            ["seenCode": .string(error.code)]
        })
        #expect(response.status == 404)
        #expect(try ErrorBody(response).error["seenCode"] as? String == "dose_not_found")
    }

    @Test func errorBodyEscapesTheMessage() throws {
        let message = "bad \"name\" with \\ and\nnewline and 한국어"
        let response = respond(throwing: AppError.invalidInput(message, code: "bad_name"))
        #expect(try ErrorBody(response).message == message)
    }
}

@Suite("HTTPApplication request id")
struct RequestIDTests {
    let application = makeApplication([makeRoute("GET", "/ping") { request in
        HTTPResponse(status: 200, body: Data(request.requestID.utf8))
    }])

    func respond(requestID: String?) -> HTTPResponse {
        application.respond(to: HTTPRequest(method: "GET", path: "/ping",
                                            headers: requestID.map { ["X-Request-Id": $0] } ?? [:]))
    }

    static func isGeneratedID(_ value: String?) -> Bool {
        guard let value, value.count == 36 else { return false }
        let groups = value.split(separator: "-", omittingEmptySubsequences: false)
        return groups.map(\.count) == [8, 4, 4, 4, 12]
            && value.allSatisfy { $0 == "-" || $0.isNumber || ("a"..."f").contains($0) }
            && groups[2].first == "7"
    }

    @Test(arguments: ["abc-123", "Req_42", "A", String(repeating: "z", count: 64)])
    func plainClientIDIsEchoed(id: String) {
        let response = respond(requestID: id)
        #expect(response.header("X-Request-Id") == id)
        #expect(response.text == id, "the handler sees the same id")
    }

    @Test func missingIDIsGenerated() {
        let response = respond(requestID: nil)
        let id = response.header("X-Request-Id")
        #expect(Self.isGeneratedID(id), "got \(id ?? "nil")")
        #expect(response.text == id)
    }

    @Test(arguments: [String(repeating: "a", count: 200), String(repeating: "b", count: 65), "has space",
                      "line\nbreak", "cr\r\nX-Injected: 1", "semi;colon", "", "ünïcode", "slash/dot."])
    func hostileClientIDIsReplaced(id: String) {
        let response = respond(requestID: id)
        let echoed = response.header("X-Request-Id")
        #expect(echoed != id)
        #expect(Self.isGeneratedID(echoed), "got \(echoed ?? "nil")")
    }

    @Test func generatedIDsDiffer() {
        let first = respond(requestID: nil).header("X-Request-Id")
        let second = respond(requestID: nil).header("X-Request-Id")
        #expect(first != nil)
        #expect(first != second)
    }

    @Test func errorResponsesCarryTheRequestIDToo() {
        let notFound = application.respond(to: HTTPRequest(method: "GET", path: "/missing", headers: ["x-request-id": "trace-1"]))
        #expect(notFound.status == 404)
        #expect(notFound.header("X-Request-Id") == "trace-1")
        let notAllowed = application.respond(to: HTTPRequest(method: "POST", path: "/ping"))
        #expect(notAllowed.status == 405)
        #expect(Self.isGeneratedID(notAllowed.header("X-Request-Id")))
    }

    @Test func requestIDHeaderIsSetOnce() {
        let application = makeApplication([makeRoute("GET", "/ping") { _ in
            HTTPResponse(status: 200, headers: [("x-request-id", "from-handler")])
        }])
        let response = application.respond(to: HTTPRequest(method: "GET", path: "/ping", headers: ["X-Request-Id": "client-1"]))
        #expect(response.headers.filter { $0.name.lowercased() == "x-request-id" }.map(\.value) == ["client-1"])
    }
}
