import Foundation
import Testing
import Core
@testable import HTTP

@Suite("HTTPRequest.decode")
struct RequestDecodingTests {
    struct Dose: Decodable, Equatable {
        struct Timing: Decodable, Equatable {
            let at: String
            let exact: Bool
        }
        let units: Int
        let kind: String
        let note: String?
        let timing: Timing?
        let tags: [String]?
    }

    func decode(_ body: String) throws -> Dose {
        try HTTPRequest(method: "POST", path: "/doses", headers: ["Content-Type": "application/json"],
                        body: Data(body.utf8)).decode(Dose.self)
    }

    /// The AppError a body is refused with (fails the test when it decodes).
    func refusal(_ body: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> AppError {
        try #require(throws: AppError.self, sourceLocation: sourceLocation) { try decode(body) }
    }

    @Test func validBodyDecodes() throws {
        let dose = try decode(#"{"units": 12, "kind": "long", "timing": {"at": "08:00", "exact": true}, "tags": ["a"]}"#)
        #expect(dose == Dose(units: 12, kind: "long", note: nil, timing: .init(at: "08:00", exact: true), tags: ["a"]))
    }

    @Test(arguments: ["{", #"{"units" 1}"#, "not json", #"{"units": 1} trailing"#, "\u{FF}\u{FE}"])
    func malformedJSONIs400MalformedJSON(body: String) throws {
        let error = try refusal(body)
        #expect(error.kind == .invalidInput)
        #expect(HTTPStatus.code(for: error.kind) == 400)
        #expect(error.code == "malformed_json")
        #expect(error.message == "the body is not valid JSON")
    }

    @Test(arguments: ["[1, 2, 3]", "[]", #""a string""#, "42", "true"])
    func nonObjectBodyMustBeAJSONObject(body: String) throws {
        let error = try refusal(body)
        #expect(error.kind == .invalidInput)
        #expect(error.code == "malformed_json")
        #expect(error.message == "the body must be a JSON object")
    }

    @Test func emptyBodyIsMissingBody() throws {
        let request = HTTPRequest(method: "POST", path: "/doses", headers: ["Content-Type": "application/json"])
        let error = try #require(throws: AppError.self) { try request.decode(Dose.self) }
        #expect(error.kind == .invalidInput)
        #expect(error.code == "missing_body")
        #expect(error.message == "the request needs a JSON body")
    }

    @Test func missingFieldIsNamed() throws {
        let error = try refusal(#"{"kind": "long"}"#)
        #expect(error.kind == .invalidInput)
        #expect(error.code == "invalid_field")
        #expect(error.message == "missing field 'units'")
    }

    @Test func missingNestedFieldIsNamedWithItsPath() throws {
        let error = try refusal(#"{"units": 1, "kind": "long", "timing": {"at": "08:00"}}"#)
        #expect(error.code == "invalid_field")
        #expect(error.message == "missing field 'timing.exact'")
    }

    @Test func wrongTypeNamesTheFieldAndTheExpectedType() throws {
        let number = try refusal(#"{"units": "ten", "kind": "long"}"#)
        #expect(number.code == "invalid_field")
        #expect(number.message == "field 'units' must be a number")

        let string = try refusal(#"{"units": 1, "kind": 5}"#)
        #expect(string.message == "field 'kind' must be a string")

        let flag = try refusal(#"{"units": 1, "kind": "long", "timing": {"at": "08:00", "exact": "yes"}}"#)
        #expect(flag.message == "field 'timing.exact' must be true or false")
    }

    @Test func wrongTypeInsideAnArrayNamesTheElement() throws {
        let error = try refusal(#"{"units": 1, "kind": "long", "tags": ["a", 7]}"#)
        #expect(error.code == "invalid_field")
        #expect(error.message.contains("tags"))
        #expect(error.message.contains("[1]"))
        #expect(error.message.hasSuffix("must be a string"))
    }

    @Test func nullForARequiredFieldIsNamed() throws {
        let error = try refusal(#"{"units": null, "kind": "long"}"#)
        #expect(error.code == "invalid_field")
        #expect(error.message == "field 'units' must be a number, not null")
    }

    /// BUG: a well-formed body whose number does not fit the field's type (1.5 or 10^20 for an
    /// `Int`) is refused as "the body is not valid JSON" (code `malformed_json`). Foundation's
    /// decoder reports it as `dataCorrupted` with an empty coding path, which `describe` takes for
    /// a syntax error. The body is valid JSON: the refusal should be `invalid_field`, and not claim
    /// otherwise.
    @Test(arguments: [#"{"units": 1.5, "kind": "long"}"#, #"{"units": 99999999999999999999, "kind": "long"}"#])
    func numberThatDoesNotFitIsAFieldErrorNotMalformedJSON(body: String) throws {
        #expect((try? JSONSerialization.jsonObject(with: Data(body.utf8))) != nil, "the body itself is valid JSON")
        let error = try refusal(body)
        #expect(error.kind == .invalidInput)
        #expect(error.code == "invalid_field")
        #expect(error.message != "the body is not valid JSON")
    }

    @Test func errorsFromTheTypeItselfPassThrough() throws {
        struct Strict: Decodable {
            init(from decoder: any Decoder) throws { throw AppError.conflict("custom", code: "custom_rule") }
        }
        let request = HTTPRequest(method: "POST", path: "/", body: Data("{}".utf8))
        let error = try #require(throws: AppError.self) { try request.decode(Strict.self) }
        #expect(error.code == "custom_rule")
        #expect(error.kind == .conflict)
    }
}

@Suite("HTTPRequest basics")
struct HTTPRequestTests {
    func token(_ authorization: String?) -> String? {
        HTTPRequest(method: "GET", path: "/", headers: authorization.map { ["Authorization": $0] } ?? [:]).bearerToken
    }

    @Test(arguments: [
        ("Bearer abc123", "abc123"),
        ("bearer abc123", "abc123"),
        ("BEARER abc123", "abc123"),
        ("BeArEr abc123", "abc123"),
        ("Bearer    abc123", "abc123"),
        ("Bearer abc123   ", "abc123"),
        ("Bearer a-b_c.d~e+f/g=", "a-b_c.d~e+f/g="),
    ])
    func bearerTokenIsParsed(header: String, expected: String) {
        #expect(token(header) == expected)
    }

    @Test(arguments: ["Basic dXNlcjpwYXNz", "Token abc", "Bearer", "Bearer ", "Bearer     ", "Bearerabc", "abc", ""])
    func otherAuthorizationsHaveNoBearerToken(header: String) {
        #expect(token(header) == nil)
    }

    @Test func noAuthorizationHeaderHasNoBearerToken() {
        #expect(token(nil) == nil)
    }

    @Test func headerNamesAreCaseInsensitive() {
        let request = HTTPRequest(method: "get", path: "/x", headers: ["X-Custom": "1", "CONTENT-TYPE": "application/json"])
        #expect(request.method == "GET")
        #expect(request.header("x-custom") == "1")
        #expect(request.header("X-CUSTOM") == "1")
        #expect(request.header("Content-Type") == "application/json")
        #expect(request.headers == ["x-custom": "1", "content-type": "application/json"])
        #expect(request.header("missing") == nil)
    }

    @Test func responseHeadersAreReplacedCaseInsensitively() {
        var response = HTTPResponse(status: 200, headers: [("Content-Type", "text/plain"), ("X-A", "1")])
        response.setHeader("content-type", "application/json")
        #expect(response.headers.map(\.name) == ["X-A", "content-type"])
        #expect(response.header("CONTENT-TYPE") == "application/json")
        #expect(response.header("x-a") == "1")
        #expect(response.header("nope") == nil)
    }

    @Test func jsonResponseIsSortedAndKeepsSlashes() throws {
        let response = try HTTPResponse.json(["path": "/a/b", "count": "2"], status: 201)
        #expect(response.status == 201)
        #expect(response.header("Content-Type") == "application/json")
        #expect(response.text == #"{"count":"2","path":"/a/b"}"#)
        #expect(HTTPResponse.noContent().status == 204)
        #expect(HTTPResponse.noContent().body.isEmpty)
    }
}
