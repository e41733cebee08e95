/// The OpenAPI description of one route: enough to generate `/openapi.json` from the router
/// itself, so the document can never list a route that is not served, or miss one.
public struct OpenAPIOperation: Sendable {
    public var summary: String
    public var tag: String
    public var parameters: [JSONValue]
    public var requestBody: JSONValue?
    /// Status code → response object.
    public var responses: [(String, JSONValue)]

    public init(summary: String, tag: String, parameters: [JSONValue] = [], requestBody: JSONValue? = nil,
                responses: [(String, JSONValue)]) {
        self.summary = summary
        self.tag = tag
        self.parameters = parameters
        self.requestBody = requestBody
        self.responses = responses
    }
}

/// Builds the OpenAPI 3.1 document of a router's routes.
public enum OpenAPIDocument {
    public static func make(title: String, version: String, description: String, routes: [Route],
                            schemas: [(String, JSONValue)]) -> JSONValue {
        var paths: [(String, [(String, JSONValue)])] = []
        for route in routes {
            var operation: [(String, JSONValue)] = [
                ("operationId", .string(operationID(route))),
                ("summary", .string(route.operation.summary)),
                ("tags", .array([.string(route.operation.tag)])),
            ]
            if !route.operation.parameters.isEmpty { operation.append(("parameters", .array(route.operation.parameters))) }
            if let body = route.operation.requestBody { operation.append(("requestBody", body)) }
            var responses = route.operation.responses
            let errorSchema: JSONValue = ["$ref": "#/components/schemas/Error"]
            responses.append(("default", ["description": "An error", "content": ["application/json": ["schema": errorSchema]]]))
            operation.append(("responses", .object(responses)))
            operation.append(("security", route.requiresAuth ? [["bearer": []]] : []))
            if let index = paths.firstIndex(where: { $0.0 == route.pattern }) {
                paths[index].1.append((route.method.lowercased(), .object(operation)))
            } else {
                paths.append((route.pattern, [(route.method.lowercased(), .object(operation))]))
            }
        }
        return [
            "openapi": "3.1.0",
            "info": ["title": .string(title), "version": .string(version), "description": .string(description)],
            "paths": .object(paths.map { ($0.0, .object($0.1)) }),
            "components": [
                "securitySchemes": ["bearer": ["type": "http", "scheme": "bearer"]],
                "schemas": .object(schemas),
            ],
        ]
    }

    static func operationID(_ route: Route) -> String {
        let words = route.pattern.split(separator: "/").map { part -> String in
            let name = part.hasPrefix("{") ? "by_" + part.dropFirst().dropLast() : String(part)
            return name.replacing("-", with: "_")
        }
        return ([route.method.lowercased()] + words).joined(separator: "_")
    }
}
