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
    /// The routes that can match a path, by its segment count and first two segments (when the
    /// pattern has literals there), in the order they were added: a request looks at a handful
    /// of routes, not at every one the server has (about 200).
    private var buckets: [String: [Int]] = [:]
    /// By segment count: the routes with a parameter among their first two segments.
    private var open: [Int: [Int]] = [:]

    public enum Match {
        case found(Route, parameters: [String: String])
        case methodNotAllowed(allowed: [String])
        case notFound
    }

    public init() {}

    public mutating func add(_ route: Route) {
        precondition(!routes.contains { $0.method == route.method && $0.segments == route.segments },
                     "duplicate route \(route.method) \(route.pattern)")
        let leading = route.segments.prefix(2).map { segment -> String? in
            if case .literal(let text) = segment { return text }
            return nil
        }
        if leading.contains(where: { $0 == nil }) {
            open[route.segments.count, default: []].append(routes.count)
        } else {
            buckets[Self.key(count: route.segments.count, leading.map { $0! }), default: []].append(routes.count)
        }
        routes.append(route)
    }

    public mutating func addRoutes(_ routes: [Route]) {
        for route in routes { add(route) }
    }

    public func match(method: String, path: String) -> Match {
        // Split on the UTF-8 bytes: `split` on the characters finds grapheme breaks first.
        let parts = path.utf8.split(separator: UInt8(ascii: "/")).map { path[$0.startIndex..<$0.endIndex] }
        var allowed: [String] = []
        // HEAD is served by the GET route (libmicrohttpd leaves the body out).
        let wanted = method == "HEAD" ? "GET" : method
        let listed = buckets[Self.key(count: parts.count, parts.prefix(2))] ?? []
        let others = open[parts.count] ?? []
        // Both lists are in the order of `routes`: merged, the first match is the one a scan of all would find.
        var (i, j) = (0, 0)
        while i < listed.count || j < others.count {
            let index: Int
            if j == others.count || (i < listed.count && listed[i] < others[j]) {
                index = listed[i]
                i += 1
            } else {
                index = others[j]
                j += 1
            }
            let route = routes[index]
            guard let parameters = route.match(parts) else { continue }
            if route.method == wanted { return .found(route, parameters: parameters) }
            allowed.append(route.method)
        }
        return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed: allowed)
    }

    private static func key(count: Int, _ leading: some Sequence<some StringProtocol>) -> String {
        var key = String(count)
        for part in leading {
            key += "/"
            key += part
        }
        return key
    }
}
