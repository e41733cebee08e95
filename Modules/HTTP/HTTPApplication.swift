import FoundationEssentials
import Core

/// The request pipeline in front of the router: request id, limits, content type, auth,
/// error mapping and the log line. It never throws: every outcome is a response, and a bad
/// input is always a 4xx with a JSON error body.
public struct HTTPApplication: Sendable {
    public typealias Authenticator = @Sendable (_ token: String) throws -> String?
    /// Extra fields for an error body (for example the earlier dose of a refused duplicate).
    public typealias ErrorDetails = @Sendable (AppError) -> [String: JSONValue]

    public let router: Router
    public let maximumBodySize: Int
    let authenticate: Authenticator
    /// Ends an authenticated request before it answers; throws (a 401) when the account
    /// `authenticate` gave on trust turned out not to be the token's (see `BrowserSessions.settleBearer`).
    let settleAuthentication: @Sendable () throws -> Void
    let errorDetails: ErrorDetails
    let logger: Logger?
    /// Counts every answer by route and status, with its time (`GET /metrics`); nil in tests.
    public let metrics: RequestMetrics?
    let clock: @Sendable () -> ContinuousClock.Instant
    /// How the pipeline answers under a path prefix whose clients expect another API's conventions
    /// (Nightscout's under `/api/v1/`); the first whose prefix the path has applies.
    public var conventions: [PathConvention] = []

    public init(router: Router, maximumBodySize: Int = 1 << 20, logger: Logger?, metrics: RequestMetrics? = nil,
                authenticate: @escaping Authenticator, settleAuthentication: @escaping @Sendable () throws -> Void = {},
                errorDetails: @escaping ErrorDetails = { _ in [:] }) {
        self.router = router
        self.maximumBodySize = maximumBodySize
        self.authenticate = authenticate
        self.settleAuthentication = settleAuthentication
        self.errorDetails = errorDetails
        self.logger = logger
        self.metrics = metrics
        clock = { ContinuousClock.now }
    }

    public func respond(to incoming: HTTPRequest) -> HTTPResponse {
        let started = clock()
        var request = incoming
        request.requestID = Self.acceptableRequestID(incoming.header("x-request-id")) ?? UUIDv7.makeString()
        var pattern = "unmatched"
        var response = route(&request, pattern: &pattern)
        if let convention = conventions.first(where: { request.path.hasPrefix($0.prefix) }) {
            for (name, value) in convention.headers { response.setHeader(name, value) }
        }
        response.setHeader("X-Request-Id", request.requestID)
        guard logger != nil || metrics != nil else { return response }
        let elapsed = clock() - started
        let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
        metrics?.record(method: request.method, route: pattern, status: response.status, seconds: milliseconds / 1000)
        if let logger {
            let shown = round2(milliseconds)
            logger.info("\(request.method) \(Self.loggable(request.path)) \(response.status) \(shown)ms id=\(request.requestID)")
        }
        return response
    }

    /// `pattern` becomes the matched route's pattern: the metrics' label, never the raw path.
    private func route(_ request: inout HTTPRequest, pattern: inout String) -> HTTPResponse {
        let convention = conventions.first { request.path.hasPrefix($0.prefix) }
        if let convention, let status = convention.preflightStatus, request.method == "OPTIONS" {
            pattern = "OPTIONS \(convention.prefix)*" // a preflight: no route runs
            return HTTPResponse(status: status)
        }
        var response = pipelineRoute(&request, pattern: &pattern)
        if let convention, let error = response.pipelineError {
            response.body = convention.errorBody(response.status, error)
        }
        return response
    }

    /// A refusal the server makes before the pipeline runs (a body over the limit, a shutdown), in
    /// the shape the path's convention asks for (Tend's error body when none applies).
    public func refusal(_ error: AppError, path: String) -> HTTPResponse {
        var response = HTTPResponse.error(error)
        if let convention = conventions.first(where: { path.hasPrefix($0.prefix) }) {
            response.body = convention.errorBody(response.status, error)
            for (name, value) in convention.headers { response.setHeader(name, value) }
        }
        return response
    }

