import Foundation
import Testing
import Core
import Crypto
import Data
import Domain
@testable import NightscoutFeature

@Suite("Nightscout credentials over HTTP", .serialized)
struct NightscoutAuthTests {
    @Test("the secret's SHA-1 and SHA-512 hex in api-secret, ?secret= or the body; the plain secret is refused")
    func secretForms() async throws {
        let server = try NightscoutServer()
        let (secret, sha1) = try await server.makeSecret()
        #expect(secret.count == 24)
        #expect(sha1 == NightscoutSecretForms.sha1Hex(Data(secret.utf8)))
        let sha512 = NightscoutSecretForms.sha512Hex(Data(secret.utf8))

        #expect(try await server.request("GET", "/api/v1/entries.json", headers: ["api-secret": sha1]).status == 200)
        #expect(try await server.request("GET", "/api/v1/entries.json", headers: ["API-SECRET": sha1.uppercased()]).status == 200)
        #expect(try await server.request("GET", "/api/v1/entries.json", headers: ["api-secret": sha512]).status == 200)
        #expect(try await server.request("GET", "/api/v1/treatments?secret=\(sha1)").status == 200)
        let viaBody = try await server.request("POST", "/api/v1/treatments",
                                                body: #"{"secret":"\#(sha1)","eventType":"Note","notes":"hi","created_at":"2026-11-30T11:00:00Z"}"#)
        #expect(viaBody.status == 200)
        #expect(viaBody.list.first?["secret"] == nil, "the secret's hash is never stored or echoed")

        let plain = try await server.request("GET", "/api/v1/entries.json", headers: ["api-secret": secret])
        #expect(plain.status == 401)
        #expect(plain.object["status"] as? Int == 401)
        #expect(plain.object["message"] as? String == "Unauthorized")
        #expect(plain.object["description"] as? String == "Invalid/Missing")
        let none = try await server.request("GET", "/api/v1/entries.json")
        #expect(none.status == 401)
        #expect(none.object["message"] as? String == "Unauthorized")
        // An api_secret query item beside a valid header is ignored, as Nightscout ignores it.
        #expect(try await server.request("GET", "/api/v1/entries.json?api_secret=\(secret)", headers: ["api-secret": sha1]).status == 200)
    }

    @Test("a stolen database holds nothing a client could send: no secret, no hash of it, no token")
    func storesOnlyVerifiers() async throws {
        let server = try NightscoutServer()
        let (secret, sha1) = try await server.makeSecret()
        let token = try await server.makeToken("xdrip", role: "careportal")
        let sha512 = NightscoutSecretForms.sha512Hex(Data(secret.utf8))
        var stored: [String] = []
        for table in ["nightscout_credentials", "nightscout_verifiers"] {
            for row in try server.database.query("SELECT * FROM \(table)") {
                stored += row.values.compactMap { if case .text(let text) = $0 { return text.lowercased() } else { return nil } }
            }
        }
        #expect(stored.count > 4)
        for presented in [secret, sha1, sha512, token] {
            #expect(!stored.contains { $0.contains(presented.lowercased()) }, "\(presented) is stored")
        }
        // What is stored, sent as a credential, is refused.
        let verifier: String = try server.database.queryOne("SELECT verifier FROM nightscout_verifiers LIMIT 1")!.get("verifier")
        #expect(try await server.request("GET", "/api/v1/entries.json", headers: ["api-secret": verifier]).status == 401)
    }

    @Test("tokens: name-16hex, readable reads only, careportal writes, only the secret deletes; revoked ones are refused")
    func tokenRoles() async throws {
        let server = try NightscoutServer()
        let (_, sha1) = try await server.makeSecret()
        let reader = try await server.makeToken("Mom's phone", role: "readable")
        let uploader = try await server.makeToken("xDrip+", role: "careportal")
        #expect(reader.range(of: #"^momsphone-[0-9a-f]{16}$"#, options: .regularExpression) != nil)
        #expect(uploader.range(of: #"^xdrip-[0-9a-f]{16}$"#, options: .regularExpression) != nil)

        let entry = #"{"type":"sgv","sgv":120,"date":1796036400000,"dateString":"2026-11-30T11:00:00.000Z","device":"xDrip-DexcomG6"}"#
        #expect(try await server.request("GET", "/api/v1/entries.json?token=\(reader)").status == 200)
        #expect(try await server.request("GET", "/api/v1/entries.json", headers: ["Authorization": "Bearer \(reader)"]).status == 200)
        #expect(try await server.request("GET", "/api/v1/entries.json", headers: ["api-secret": reader]).status == 200)
        let refused = try await server.request("POST", "/api/v1/entries.json?token=\(reader)", body: entry)
        #expect(refused.status == 401)
        #expect(refused.object["code"] as? String == "forbidden_role")
        #expect(try await server.request("POST", "/api/v1/entries.json?token=\(uploader)", body: entry).status == 200)
        #expect(try await server.request("DELETE", "/api/v1/entries.json?token=\(uploader)").status == 401)
        #expect(try await server.request("DELETE", "/api/v1/entries.json", headers: ["api-secret": sha1]).status == 200)

        let list = try await server.request("GET", "/v1/nightscout/credentials", headers: ["Authorization": "Bearer alice-session"])
        let credentials = list.object["credentials"] as? [[String: Any]] ?? []
        #expect(credentials.count == 3)
        #expect(!list.text.contains(reader) && !list.text.contains(uploader))
        let readerID = try #require(credentials.first { $0["name"] as? String == "Mom's phone" }?["id"] as? String)
        #expect(try await server.request("DELETE", "/v1/nightscout/credentials/\(readerID)",
                                         headers: ["Authorization": "Bearer alice-session"]).status == 204)
        #expect(try await server.request("GET", "/api/v1/entries.json?token=\(reader)").status == 401)
        // Another account cannot revoke alice's credentials: its id is not found.
        let uploaderID = try #require(credentials.first { $0["name"] as? String == "xDrip+" }?["id"] as? String)
        #expect(try await server.request("DELETE", "/v1/nightscout/credentials/\(uploaderID)",
                                         headers: ["Authorization": "Bearer bob-session"]).status == 404)
        #expect(try await server.request("POST", "/v1/nightscout/tokens", headers: ["Authorization": "Bearer alice-session"],
                                         body: #"{"name":"x","role":"admin"}"#).status == 400)
    }

    @Test("a new secret replaces the old; each account's credential reaches only its own data")
    func replacementAndIsolation() async throws {
        let server = try NightscoutServer()
        let (_, old) = try await server.makeSecret()
        let (_, new) = try await server.makeSecret()
        #expect(try await server.request("GET", "/api/v1/entries.json", headers: ["api-secret": old]).status == 401)
        #expect(try await server.request("GET", "/api/v1/entries.json", headers: ["api-secret": new]).status == 200)
        let (_, bobs) = try await server.makeSecret(session: "bob-session")
        let entry = #"{"type":"sgv","sgv":99,"date":1796036400000}"#
        #expect(try await server.request("POST", "/api/v1/entries", headers: ["api-secret": bobs], body: entry).status == 200)
        #expect(try await server.request("GET", "/api/v1/entries.json", headers: ["api-secret": new]).list.isEmpty)
        #expect(try await server.request("GET", "/api/v1/entries.json", headers: ["api-secret": bobs]).list.count == 1)
    }

    @Test("wrong credentials slow the client down: 10 at once, then 429 with Retry-After, even for the right one")
    func throttle() async throws {
        let server = try NightscoutServer()
        let (_, sha1) = try await server.makeSecret()
        let wrong = String(repeating: "ab", count: 20)
        for _ in 0..<10 {
            #expect(try await server.request("GET", "/api/v1/entries.json", headers: ["api-secret": wrong]).status == 401)
        }
        let limited = try await server.request("GET", "/api/v1/entries.json", headers: ["api-secret": wrong])
        #expect(limited.status == 429)
        #expect(limited.object["status"] as? Int == 429)
        #expect(Int(limited.headers["retry-after"] ?? "") ?? 0 >= 1)
        #expect(try await server.request("GET", "/api/v1/entries.json", headers: ["api-secret": sha1]).status == 429)
        // No credential at all is not a failure: status.json stays open.
        #expect(try await server.request("GET", "/api/v1/status.json").status == 200)
    }

    @Test("status.json is generic without a credential; verifyauth says what a credential may do")
    func statusAndVerifyAuth() async throws {
        let server = try NightscoutServer()
        let (_, sha1) = try await server.makeSecret()
        let open = try await server.request("GET", "/api/v1/status.json")
        #expect(open.object["status"] as? String == "ok")
        #expect(open.object["apiEnabled"] as? Bool == true)
        #expect(open.object["authorized"] is NSNull)
        #expect(open.object["serverTimeEpoch"] as? Int == 1_796_040_000_000)
        let authorized = try await server.request("GET", "/api/v1/status", headers: ["api-secret": sha1])
        #expect((authorized.object["authorized"] as? [String: Any])?["role"] as? String == "admin")

        let anonymous = try await server.request("GET", "/api/v1/verifyauth")
        #expect(anonymous.status == 200)
        #expect((anonymous.object["message"] as? [String: Any])?["message"] as? String == "UNAUTHORIZED")
        let verified = try await server.request("GET", "/api/v1/verifyauth.json", headers: ["api-secret": sha1])
        let message = try #require(verified.object["message"] as? [String: Any])
        #expect(message["message"] as? String == "OK")
        #expect(message["canWrite"] as? Bool == true)
        #expect(message["isAdmin"] as? Bool == true)
    }
}
