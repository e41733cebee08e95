import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Dispatch
import Testing
import Core
@testable import HTTP
@testable import Server
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
    let account: String?
}

enum ServerFixture {
    static let routes: [Route] = [
        makeRoute("GET", "/hello") { _ in
            HTTPResponse(status: 200, headers: [("Content-Type", "text/plain; charset=utf-8"), ("X-Handler", "hello")],
                         body: Data("Hello, Tend!".utf8))
        },
        makeRoute("GET", "/echo/{id}") { request in
            try .json(Echo(method: request.method, path: request.path, id: request.pathParameters["id"] ?? "",
                           query: request.query, headers: request.headers, account: request.accountID))
        },
        makeRoute("GET", "/private/echo/{id}", requiresAuth: true) { request in
            try .json(Echo(method: request.method, path: request.path, id: request.pathParameters["id"] ?? "",
                           query: request.query, headers: request.headers, account: request.accountID))
        },
        makeRoute("POST", "/upload") { request in
            HTTPResponse(status: 200, headers: [("Content-Type", "application/octet-stream"),
                                                ("X-Body-Bytes", String(request.body.count))], body: request.body)
        },
    ]

    /// A started server on a free loopback port with two threads.
    static func start(_ routes: [Route] = routes, maximumBodySize: Int = 1 << 20, host: String = "127.0.0.1") throws -> HTTPServer {
        let server = HTTPServer(application: makeApplication(routes, maximumBodySize: maximumBodySize),
                                configuration: .init(host: host, port: 0, threads: 2))
        try server.start()
        return server
    }
}

func headerValue(_ response: HTTPURLResponse, _ name: String) -> String? {
    response.allHeaderFields.first { ($0.key as? String)?.lowercased() == name.lowercased() }?.value as? String
}

@Suite("HTTPServer on loopback", .serialized)
struct HTTPServerTests {
    let session = URLSession(configuration: .ephemeral)

