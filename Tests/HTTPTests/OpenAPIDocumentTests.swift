import Foundation
import Testing
@testable import HTTP

@Suite("OpenAPIDocument")
struct OpenAPIDocumentTests {
    typealias S = OpenAPISchema

    static let routes: [Route] = [
        makeRoute("GET", "/healthz"),
        makeRoute("POST", "/accounts/sign-in"),
        Route("GET", "/insulin/doses", requiresAuth: true, operation: OpenAPIOperation(
            summary: "List doses", tag: "insulin", parameters: [S.queryParameter("from", "Start day", S.date)],
            responses: [("200", S.jsonResponse("Doses", S.array(S.ref("Dose"))))])) { _ in HTTPResponse(status: 200) },
        Route("POST", "/insulin/doses", requiresAuth: true, operation: OpenAPIOperation(
            summary: "Log a dose", tag: "insulin", requestBody: S.jsonBody(S.ref("Dose")),
            responses: [("201", S.jsonResponse("Logged", S.ref("Dose")))])) { _ in HTTPResponse(status: 201) },
        makeRoute("GET", "/insulin/doses/{id}", requiresAuth: true),
        makeRoute("DELETE", "/insulin/doses/{id}", requiresAuth: true),
        makeRoute("PATCH", "/insulin/doses/{id}", requiresAuth: true),
    ]

    let document: [String: Any]

    init() throws {
        let value = OpenAPIDocument.make(
            title: "Tend", version: "1.2.3", description: "Tend's \"server\"", routes: Self.routes,
            schemas: [("Error", S.error), ("Dose", S.object([("units", S.number)], required: ["units"]))])
        document = try jsonObject(Data(value.serialized().utf8))
    }

    func operation(_ pattern: String, _ method: String) throws -> [String: Any] {
        let paths = try #require(document["paths"] as? [String: Any])
        let item = try #require(paths[pattern] as? [String: Any], "no path \(pattern)")
        return try #require(item[method] as? [String: Any], "no \(method) under \(pattern)")
    }

    @Test func versionAndInfo() throws {
        #expect(document["openapi"] as? String == "3.1.0")
        let info = try #require(document["info"] as? [String: String])
        #expect(info == ["title": "Tend", "version": "1.2.3", "description": "Tend's \"server\""])
    }

    @Test func everyRouteAppearsUnderItsPatternAndMethod() throws {
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        #expect(Set(paths.keys) == ["/healthz", "/accounts/sign-in", "/insulin/doses", "/insulin/doses/{id}"])
        #expect(Set(paths["/insulin/doses"]?.keys ?? [:].keys) == ["get", "post"])
        #expect(Set(paths["/insulin/doses/{id}"]?.keys ?? [:].keys) == ["get", "delete", "patch"])
        #expect(Set(paths["/healthz"]?.keys ?? [:].keys) == ["get"])
        let count = paths.values.map(\.count).reduce(0, +)
        #expect(count == Self.routes.count)
    }

    @Test func operationIDsAreUniqueAndReadable() throws {
        var ids: [String] = []
        for route in Self.routes {
            let id = try #require(try operation(route.pattern, route.method.lowercased())["operationId"] as? String)
            ids.append(id)
        }
        #expect(Set(ids).count == ids.count)
        #expect(ids == ["get_healthz", "post_accounts_sign_in", "get_insulin_doses", "post_insulin_doses",
                        "get_insulin_doses_by_id", "delete_insulin_doses_by_id", "patch_insulin_doses_by_id"])
    }

    @Test func securityIsRequiredOnlyForAuthenticatedRoutes() throws {
        for route in Self.routes {
            let security = try #require(try operation(route.pattern, route.method.lowercased())["security"] as? [[String: [String]]])
            if route.requiresAuth {
                #expect(security == [["bearer": []]], "\(route.method) \(route.pattern)")
            } else {
                #expect(security.isEmpty, "\(route.method) \(route.pattern) must not require a token")
            }
        }
        let components = try #require(document["components"] as? [String: Any])
        let schemes = try #require(components["securitySchemes"] as? [String: [String: String]])
        #expect(schemes == ["bearer": ["type": "http", "scheme": "bearer"]])
    }

    @Test func operationDetailsAreCarriedOver() throws {
        let list = try operation("/insulin/doses", "get")
        #expect(list["summary"] as? String == "List doses")
        #expect(list["tags"] as? [String] == ["insulin"])
        let parameters = try #require(list["parameters"] as? [[String: Any]])
        #expect(parameters.count == 1)
        #expect(parameters.first?["name"] as? String == "from")
        #expect(parameters.first?["in"] as? String == "query")
        #expect(list["requestBody"] == nil)

        let log = try operation("/insulin/doses", "post")
        let body = try #require(log["requestBody"] as? [String: Any])
        #expect(body["required"] as? Bool == true)
        #expect(log["parameters"] == nil)
    }

    @Test func everyOperationHasItsResponsesAndTheDefaultError() throws {
        let log = try operation("/insulin/doses", "post")
        let responses = try #require(log["responses"] as? [String: Any])
        #expect(Set(responses.keys) == ["201", "default"])
        for route in Self.routes {
            let responses = try #require(try operation(route.pattern, route.method.lowercased())["responses"] as? [String: Any])
            let fallback = try #require(responses["default"] as? [String: Any])
            let content = try #require(fallback["content"] as? [String: [String: [String: String]]])
            #expect(content["application/json"]?["schema"] == ["$ref": "#/components/schemas/Error"])
        }
    }

    @Test func schemasAreListed() throws {
        let components = try #require(document["components"] as? [String: Any])
        let schemas = try #require(components["schemas"] as? [String: Any])
        #expect(Set(schemas.keys) == ["Error", "Dose"])
        let dose = try #require(schemas["Dose"] as? [String: Any])
        #expect(dose["additionalProperties"] as? Bool == false)
        #expect(dose["required"] as? [String] == ["units"])
    }

    @Test func serializedPathsKeepTheRouteOrder() {
        let text = OpenAPIDocument.make(title: "T", version: "1", description: "", routes: Self.routes, schemas: []).serialized()
        let positions = ["\"/healthz\"", "\"/accounts/sign-in\"", "\"/insulin/doses\"", "\"/insulin/doses/{id}\""]
            .map { text.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
    }
}