    /// A refusal made before the body is read, as `refusal(_:path:)`, or the matched route's own
    /// page (`Route.refusalPage`) from the request's head (`head.body` is empty).
    public func refusal(_ error: AppError, head: HTTPRequest) -> HTTPResponse {
        guard case .found(let route, let parameters) = router.match(method: head.method, path: head.path),
              let page = route.refusalPage else { return refusal(error, path: head.path) }
        var request = head
        request.pathParameters = parameters
        return page(request, error)
    }

    /// Routes a request; the refusals the pipeline makes itself carry their error (`pipelineError`).
    private func pipelineRoute(_ request: inout HTTPRequest, pattern: inout String) -> HTTPResponse {
        switch router.match(method: request.method, path: request.path) {
        case .notFound:
            return .refusal(AppError.notFound("no route for \(request.method) \(request.path)", code: "route_not_found"))
        case .methodNotAllowed(let allowed):
            var response = HTTPResponse.refusal(AppError(.invalidInput, code: "method_not_allowed",
                                                         "\(request.method) is not allowed on \(request.path)"))
            response.status = 405
            response.setHeader("Allow", allowed.joined(separator: ", "))
            return response
        case .found(let route, let parameters):
            pattern = route.pattern
            request.pathParameters = parameters
            if let refusal = checkBody(request, route: route) ?? Self.checkText(request) { return refusal }
            do {
                if route.requiresAuth {
                    guard let token = request.bearerToken, let account = try authenticate(token) else {
                        var response = HTTPResponse.refusal(AppError(.unauthorized, code: "unauthorized",
                                                                     "a valid bearer token is required"))
                        response.setHeader("WWW-Authenticate", "Bearer")
                        return response
                    }
                    request.accountID = account
                    return try settlingAuthentication { try route.handler(request) }
                }
                return try route.handler(request)
            } catch let error as AppError where error.kind == .internalFailure {
                // A bug or a damaged database: the details go to the log, never to the client.
                logger?.error("\(request.method) \(Self.loggable(request.path)) failed: \(error.message)")
                return .refusal(AppError(.internalFailure, code: "internal", "the server could not complete the request"))
            } catch let error as AppError {
                return errorResponse(error)
            } catch {
                logger?.error("\(request.method) \(Self.loggable(request.path)) failed: \(error)")
                return .refusal(AppError(.internalFailure, code: "internal", "the server could not complete the request"))
            }
        }
    }

    /// The handler's answer, or its error, once the authentication is settled; a refused
    /// authentication wins over both (the request was never the account's to make).
    private func settlingAuthentication(_ handler: () throws -> HTTPResponse) throws -> HTTPResponse {
        let response: HTTPResponse
        do {
            response = try handler()
        } catch {
            try settleAuthentication()
            throw error
        }
        try settleAuthentication()
        return response
    }

    private func errorResponse(_ error: AppError) -> HTTPResponse {
        var response = HTTPResponse.error(error, extra: errorDetails(error))
        if error.kind == .unauthorized {
            response.setHeader("WWW-Authenticate", "Bearer") // RFC 9110: every 401 names its scheme
        }
        if error.kind == .tooManyRequests {
            let seconds = (error.details as? Int) ?? 60
            response.setHeader("Retry-After", String(max(1, seconds)))
        }
        // A database that is out of reach for a moment (PostgreSQL restarting): when to try again.
        if error.kind == .unavailable, let seconds = error.details as? Int {
            response.setHeader("Retry-After", String(max(1, seconds)))
        }
        return response
    }

    /// The body limit for a request, known from its method and path before the body is read.
    public func maximumBodySize(method: String, path: String) -> Int {
        if case .found(let route, _) = router.match(method: method, path: path), let limit = route.maximumBodySize { return limit }
        return maximumBodySize
    }

