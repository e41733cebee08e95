import Foundation
import Testing
import Core
import Domain
import HTTP
import Server
@testable import Client
#if canImport(Glibc)
import Glibc
#endif

/// What `/echo/{id}` saw of a request.
struct Echo: Codable {
    let method: String
    let path: String
    let id: String
    let query: [String: String]
    let headers: [String: String]
    let bodyBytes: Int
    let account: String?
}

enum LocalServer {
    static let operation = OpenAPIOperation(summary: "test", tag: "test", responses: [("200", OpenAPISchema.emptyResponse("OK"))])
    static let token = "token-of-alice"

    static let routes: [Route] = {
        var routes: [Route] = []
        for method in ["GET", "POST", "PUT", "DELETE", "PATCH"] {
            routes.append(Route(method, "/echo/{id}", requiresAuth: false, accepts: ["application/json", "application/octet-stream"],
                                operation: operation) { request in
                try .json(Echo(method: request.method, path: request.path, id: request.pathParameters["id"] ?? "", query: request.query,
                               headers: request.headers, bodyBytes: request.body.count, account: request.accountID))
            })
        }
        for method in ["POST", "PUT"] {
            routes.append(Route(method, "/blob", requiresAuth: true, maximumBodySize: 8 << 20, accepts: ["application/octet-stream"],
                                operation: operation) { request in
                HTTPResponse(status: 201, headers: [("Content-Type", "application/octet-stream")], body: request.body)
            })
        }
        routes.append(Route("GET", "/slow-down", requiresAuth: false, operation: operation) { _ in
            throw AppError(.tooManyRequests, code: "too_many_attempts", "wait a bit", details: 42)
        })
        routes.append(Route("GET", "/huge", requiresAuth: false, operation: operation) { _ in
            HTTPResponse(status: 200, headers: [("Content-Type", "application/octet-stream")],
                         body: Data(repeating: 0x61, count: CurlTransport.maximumResponseBytes + 1))
        })
        routes.append(Route("GET", "/moved", requiresAuth: false, operation: operation) { _ in
            HTTPResponse(status: 302, headers: [("Location", "/echo/elsewhere")])
        })
        return routes
    }()

    static func start() throws -> HTTPServer {
        var router = Router()
        router.addRoutes(routes)
        let application = HTTPApplication(router: router, logger: nil, authenticate: { $0 == token ? "alice" : nil })
        let server = HTTPServer(application: application, configuration: .init(host: "127.0.0.1", port: 0, threads: 4))
        try server.start()
        return server
    }
}

/// A loopback port whose connections the kernel completes (the listen backlog) and nobody
/// ever reads or answers: a server that hangs.
final class SilentPeer {
    let fd: Int32
    let port: UInt16

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = fd >= 0 && withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(fd, socketAddress, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, socketAddress, &length) == 0
            }
        }
        guard bound else {
            if fd >= 0 { Glibc.close(fd) }
            throw AppError.unavailable("cannot open a silent peer on loopback")
        }
        self.fd = fd
        port = UInt16(bigEndian: address.sin_port)
    }

    func close() { Glibc.close(fd) }
}

@Suite("CurlTransport against a local HTTPServer", .serialized)
struct CurlTransportTests {
    let transport = CurlTransport()

    @Test func libcurlIsLoadedOnDemand() {
        #expect(CurlTransport.isAvailable)
    }

    @Test func getSendsTheHeadersAndReadsStatusAndBody() throws {
        let server = try LocalServer.start()
        defer { server.stop() }
        let response = try transport.send(ServerRequest("GET", "/echo/7", query: [("q", "a b&c=d"), ("name", "Jürgen"), ("empty", "")]),
                                          baseURL: "http://127.0.0.1:\(server.port)/", token: "tok", language: "ko", timeout: 5)
        #expect(response.status == 200)
        #expect(response.headers["content-type"] == "application/json")
        #expect(response.headers["x-request-id"] != nil)
        let echo = try response.decode(Echo.self)
        #expect(echo.method == "GET")
        #expect(echo.path == "/echo/7")
        #expect(echo.id == "7")
        #expect(echo.query == ["q": "a b&c=d", "name": "Jürgen", "empty": ""])
        #expect(echo.headers["authorization"] == "Bearer tok")
        #expect(echo.headers["accept"] == "application/json")
        #expect(echo.headers["accept-language"] == "ko")
        #expect(echo.headers["user-agent"] == "tend/1.0")
        #expect(echo.headers["content-type"] == nil)
        #expect(echo.headers["expect"] == nil)
        #expect(echo.bodyBytes == 0)
    }

    @Test(arguments: ["POST", "PUT", "PATCH", "DELETE"])
    func jsonBodiesGoWithEveryMethod(method: String) throws {
        let server = try LocalServer.start()
        defer { server.stop() }
        struct Note: Encodable { let text: String }
        let request = try ServerRequest.json(method, "/echo/n1", Note(text: "안녕 \"quoted\""))
        let response = try transport.send(request, baseURL: "http://127.0.0.1:\(server.port)", token: nil, language: nil, timeout: 5)
        #expect(response.status == 200)
        let echo = try response.decode(Echo.self)
        #expect(echo.method == method)
        #expect(echo.headers["content-type"] == "application/json")
        #expect(echo.headers["authorization"] == nil)
        #expect(echo.headers["accept-language"] == nil)
        #expect(echo.bodyBytes == request.body?.count)
    }

