import Foundation
import Testing

/// The built `tend erase` on its own database, and `tend account delete` against the built
/// `tend-server`: what each removes, down to the bytes of the database files.
@Suite("Erasure, end to end", .serialized)
struct EraseEndToEndTests {
    static let password = "correct horse battery"

    static func filesHold(_ path: String, _ text: String) -> Bool {
        [path, path + "-wal"].contains { name in
            FileManager.default.contents(atPath: name)?.range(of: Data(text.utf8)) != nil
        }
    }

    @Test func tendEraseNeedsItsFlagThenLeavesNothing() throws {
        let tend = try TendProcess()
        defer { tend.remove() }
        #expect(try tend.run("insulin", "log", "long", "--at", "20:00").status == 0)
        #expect(try tend.run("insulin", "log", "rapid", "2", "--at", "12:00").status == 0)
        #expect(try tend.run("insulin", "edit", "last", "--note", "qzxv secret note").status == 0)
        #expect(try tend.run("weight", "log", "70kg", "--at", "08:00").status == 0)

        let refused = try tend.run("erase")
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--yes-delete-everything"))
        #expect(refused.stdout.isEmpty)
        let kept = try tend.run("--json", "insulin", "list")
        #expect(kept.stdout.contains("qzxv secret note"))

        let erased = try tend.run("--json", "erase", "--yes-delete-everything")
        #expect(erased.status == 0, "\(erased.stderr)")
        let counts = try #require(try erased.json()["erased"] as? [String: Int])
        #expect(counts["insulin_doses"] == 2)
        #expect(counts["weights"] == 1)

        let text = try tend.run("erase", "--yes-delete-everything")
        #expect(text.status == 0)
        #expect(text.stdout.contains("Nothing to erase"))
        let list = try tend.run("--json", "insulin", "list")
        #expect(list.status == 0)
        #expect(!list.stdout.contains("qzxv"))
        #expect(!Self.filesHold(tend.environment["TEND_DB"]!, "qzxv secret note"))
    }

    @Test func accountDeleteErasesTheAccountOnTheServer() async throws {
        let world = try AccountCommandsEndToEndTests.World()
        defer { world.remove() }
        let signup = try world.run("signup", "--server", world.url, "--email", "alice@example.com", "--name", "Alice")
        #expect(signup.status == 0, "\(signup.stderr)")
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: world.credentialsPath))) as? [String: Any]
        let token = try #require(saved?["token"] as? String)
        let accountID = try #require(saved?["account_id"] as? String)
        let dose = try await world.server.send("POST", "/v1/insulin/doses", json: ["kind": "rapid", "units": 3, "note": "qzxv server note"],
                                               token: token)
        #expect(dose.status == 201)

        // Off a terminal it needs --yes, and changes nothing without it.
        let unconfirmed = try world.run("delete")
        #expect(unconfirmed.status == 2)
        #expect(unconfirmed.stderr.contains("--yes"))
        // A wrong password: refused, the account and the login stay.
        let wrong = try world.run("delete", "--yes", password: "not the password")
        #expect(wrong.status != 0)
        #expect(wrong.stderr.contains("password"))
        #expect(FileManager.default.fileExists(atPath: world.credentialsPath))
        #expect(try world.run("whoami", password: nil).status == 0)

        let deleted = try world.tend.run(["--json", "account", "delete", "--yes"],
                                         environment: ["XDG_CONFIG_HOME": world.config, "TEND_PASSWORD": Self.password])
        #expect(deleted.status == 0, "\(deleted.stderr)")
        let object = try deleted.json()
        #expect(object["deleted"] as? Bool == true)
        #expect((object["erased"] as? [String: Int])?["insulin_doses"] == 1)
        #expect(!FileManager.default.fileExists(atPath: world.credentialsPath))

        // The old token and password open nothing; the email signs up afresh.
        #expect(try await world.server.send("GET", "/v1/me", token: token).status == 401)
        #expect(try await world.server.send("POST", "/v1/sessions", json: ["email": "alice@example.com", "password": Self.password])
            .status == 401)
        #expect(!Self.filesHold(world.server.databasePath, accountID))
        #expect(!Self.filesHold(world.server.databasePath, "qzxv server note"))
        let again = try world.run("signup", "--server", world.url, "--email", "alice@example.com", "--name", "Alice")
        #expect(again.status == 0, "\(again.stderr)")
    }
}
