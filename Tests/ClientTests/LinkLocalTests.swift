import Foundation
import Testing
import Core
import Domain
@testable import Client

/// Requests that must never reach a link-local address (notification channels) are refused at
/// the socket libcurl opens, whatever name led there; the others are untouched.
@Suite("Refusing link-local addresses")
struct LinkLocalTests {
    let transport = CurlTransport()

    @Test func aLinkLocalAddressIsRefusedAtOnce() {
        var request = ServerRequest("POST", "", body: Data("x".utf8), contentType: "text/plain")
        request.refusesLinkLocal = true
        for url in ["http://169.254.169.254/latest/meta-data", "http://[fe80::1]:9/x", "http://[fd00:ec2::254]/latest"] {
            let error = #expect(throws: AppError.self) {
                _ = try transport.send(request, baseURL: url, token: nil, language: nil, timeout: 5)
            }
            // Refused before any packet: the call ends on the refused socket, never on the
            // timeout an unanswered address would run into.
            #expect(error?.code == "server_unreachable", "\(url)")
            #expect(error?.message.hasPrefix("cannot reach the server at \(url)") == true, "\(error?.message ?? "")")
        }
    }

    @Test func loopbackStillWorks() throws {
        let server = try LocalServer.start()
        defer { server.stop() }
        var request = ServerRequest("GET", "/echo/1")
        request.refusesLinkLocal = true
        let response = try transport.send(request, baseURL: "http://127.0.0.1:\(server.port)", token: nil, language: nil, timeout: 5)
        #expect(response.status == 200)
    }
}
