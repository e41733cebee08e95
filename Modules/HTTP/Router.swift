import Core

/// What a route does with a request.
public typealias Handler = @Sendable (HTTPRequest) throws -> HTTPResponse

/// One endpoint: a method, a path pattern with `{name}` segments, whether it needs an
/// authenticated account, the handler, and its OpenAPI description.
public struct Route: Sendable {
    public let method: String
    public let pattern: String
    public let requiresAuth: Bool
    public let operation: OpenAPIOperation
    public let handler: Handler
    /// The body limit of this route when it differs from the application's (a GPX upload).
    public let maximumBodySize: Int?
    /// The media types its body may have (JSON unless said otherwise).
    public let accepts: [String]
    /// How the route answers a body over its limit, refused before the handler runs (and, by the
    /// server, before the body is read): a web form's page in the person's language rather than
    /// the API's JSON. The request carries the head only. nil: the JSON error.
    public var refusalPage: (@Sendable (HTTPRequest, AppError) -> HTTPResponse)?
    let segments: [Segment]

    enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter(String)
    }

    public init(_ method: String, _ pattern: String, requiresAuth: Bool = true, maximumBodySize: Int? = nil,
                accepts: [String] = ["application/json"], operation: OpenAPIOperation, handler: @escaping Handler) {
        self.method = method.uppercased()
        self.pattern = pattern
        self.requiresAuth = requiresAuth
        self.maximumBodySize = maximumBodySize
        self.accepts = accepts
        self.operation = operation
        self.handler = handler
        segments = pattern.split(separator: "/", omittingEmptySubsequences: true).map { part in
            part.hasPrefix("{") && part.hasSuffix("}") ? .parameter(String(part.dropFirst().dropLast())) : .literal(String(part))
        }
    }

    /// The path parameters when `path` matches this route's pattern.
    func match(_ pathSegments: [Substring]) -> [String: String]? {
        guard pathSegments.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (segment, part) in zip(segments, pathSegments) {
            switch segment {
            case .literal(let literal): guard literal == part else { return nil }
            case .parameter(let name): parameters[name] = String(part)
            }
        }
        return parameters
    }
}

/// Finds the route for a request; tells a missing path (404) from a wrong method (405).
public struct Router: Sendable {
    public private(set) var routes: [Route] = []

    public enum Match {
        case found(Route, parameters: [String: String])
        case methodNotAllowed(allowed: [String])
        case notFound
    }

    public init() {}

    public mutating func add(_ route: Route) {
        precondition(!routes.contains { $0.method == route.method && $0.segments == route.segments },
                     "duplicate route \(route.method) \(route.pattern)")
        routes.append(route)
    }

    public mutating func addRoutes(_ routes: [Route]) {
        for route in routes { add(route) }
    }

    public func match(method: String, path: String) -> Match {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        var allowed: [String] = []
        // HEAD is served by the GET route (libmicrohttpd leaves the body out).
        let wanted = method == "HEAD" ? "GET" : method
        for route in routes {
            guard let parameters = route.match(parts) else { continue }
            if route.method == wanted { return .found(route, parameters: parameters) }
            allowed.append(route.method)
        }
        return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed: allowed)
    }
}