    @Test func portZeroBindsAFreePort() throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        #expect(server.port != 0)
    }

    @Test func getReturnsTheHandlersBodyAndHeaders() async throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/hello"))
        let (data, response) = try await session.data(from: url)
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self) == "Hello, Tend!")
        #expect(headerValue(http, "Content-Type") == "text/plain; charset=utf-8")
        #expect(headerValue(http, "X-Handler") == "hello")
        #expect(headerValue(http, "Content-Length") == "12")
        #expect(RequestIDTests.isGeneratedID(headerValue(http, "X-Request-Id")))
    }

    @Test func queryParametersAndHeadersReachTheHandler() async throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/echo/dose-7?name=J%C3%BCrgen&sum=1%2B1&note=a%20b%26c&plus=a+b&flag&empty="))
        var request = URLRequest(url: url)
        request.setValue("Hello World", forHTTPHeaderField: "X-Custom")
        request.setValue("client-trace-1", forHTTPHeaderField: "X-Request-Id")
        let (data, response) = try await session.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 200)
        #expect(headerValue(http, "X-Request-Id") == "client-trace-1")
        let echo = try JSONDecoder().decode(Echo.self, from: data)
        #expect(echo.method == "GET")
        #expect(echo.path == "/echo/dose-7")
        #expect(echo.id == "dose-7")
        #expect(echo.query["name"] == "Jürgen")
        #expect(echo.query["sum"] == "1+1")
        #expect(echo.query["note"] == "a b&c")
        #expect(echo.query["plus"] == "a b")
        #expect(echo.query["flag"] == "")
        #expect(echo.query["empty"] == "")
        #expect(echo.headers["x-custom"] == "Hello World")
        #expect(echo.headers["host"] == "127.0.0.1:\(server.port)")
        #expect(echo.account == nil)
    }

    @Test func authenticatedRouteOverTheWire() async throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/private/echo/1"))
        let (_, refused) = try await session.data(from: url)
        let denied = try #require(refused as? HTTPURLResponse)
        #expect(denied.statusCode == 401)
        #expect(headerValue(denied, "WWW-Authenticate") == "Bearer")

        var request = URLRequest(url: url)
        request.setValue("Bearer \(validToken)", forHTTPHeaderField: "Authorization")
        let (data, accepted) = try await session.data(for: request)
        #expect((accepted as? HTTPURLResponse)?.statusCode == 200)
        #expect(try JSONDecoder().decode(Echo.self, from: data).account == validAccount)
    }

    @Test func percentEncodedPathIsDecodedBeforeRouting() throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        let response = try rawRequest(port: server.port, "GET /echo/a%20b HTTP/1.1\r\nHost: t\r\n")
        #expect(response.status == 200)
        let echo = try JSONDecoder().decode(Echo.self, from: response.body)
        #expect(echo.id == "a b")
    }

    @Test func postBodyReachesTheHandlerIntact() async throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        // 500 KB of JSON whose bytes vary, so a dropped or reordered chunk would show.
        var text = #"{"blob":""#
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        text += String((0..<500_000).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
        text += #""}"#
        let body = Data(text.utf8)
        var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(server.port)/upload")))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = body
        let (data, response) = try await session.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 200)
        #expect(headerValue(http, "X-Body-Bytes") == String(body.count))
        #expect(data == body)
    }

    @Test func smallPostOverARawSocketIsEchoed() throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        let body = Data(#"{"units":4,"note":"한국어"}"#.utf8)
        let response = try rawRequest(port: server.port, """
            POST /upload HTTP/1.1\r
            Host: t\r
            Content-Type: application/json\r
            Content-Length: \(body.count)\r

            """, body: body)
        #expect(response.status == 200)
        #expect(response.body == body)
    }

    @Test func headAnswersWithoutABody() throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        let response = try rawRequest(port: server.port, "HEAD /hello HTTP/1.1\r\nHost: t\r\n")
        #expect(response.status == 200)
        #expect(response.headers["x-handler"] == "hello")
        #expect(response.body.isEmpty)
    }

    @Test func errorsOverTheWireAreJSON() throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        let missing = try rawRequest(port: server.port, "GET /nope HTTP/1.1\r\nHost: t\r\n")
        #expect(missing.status == 404)
        #expect(missing.headers["content-type"] == "application/json")
        #expect(try jsonObject(missing.body)["error"] != nil)
        let wrongMethod = try rawRequest(port: server.port, "DELETE /hello HTTP/1.1\r\nHost: t\r\n")
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.headers["allow"] == "GET")
    }

    @Test func contentLengthOverTheLimitIs413BeforeTheBody() throws {
        let server = try ServerFixture.start(maximumBodySize: 1024)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        try connection.send("""
            POST /upload HTTP/1.1\r
            Host: t\r
            Content-Type: application/json\r
            Content-Length: 2000000\r
            Expect: 100-continue\r
            \r

            """)
        // Not a byte of the body is sent: the server must answer from the headers alone.
        let data = connection.readToEnd()
        let firstLine = String(decoding: data.prefix { $0 != UInt8(ascii: "\r") }, as: UTF8.self)
        #expect(firstLine.hasPrefix("HTTP/1.1 413"), "got \(firstLine)")
        #expect(!String(decoding: data, as: UTF8.self).contains("100 Continue"))
        let response = try RawResponse(data)
        #expect(try errorCode(in: response.body) == "body_too_large")
    }

    @Test func contentLengthOverTheLimitWithTheBodySentIs413() throws {
        let server = try ServerFixture.start(maximumBodySize: 1024)
        defer { server.stop() }
        let body = Data(("{\"x\":\"" + String(repeating: "y", count: 2000) + "\"}").utf8)
        let response = try rawRequest(port: server.port, """
            POST /upload HTTP/1.1\r
            Host: t\r
            Content-Type: application/json\r
            Content-Length: \(body.count)\r

            """, body: body)
        #expect(response.status == 413)
        #expect(response.headers["connection"]?.lowercased() == "close")
        #expect(try errorCode(in: response.body) == "body_too_large")
        // The server is still fine afterwards.
        #expect(try rawRequest(port: server.port, "GET /hello HTTP/1.1\r\nHost: t\r\n").status == 200)
    }

    @Test func keepAliveConnectionServesSeveralRequestsInTurn() throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        let body = #"{"n":1}"#
        try connection.send("""
            GET /echo/first HTTP/1.1\r
            Host: t\r
            \r
            POST /upload HTTP/1.1\r
            Host: t\r
            Content-Type: application/json\r
            Content-Length: \(body.utf8.count)\r
            \r
            \(body)GET /echo/third HTTP/1.1\r
            Host: t\r
            Connection: close\r
            \r

            """)
        let text = String(decoding: connection.readToEnd(), as: UTF8.self)
        // Bodies are not followed by a line break, so count the status lines inside the stream.
        #expect(text.components(separatedBy: "HTTP/1.1 ").count - 1 == 3, "\(text)")
        #expect(text.components(separatedBy: "HTTP/1.1 200 OK\r\n").count - 1 == 3, "\(text)")
        #expect(text.contains(#""id":"first""#))
        #expect(text.contains(body))
        #expect(text.contains(#""id":"third""#))
    }

    @Test func contentLengthWithinTheLimitGets100Continue() throws {
        let server = try ServerFixture.start(maximumBodySize: 1024)
        defer { server.stop() }
        let body = Data(#"{"ok":true}"#.utf8)
        let connection = try RawConnection(port: server.port)
        try connection.send("""
            POST /upload HTTP/1.1\r
            Host: t\r
            Content-Type: application/json\r
            Content-Length: \(body.count)\r
            Expect: 100-continue\r
            Connection: close\r
            \r

            """)
        let interim = String(decoding: connection.read(until: "\r\n\r\n"), as: UTF8.self)
        #expect(interim.hasPrefix("HTTP/1.1 100"), "got \(interim)")
        try connection.send(body)
        let response = try RawResponse(connection.readToEnd())
        #expect(response.status == 200)
        #expect(response.body == body)
    }

    @Test func chunkedBodyWithinTheLimitIsReassembled() throws {
        let server = try ServerFixture.start(maximumBodySize: 1024)
        defer { server.stop() }
        let parts = [#"{"a":"#, #""chunked","#, #""b":[1,2,3]}"#]
        let chunked = parts.map { String($0.utf8.count, radix: 16) + "\r\n" + $0 + "\r\n" }.joined() + "0\r\n\r\n"
        let response = try rawRequest(port: server.port, """
            POST /upload HTTP/1.1\r
            Host: t\r
            Content-Type: application/json\r
            Transfer-Encoding: chunked\r

            """, body: Data(chunked.utf8))
        #expect(response.status == 200)
        #expect(response.text == parts.joined())
    }

    @Test func chunkedBodyOverTheLimitIs413() throws {
        let server = try ServerFixture.start(maximumBodySize: 1024)
        defer { server.stop() }
        let chunk = String(repeating: "x", count: 400)
        let chunked = String(repeating: "190\r\n" + chunk + "\r\n", count: 4) + "0\r\n\r\n"
        let response = try rawRequest(port: server.port, """
            POST /upload HTTP/1.1\r
            Host: t\r
            Content-Type: application/json\r
            Transfer-Encoding: chunked\r

            """, body: Data(chunked.utf8))
        #expect(response.status == 413)
        #expect(try errorCode(in: response.body) == "body_too_large")
    }

    @Test func manyConcurrentRequestsAreAllAnswered() async throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        let port = server.port
        let answered = try await withThrowingTaskGroup(of: Int.self) { group in
            for worker in 0..<16 {
                group.addTask {
                    try await onThread {
                        var good = 0
                        for index in stride(from: worker, to: 200, by: 16) {
                            let response = try rawRequest(port: port, "GET /echo/\(index)?worker=\(worker) HTTP/1.1\r\nHost: t\r\n")
                            let echo = try JSONDecoder().decode(Echo.self, from: response.body)
                            if response.status == 200, echo.id == String(index), echo.query["worker"] == String(worker) {
                                good += 1
                            }
                        }
                        return good
                    }
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(answered == 200)
    }

    @Test func stopFinishesTheRequestInFlightThenRefusesConnections() async throws {
        // Events, not durations: the handler holds its request until the test lets it go, and
        // the server reports when its drain has begun.
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let handlerDone = Flag()
        let server = try ServerFixture.start([makeRoute("GET", "/slow") { _ in
            entered.signal()
            _ = release.wait(timeout: .now() + patience)
            handlerDone.set()
            return HTTPResponse(status: 200, body: Data("slow done".utf8))
        }])
        defer { release.signal() }
        let port = server.port
        async let slow = onThread { try rawRequest(port: port, "GET /slow HTTP/1.1\r\nHost: t\r\n") }
        let inHandler = try await onThread { entered.wait(timeout: .now() + patience) == .success }
        try #require(inHandler, "the slow request never reached its handler")

        let draining = DispatchSemaphore(value: 0)
        server.drainBegins.withLock { $0 = { draining.signal() } }
        let stopReturned = Flag()
        let handlerDoneWhenStopReturned = Flag()
        async let stopped: Void = onThread {
            server.stop(timeout: .seconds(patience))
            if handlerDone.isSet { handlerDoneWhenStopReturned.set() }
            stopReturned.set()
        }
        let drainBegan = try await onThread { draining.wait(timeout: .now() + patience) == .success }
        try #require(drainBegan, "stop never began to drain")
        // The handler still holds its request: stop must still be waiting for it.
        #expect(!stopReturned.isSet, "stop returned while a request was in flight")
        release.signal()

        let response = try await slow
        try await stopped
        #expect(response.status == 200)
        #expect(response.text == "slow done")
        #expect(handlerDoneWhenStopReturned.isSet, "stop returned before the handler had finished")
        #expect(throws: RawSocketError.connect(ECONNREFUSED)) { try RawConnection(port: port) }
    }

    @Test func stopIsIdempotent() throws {
        let server = try ServerFixture.start()
        let port = server.port
        server.stop()
        server.stop()
        #expect(throws: RawSocketError.connect(ECONNREFUSED)) { try RawConnection(port: port) }
    }

    @Test func portAlreadyInUseThrowsListenFailed() throws {
        let first = try ServerFixture.start()
        defer { first.stop() }
        let second = HTTPServer(application: makeApplication(ServerFixture.routes),
                                configuration: .init(host: "127.0.0.1", port: first.port, threads: 2))
        defer { second.stop() }
        let error = try #require(throws: AppError.self) { try second.start() }
        #expect(error.code == "listen_failed")
        #expect(error.kind == .unavailable)
        #expect(error.message.contains(String(first.port)))
        // The first server still answers.
        #expect(try rawRequest(port: first.port, "GET /hello HTTP/1.1\r\nHost: t\r\n").status == 200)
    }

    @Test func invalidHostThrowsInvalidHost() throws {
        let server = HTTPServer(application: makeApplication(ServerFixture.routes),
                                configuration: .init(host: "not-an-address", port: 0, threads: 2))
        let error = try #require(throws: AppError.self) { try server.start() }
        #expect(error.code == "invalid_host")
        #expect(error.kind == .invalidInput)
        #expect(server.port == 0)
    }

    @Test func localhostServesOnIPv4Loopback() throws {
        let server = try ServerFixture.start(host: "localhost")
        defer { server.stop() }
        #expect(try rawRequest(port: server.port, "GET /hello HTTP/1.1\r\nHost: t\r\n").text == "Hello, Tend!")
    }

    @Test func ipv6LoopbackServesWhenAvailable() throws {
        if ipv6LoopbackAvailable() {
            for host in ["::1", "[::1]"] {
                let server = try ServerFixture.start(host: host)
                defer { server.stop() }
                #expect(server.port != 0)
                let response = try rawRequest(host: "::1", port: server.port, "GET /hello HTTP/1.1\r\nHost: [::1]\r\n")
                #expect(response.status == 200)
                #expect(response.text == "Hello, Tend!")
            }
        } else {
            // No IPv6 loopback here: the address must still parse, only listening is skipped.
            #expect(try SocketAddress(host: "::1", port: 0).isIPv6)
        }
    }
}

/// The `error.code` of a JSON error body.
func errorCode(in body: Data) throws -> String? {
    (try jsonObject(body)["error"] as? [String: Any])?["code"] as? String
}
