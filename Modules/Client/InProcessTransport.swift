import FoundationEssentials
import Core
import HTTP

/// A transport that hands each request to an `HTTPApplication` in this process, as the server
/// would receive it from libcurl (the path decoded, the token and language as headers), and
/// brings its response back: integration tests drive the real client against the real routes
/// without a socket.
public struct InProcessTransport: ServerTransport {
    public let application: HTTPApplication

    public init(application: HTTPApplication) {
        self.application = application
    }

    public func send(_ request: ServerRequest, baseURL: String, token: String?, language: String?,
                     timeout: TimeInterval) throws -> ServerResponse {
        var headers: [String: String] = ["Accept": "application/json", "User-Agent": CurlTransport.userAgent]
        if let token { headers["Authorization"] = "Bearer \(token)" }
        if let language, !language.isEmpty { headers["Accept-Language"] = language }
        if request.body != nil { headers["Content-Type"] = request.contentType ?? "application/octet-stream" }
        for (name, value) in request.headers { headers[name] = value }
        let response = application.respond(to: HTTPRequest(
            method: request.method, path: ExpectingTransport.decoded(request.path), query: ExpectingTransport.query(request),
            headers: headers, body: request.body ?? Data()))
        return ServerResponse(status: response.status, headers: ExpectingTransport.fields(response.headers), body: response.body)
    }
}
