/// What a route built from an endpoint hands its handler: the typed parameters and body, and
/// the request they came from (the account, the headers).
public struct Received<Parameters: Sendable, Body: Sendable>: Sendable {
    public let parameters: Parameters
    public let body: Body
    public let request: HTTPRequest

    public init(parameters: Parameters, body: Body, request: HTTPRequest) {
        self.parameters = parameters
        self.body = body
        self.request = request
    }

    /// The account the auth middleware resolved ("" on a route that does not require one).
    public var accountID: String { request.accountID ?? "" }
}

extension Route {
    /// The route of `endpoint`: its method, pattern, auth, body types and limit. The handler gets
    /// the parameters and the body in their types and returns the answer in its type, which is
    /// written with the endpoint's status. `operation` documents it in `/openapi.json`.
    public init<Parameters, Body, Answer>(
        _ endpoint: Endpoint<Parameters, Body, Answer>, operation: OpenAPIOperation,
        handler: @escaping @Sendable (Received<Parameters, Body>) throws -> Answer
    ) {
        assert(operation.responses.contains { $0.0 == String(endpoint.answer.status) },
               "\(endpoint.signature) answers \(endpoint.answer.status), which its OpenAPI operation does not list")
        self.init(endpoint.method, endpoint.pattern, requiresAuth: endpoint.requiresAuth, maximumBodySize: endpoint.body.maximumSize,
                  accepts: endpoint.body.accepts, operation: operation) { request in
            let parameters = try Parameters(path: request.pathParameters, query: request.query)
            let body = try endpoint.body.decode(request)
            return try endpoint.answer.response(handler(Received(parameters: parameters, body: body, request: request)))
        }
    }
}
