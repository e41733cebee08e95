import Foundation
import Testing
import Core
import Domain
@testable import Client

/// A request that checks addresses (a notification channel's) is refused at the socket libcurl
/// opens, whatever spelling or name led there — here with the channel rule, on literal URLs in
/// every spelling libcurl reads and on names pinned with CURLOPT_RESOLVE (a resolver the test
/// controls, on the real path). Refused before any packet: the call ends on the refused socket,
/// never on the timeout an unanswered address would run into. Requests without a check are untouched.
@Suite("Refusing forbidden addresses at the socket")
struct ForbiddenAddressTests {
    let transport = CurlTransport()

    func checked(_ method: String = "POST", _ path: String = "") -> ServerRequest {
        var request = ServerRequest(method, path, body: method == "POST" ? Data("x".utf8) : nil, contentType: "text/plain")
        request.refusesAddress = { ChannelAddressRule.refusal(for: $0) != nil }
        return request
    }

    func expectRefused(_ request: ServerRequest, _ url: String, address: String) {
        let started = ContinuousClock.now
        let error = #expect(throws: AppError.self) {
            _ = try transport.send(request, baseURL: url, token: nil, language: nil, timeout: 5)
        }
        #expect(error?.code == "server_unreachable", "\(url)")
        #expect(error?.message == "cannot reach the server at \(url): the connection to \(address) was refused "
                + "(an address this request must not reach)", "\(error?.message ?? "")")
        #expect(ContinuousClock.now - started < .seconds(2), "\(url)")
    }

    @Test("literal addresses in every spelling libcurl reads", arguments: [
        ("http://169.254.169.254/latest/meta-data", "169.254.169.254"),
        ("http://%31%36%39.%32%35%34.%31%36%39.%32%35%34/", "169.254.169.254"),
        ("http://2852039166/", "169.254.169.254"),
        ("http://0251.0376.0251.0376/", "169.254.169.254"),
        ("http://0xa9fea9fe/", "169.254.169.254"),
        ("http://%30x%61%39fea9fe/", "169.254.169.254"),       // decoded by libcurl, read by the resolver
        ("http://169.254.43518/", "169.254.169.254"),
        ("http://100.100.100.200/latest/meta-data", "100.100.100.200"),
        ("http://168.63.129.16/machine", "168.63.129.16"),
        ("http://[fe80::1]:9/x", "fe80::1"),
        ("http://[fd00:ec2::254]/latest", "fd00:ec2::254"),
        ("http://[::ffff:169.254.169.254]/", "::ffff:a9fe:a9fe"), // a dual-stack socket would connect over IPv4
        ("http://[64:ff9b::a9fe:a9fe]/", "64:ff9b::a9fe:a9fe"),
        ("http://[64:ff9b:1::6464:64c8]/", "64:ff9b:1::6464:64c8"),
        ("http://[2002:a9fe:a9fe::1]/", "2002:a9fe:a9fe::1"),
        ("http://[2001:0:4136:e378:8000:63bf:5601:5601]/", "2001:0:4136:e378:8000:63bf:5601:5601"),
    ])
    func literals(_ url: String, _ address: String) {
        expectRefused(checked(), url, address: address)
    }

    @Test("names pinned to a forbidden address (CURLOPT_RESOLVE) are refused at the socket", arguments: [
        ("metadata.test", "169.254.169.254"),
        ("alibaba.test", "100.100.100.200"),
        ("nat64.test", "64:ff9b::a9fe:a9fe"),
        ("aws6.test", "fd00:ec2::254"),
    ])
    func pinnedNames(_ name: String, _ address: String) throws {
        var request = checked()
        request.pinnedAddresses = [.init(host: name, port: 80, addresses: [try #require(IPAddress(address))])]
        expectRefused(request, "http://\(name)/latest", address: address)
    }

    @Test func loopbackStillWorks() throws {
        let server = try LocalServer.start()
        defer { server.stop() }
        let response = try transport.send(checked("GET", "/echo/1"), baseURL: "http://127.0.0.1:\(server.port)", token: nil,
                                          language: nil, timeout: 5)
        #expect(response.status == 200)
    }

    @Test("a pinned name connects to its pinned address and keeps its name in Host")
    func pinnedNameConnects() throws {
        let server = try LocalServer.start()
        defer { server.stop() }
        var request = checked("GET", "/echo/1")
        request.pinnedAddresses = [.init(host: "tend-receiver.test", port: Int(server.port), addresses: [.v4(0x7F00_0001)])]
        let response = try transport.send(request, baseURL: "http://tend-receiver.test:\(server.port)", token: nil, language: nil,
                                          timeout: 5)
        #expect(response.status == 200)
        let echo = try JSONDecoder().decode(Echo.self, from: response.body)
        #expect(echo.headers["host"] == "tend-receiver.test:\(server.port)")
    }

    @Test func resolveEntries() {
        let pin = ServerRequest.PinnedHost(host: "ntfy.example.", port: 443, addresses: [.v4(0x7F00_0001), IPAddress("::1")!])
        #expect(CurlTransport.resolveEntry(pin) == "ntfy.example.:443:127.0.0.1,[::1]")
    }
}