    /// 413 for a body over the limit, 415 for a body of a type the route does not take.
    private func checkBody(_ request: HTTPRequest, route: Route) -> HTTPResponse? {
        let limit = route.maximumBodySize ?? maximumBodySize
        if request.body.count > limit {
            let error = AppError(.tooLarge, code: "body_too_large", "the body is larger than \(limit) bytes")
            return route.refusalPage?(request, error) ?? .refusal(error)
        }
        guard !request.body.isEmpty else { return nil }
        let type = request.header("content-type")?.split(separator: ";").first.map { $0.trimmingSpaces.lowercased() } ?? ""
        let accepted = route.accepts.contains { wanted in
            type == wanted || (wanted == "application/json" && type.hasSuffix("+json") && type.hasPrefix("application/"))
        }
        guard accepted else {
            var response = HTTPResponse.refusal(AppError(.invalidInput, code: "unsupported_media_type",
                                                         "the body must be \(route.accepts.joined(separator: " or ")) (Content-Type)"))
            response.status = 415
            return response
        }
        return nil
    }

    /// 400 `invalid_text` for a path parameter or query item (name or value) holding a control
    /// character other than newline and tab, as for a JSON body's strings (`HTTPRequest.decode`).
    static func checkText(_ request: HTTPRequest) -> HTTPResponse? {
        let path = request.pathParameters, query = request.query
        let refused: String?
        if let name = path.keys.sorted().first(where: { path[$0]!.hasControlCharacters }) {
            refused = "path parameter '\(name)'"
        } else if let name = query.keys.sorted().first(where: { $0.hasControlCharacters || query[$0]!.hasControlCharacters }) {
            refused = "query parameter '\(name.printable)'"
        } else {
            refused = nil
        }
        return refused.map { name in
            .refusal(AppError.invalidInput("\(name) holds a control character (such as ESC, BEL or NUL); "
                                           + "text may hold newlines and tabs only", code: "invalid_text"))
        }
    }

    /// A path as the log shows it: control characters escaped, so a request cannot forge a line.
    static func loggable(_ path: String) -> String {
        // Nearly every path is short and plain: as it is, without a copy scalar by scalar.
        if path.utf8.count <= 300, path.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x7F }) { return path }
        var result = ""
        for scalar in path.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                result += "\\x" + String(scalar.value, radix: 16)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result.count > 300 ? String(result.prefix(300)) + "…" : result
    }

    /// A client's request id is echoed when it is short and plain; otherwise a new one is made.
    static func acceptableRequestID(_ value: String?) -> String? {
        guard let value, (1...64).contains(value.utf8.count),
              value.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) || $0 == 45 || $0 == 95 })
        else { return nil }
        return value
    }
}

/// What the pipeline does differently under a path prefix, for an API whose clients expect its own
/// conventions rather than Tend's (Nightscout's API v1 under `/api/v1/`).
public struct PathConvention: Sendable {
    public let prefix: String
    /// The body of a refusal the pipeline makes before a route runs (no route, 405, 413, 415, a
    /// control character, 401 without a bearer token, 500), from its status and error; the
    /// status and headers stay the pipeline's.
    public let errorBody: @Sendable (_ status: Int, _ error: AppError) -> Data
    /// Headers every answer under the prefix carries, the refusals included (CORS).
    public let headers: [(name: String, value: String)]
    /// The status an `OPTIONS` request (a CORS preflight) is answered with before any route is
    /// matched; nil: `OPTIONS` is routed as any method.
    public let preflightStatus: Int?

    public init(prefix: String, headers: [(name: String, value: String)] = [], preflightStatus: Int? = nil,
                errorBody: @escaping @Sendable (_ status: Int, _ error: AppError) -> Data) {
        self.prefix = prefix
        self.headers = headers
        self.preflightStatus = preflightStatus
        self.errorBody = errorBody
    }
}

extension HTTPResponse {
    /// A refusal of the pipeline's own, in Tend's error shape, remembering its error so that a
    /// `PathConvention` can answer it in another shape.
    static func refusal(_ error: AppError) -> HTTPResponse {
        var response = HTTPResponse.error(error)
        response.pipelineError = error
        return response
    }
}
