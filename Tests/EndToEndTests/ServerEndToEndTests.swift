import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("tend-server, end to end", .serialized)
struct ServerEndToEndTests {
    @Test func signUpLogInAndTheInsulinLogOverHTTP() async throws {
        let server = try ServerProcess()
        defer { server.remove() }
        #expect(try await server.send("GET", "/healthz").json["status"] as? String == "ok")
        let alice = try await server.token(for: "alice@example.com")
        let bob = try await server.token(for: "bob@example.com")
        #expect(!alice.isEmpty && !bob.isEmpty)

        let logged = try await server.send("POST", "/v1/insulin/doses", json: ["kind": "long", "units": 11], token: alice)
        #expect(logged.status == 201)
        #expect(logged.headers["x-request-id"] != nil)
        let id = try #require(logged.json["id"] as? String)

        // Isolation both ways: Bob sees nothing of Alice's, and the reverse.
        #expect(try await server.send("GET", "/v1/insulin/doses/\(id)", token: bob).status == 404)
        #expect(try await server.send("DELETE", "/v1/insulin/doses/\(id)", token: bob).status == 404)
        let bobDose = try await server.send("POST", "/v1/insulin/doses", json: ["kind": "rapid", "units": 3], token: bob)
        let bobID = try #require(bobDose.json["id"] as? String)
        #expect(try await server.send("GET", "/v1/insulin/doses/\(bobID)", token: alice).status == 404)
        let aliceList = try await server.send("GET", "/v1/insulin/doses", token: alice)
        #expect((aliceList.json["doses"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == [id])

        // Idempotent retry with a client id.
        let clientID = UUID().uuidString.lowercased()
        let first = try await server.send("POST", "/v1/insulin/doses", json: ["id": clientID, "kind": "rapid", "units": 2], token: alice)
        let retry = try await server.send("POST", "/v1/insulin/doses", json: ["id": clientID, "kind": "rapid", "units": 2], token: alice)
        #expect(first.status == 201)
        #expect(retry.status == 200)
        #expect(retry.json["id"] as? String == clientID)

        let edited = try await server.send("PATCH", "/v1/insulin/doses/\(id)", json: ["units": 12], token: alice)
        #expect(edited.json["units"] as? Double == 12)
        let calendar = try await server.send("GET", "/v1/insulin/calendar", token: alice)
        #expect(calendar.json["long_dose_days"] as? Int == 1)
        #expect(try await server.send("DELETE", "/v1/sessions/current", token: alice).status == 204)
        #expect(try await server.send("GET", "/v1/me", token: alice).status == 401)

        let stopped = server.stop()
        #expect(stopped.status == 0)
        #expect(stopped.log.contains("POST /v1/insulin/doses 201"))
    }

    @Test func everyErrorStatus() async throws {
        let server = try ServerProcess()
        defer { server.remove() }
        let token = try await server.token(for: "carol@example.com")
        #expect(try await server.send("POST", "/v1/insulin/doses", body: Data("{".utf8), token: token).status == 400)
        #expect(try await server.send("GET", "/v1/insulin/status").status == 401)
        #expect(try await server.send("GET", "/v1/nothing-here", token: token).status == 404)
        let wrongMethod = try await server.send("PUT", "/v1/insulin/status", token: token)
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.headers["allow"] == "GET")
        _ = try await server.send("POST", "/v1/insulin/doses", json: ["kind": "long"], token: token)
        let duplicate = try await server.send("POST", "/v1/insulin/doses", json: ["kind": "long"], token: token)
        #expect(duplicate.status == 409)
        #expect(duplicate.errorCode == "duplicate_dose")
        let big = Data(repeating: 0x20, count: (1 << 20) + 10)
        #expect(try await server.send("POST", "/v1/insulin/doses", body: big, token: token).status == 413)
        #expect(try await server.send("POST", "/v1/insulin/doses", body: Data("kind=long".utf8), contentType: "application/x-www-form-urlencoded", token: token).status == 415)

        let early = try server.raw("POST /v1/insulin/doses HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\nContent-Type: application/json\r\nContent-Length: 50000000\r\nExpect: 100-continue\r\n\r\n")
        #expect(early.hasPrefix("HTTP/1.1 413"), "got: \(early.prefix(40))")

        for _ in 0..<5 {
            _ = try await server.send("POST", "/v1/sessions", json: ["email": "carol@example.com", "password": "not the password"])
        }
        let throttled = try await server.send("POST", "/v1/sessions", json: ["email": "carol@example.com", "password": "correct horse battery"])
        #expect(throttled.status == 429)
        #expect(Int(throttled.headers["retry-after"] ?? "") ?? 0 > 0)
        #expect(try await server.send("POST", "/v1/accounts", json: ["email": "carol@example.com", "password": "another password", "display_name": "C"]).status == 409)
        #expect(server.stop().status == 0)
    }

    @Test func gracefulShutdownLosesNoAcknowledgedWrite() async throws {
        let server = try ServerProcess()
        let token = try await server.token(for: "dave@example.com")
        // The stop comes on an event, not after a delay: once a few writes have been
        // acknowledged, while the others are still being sent.
        // Each write reports whether it was acknowledged.
        let outcomes = AsyncStream<Bool>.makeStream()
        let acknowledged = await withTaskGroup(of: String?.self) { group in
            for _ in 0..<40 {
                group.addTask {
                    let response = try? await server.send("POST", "/v1/insulin/doses", json: ["kind": "rapid", "units": 1, "force": true], token: token)
                    let id = response?.status == 201 ? response?.json["id"] as? String : nil
                    outcomes.continuation.yield(id != nil)
                    return id
                }
            }
            group.addTask {
                var (answered, acknowledged) = (0, 0)
                for await outcome in outcomes.stream {
                    answered += 1
                    if outcome { acknowledged += 1 }
                    if acknowledged == 5 || answered == 40 { break }
                }
                _ = try? await onThread { server.stop() }
                return nil
            }
            var ids: [String] = []
            for await id in group { if let id { ids.append(id) } }
            return ids
        }
        outcomes.continuation.finish()
        #expect(acknowledged.count >= 5, "the stop came before five writes were acknowledged")
        #expect(server.process.terminationStatus == 0)

        // The same database, a new server: every acknowledged dose is there.
        let again = try ServerProcess(folder: server.folder)
        defer { again.remove() }
        let login = try await again.send("POST", "/v1/sessions", json: ["email": "dave@example.com", "password": "correct horse battery"])
        let token2 = try #require(login.json["token"] as? String)
        let list = try await again.send("GET", "/v1/insulin/doses", token: token2)
        let stored = Set((list.json["doses"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
        #expect(Set(acknowledged).isSubset(of: stored))
    }

    @Test func badOptionsAreUsageErrors() throws {
        for arguments in [["--port", "99999"], ["--threads", "0"], ["--host", "not-an-address", "--port", "0"], ["--bogus"]] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: ServerProcess.binary)
            process.arguments = arguments + ["--db", ":memory:"]
            process.standardError = Pipe()
            process.standardOutput = Pipe()
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 2, "\(arguments)")
        }
        let help = Process()
        help.executableURL = URL(fileURLWithPath: ServerProcess.binary)
        help.arguments = ["--help"]
        let out = Pipe()
        help.standardOutput = out
        try help.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        help.waitUntilExit()
        #expect(help.terminationStatus == 0)
        #expect(text.contains("--port"))
    }
}