    @Test func deleteWithoutABody() throws {
        let server = try LocalServer.start()
        defer { server.stop() }
        let response = try transport.send(ServerRequest("DELETE", "/echo/d1"), baseURL: "http://127.0.0.1:\(server.port)",
                                          token: nil, language: nil, timeout: 5)
        let echo = try response.decode(Echo.self)
        #expect(echo.method == "DELETE")
        #expect(echo.bodyBytes == 0)
    }

    @Test(arguments: ["POST", "PUT"])
    func binaryBodiesRoundTripExactly(method: String) throws {
        let server = try LocalServer.start()
        defer { server.stop() }
        var generator = SystemRandomNumberGenerator()
        var bytes = [UInt8](repeating: 0, count: 3 << 20)
        for index in stride(from: 0, to: bytes.count, by: 8) {
            withUnsafeBytes(of: generator.next() as UInt64) { random in
                for offset in 0..<8 { bytes[index + offset] = random[offset] }
            }
        }
        bytes[0] = 0; bytes[1] = 0x0D; bytes[2] = 0x0A // NUL and CRLF survive too
        let body = Data(bytes)
        let response = try transport.send(ServerRequest(method, "/blob", body: body, contentType: "application/octet-stream"),
                                          baseURL: "http://127.0.0.1:\(server.port)", token: LocalServer.token, language: nil, timeout: 10)
        #expect(response.status == 201)
        #expect(response.headers["content-type"] == "application/octet-stream")
        #expect(response.body.count == body.count)
        #expect(response.body == body)
    }

    @Test func errorAnswersAreReturnedWithTheirHeaders() throws {
        let server = try LocalServer.start()
        defer { server.stop() }
        let unauthorized = try transport.send(ServerRequest("POST", "/blob", body: Data([1]), contentType: "application/octet-stream"),
                                              baseURL: "http://127.0.0.1:\(server.port)", token: "wrong", language: nil, timeout: 5)
        #expect(unauthorized.status == 401)
        #expect(unauthorized.headers["www-authenticate"] == "Bearer")
        let throttled = try transport.send(ServerRequest("GET", "/slow-down"), baseURL: "http://127.0.0.1:\(server.port)",
                                           token: nil, language: nil, timeout: 5)
        #expect(throttled.status == 429)
        #expect(throttled.headers["retry-after"] == "42")
        #expect(String(decoding: throttled.body, as: UTF8.self).contains("too_many_attempts"))
    }

    @Test func redirectsAreNotFollowed() throws {
        let server = try LocalServer.start()
        defer { server.stop() }
        let response = try transport.send(ServerRequest("GET", "/moved"), baseURL: "http://127.0.0.1:\(server.port)",
                                          token: "tok", language: nil, timeout: 5)
        #expect(response.status == 302)
        #expect(response.headers["location"] == "/echo/elsewhere")
    }

    @Test func aPeerThatNeverAnswersTimesOut() throws {
        // libcurl's own timer is real: the peer accepts the connection and never answers, so
        // the call can only end on the timeout; how long that took is not measured.
        let peer = try SilentPeer()
        defer { peer.close() }
        let error = #expect(throws: AppError.self) {
            try transport.send(ServerRequest("GET", "/v1/me"), baseURL: "http://127.0.0.1:\(peer.port)",
                               token: "tok", language: nil, timeout: 0.5)
        }
        #expect(error?.kind == .unavailable)
        #expect(error?.code == "server_unreachable")
        #expect(error?.message.hasPrefix("no answer from the server at http://127.0.0.1:\(peer.port) within 0.5 s") == true,
                "\(error?.message ?? "")")
        #expect(error?.message.contains("tok") == false)
    }

    @Test func aRefusedConnectionIsServerUnreachable() throws {
        let server = try LocalServer.start()
        let port = server.port
        server.stop()
        let error = #expect(throws: AppError.self) {
            try transport.send(ServerRequest("GET", "/echo/1"), baseURL: "http://127.0.0.1:\(port)",
                               token: "secret-token", language: nil, timeout: 5)
        }
        #expect(error?.kind == .unavailable)
        #expect(error?.code == "server_unreachable")
        #expect(error?.message.hasPrefix("cannot reach the server at http://127.0.0.1:\(port)") == true)
        #expect(error?.message.contains("secret-token") == false)
    }

    @Test func anUnknownHostIsServerUnreachable() throws {
        let error = #expect(throws: AppError.self) {
            try transport.send(ServerRequest("GET", "/v1/me"), baseURL: "http://tend-does-not-exist.invalid",
                               token: nil, language: nil, timeout: 5)
        }
        #expect(error?.code == "server_unreachable")
        #expect(error?.message.contains("tend-does-not-exist.invalid") == true)
    }

    @Test func answersOverTheCapAreRefused() throws {
        let server = try LocalServer.start()
        defer { server.stop() }
        let error = #expect(throws: AppError.self) {
            try transport.send(ServerRequest("GET", "/huge"), baseURL: "http://127.0.0.1:\(server.port)", token: nil, language: nil, timeout: 20)
        }
        #expect(error?.kind == .unavailable)
        #expect(error?.code == "response_too_large")
    }

    @Test func urlsAreBuiltFromTheBaseThePathAndAnEncodedQuery() {
        #expect(CurlTransport.url(baseURL: "https://x.org/", request: ServerRequest("GET", "/v1/a b", query: [("k", "v/1+2")]))
                == "https://x.org/v1/a%20b?k=v%2F1%2B2")
        #expect(CurlTransport.url(baseURL: "https://x.org/tend", request: ServerRequest("GET", "v1/me")) == "https://x.org/tend/v1/me")
        #expect(CurlTransport.headerSafe("a\r\nInjected: yes") == "aInjected: yes")
    }
}
