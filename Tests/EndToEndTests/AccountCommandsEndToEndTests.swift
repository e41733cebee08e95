import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The built `tend` as a client of the built `tend-server`: `tend account …` over real HTTP,
/// the login saved under a temporary `XDG_CONFIG_HOME`.
@Suite("tend account against tend-server, end to end", .serialized)
struct AccountCommandsEndToEndTests {
    static let password = "correct horse battery"

    struct World {
        let server: ServerProcess
        let tend: TendProcess
        let config: String
        var url: String { "http://127.0.0.1:\(server.port)" }
        var credentialsPath: String { config + "/tend/credentials.json" }

        init() throws {
            server = try ServerProcess()
            tend = try TendProcess()
            config = tend.folder.appendingPathComponent("config").path
        }

        func run(_ arguments: String..., password: String? = AccountCommandsEndToEndTests.password) throws -> TendProcess.Result {
            var environment = ["XDG_CONFIG_HOME": config]
            if let password { environment["TEND_PASSWORD"] = password }
            return try tend.run(["account"] + arguments, environment: environment)
        }

        func remove() {
            server.remove()
            tend.remove()
        }
    }

    static func mode(_ path: String) -> mode_t? {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o777 : nil
    }

    @Test func signupWhoamiLogoutAndLoginAgain() throws {
        let world = try World()
        defer { world.remove() }

        let signup = try world.run("signup", "--server", world.url + "/", "--email", "Alice@Example.com", "--name", "Alice",
                                   "--time-zone", "Europe/Berlin")
        #expect(signup.status == 0, "\(signup.stderr)")
        #expect(signup.stdout == "Created the account Alice <alice@example.com> on \(world.url).\nLogged in to \(world.url) as Alice <alice@example.com>.\n")
        #expect(signup.stderr.isEmpty)

        // The saved login: owner-only, in an owner-only folder, with the token and never the password.
        #expect(Self.mode(world.credentialsPath) == 0o600)
        #expect(Self.mode(world.config + "/tend") == 0o700)
        let saved = try String(contentsOfFile: world.credentialsPath, encoding: .utf8)
        #expect(saved.contains("\"token\""))
        #expect(saved.contains(world.url))
        #expect(!saved.contains(Self.password))

        let whoami = try world.run("whoami", password: nil)
        #expect(whoami.status == 0, "\(whoami.stderr)")
        #expect(whoami.stdout.hasPrefix("Alice <alice@example.com>\n"))
        #expect(whoami.stdout.contains("server       \(world.url)"))
        #expect(whoami.stdout.contains("time zone    Europe/Berlin"))

        let json = try world.tend.run(["--json", "account", "whoami"], environment: ["XDG_CONFIG_HOME": world.config])
        #expect(json.status == 0)
        let object = try json.json()
        #expect(Set(object.keys) == ["server", "account", "expires_at"])
        #expect(object["server"] as? String == world.url)
        #expect(object["expires_at"] as? String != nil)
        let account = try #require(object["account"] as? [String: Any])
        #expect(Set(account.keys) == ["id", "email", "display_name", "time_zone", "created_at"])
        #expect(account["email"] as? String == "alice@example.com")
        #expect(account["display_name"] as? String == "Alice")
        #expect(account["time_zone"] as? String == "Europe/Berlin")
        #expect(!json.stdout.contains("token"))

        // A move: the time zone (and the name) change on the server.
        let moved = try world.run("update", "--time-zone", "Asia/Seoul", "--name", "Alice K", password: nil)
        #expect(moved.status == 0, "\(moved.stderr)")
        #expect(moved.stdout == "Updated: Alice K <alice@example.com> · Asia/Seoul\n")
        #expect(try world.run("whoami", password: nil).stdout.contains("time zone    Asia/Seoul"))
        #expect(try world.run("update", "--time-zone", "Mars/Olympus", password: nil).status == 2)
        #expect(try world.run("update", password: nil).status == 2)

        let logout = try world.run("logout", password: nil)
        #expect(logout.status == 0, "\(logout.stderr)")
        #expect(logout.stdout == "Logged out of \(world.url).\n")
        #expect(!FileManager.default.fileExists(atPath: world.credentialsPath))

        let nobody = try world.run("whoami", password: nil)
        #expect(nobody.status == 1)
        #expect(nobody.stdout.isEmpty)
        #expect(nobody.stderr.contains("error: not logged in"))
        #expect(nobody.stderr.contains("tend account login --server URL --email E"))

        let again = try world.tend.run(["--json", "account", "logout"], environment: ["XDG_CONFIG_HOME": world.config])
        #expect(again.status == 0)
        #expect(try again.json()["logged_out"] as? Bool == false)

        let wrong = try world.run("login", "--server", world.url, "--email", "alice@example.com", password: "not the password")
        #expect(wrong.status == 1)
        #expect(wrong.stderr == "error: the email or the password is wrong\n")
        #expect(!FileManager.default.fileExists(atPath: world.credentialsPath))

        let login = try world.run("login", "--server", world.url, "--email", "alice@example.com")
        #expect(login.status == 0, "\(login.stderr)")
        #expect(login.stdout == "Logged in to \(world.url) as Alice K <alice@example.com>.\n")
        #expect(Self.mode(world.credentialsPath) == 0o600)

        let loginJSON = try world.tend.run(["--json", "account", "login", "--server", world.url, "--email", "alice@example.com"],
                                           environment: ["XDG_CONFIG_HOME": world.config, "TEND_PASSWORD": Self.password])
        #expect(loginJSON.status == 0, "\(loginJSON.stderr)")
        let loggedIn = try loginJSON.json()
        #expect(loggedIn["server"] as? String == world.url)
        #expect((loggedIn["account"] as? [String: Any])?["email"] as? String == "alice@example.com")
        #expect(try world.run("whoami", password: nil).status == 0)

        let taken = try world.run("signup", "--server", world.url, "--email", "alice@example.com")
        #expect(taken.status == 3)
        #expect(taken.stderr.contains("already exists"))

        #expect(world.server.stop().status == 0)
    }

    @Test func missingPasswordsAndBadURLsAreUsageErrors() throws {
        let world = try World()
        defer { world.remove() }
        let noPassword = try world.run("login", "--server", world.url, "--email", "alice@example.com", password: nil)
        #expect(noPassword.status == 2)
        #expect(noPassword.stderr.contains("TEND_PASSWORD"))
        #expect(noPassword.stderr.contains("Run 'tend account login --help' for usage."))

        let noServer = try world.run("login", "--email", "alice@example.com")
        #expect(noServer.status == 2)
        #expect(noServer.stderr.contains("missing --server URL"))

        let badURL = try world.run("signup", "--server", "tend.example.org", "--email", "alice@example.com")
        #expect(badURL.status == 2)
        #expect(badURL.stderr.contains("is not a server URL"))

        let weak = try world.run("signup", "--server", world.url, "--email", "bob@example.com", password: "short")
        #expect(weak.status == 2)
        #expect(weak.stderr.contains("at least 10 characters"))
        #expect(!FileManager.default.fileExists(atPath: world.credentialsPath))
    }

    @Test func anUnreachableServerIsAClearError() throws {
        let world = try World()
        defer { world.remove() }
        #expect(try world.run("signup", "--server", world.url, "--email", "carol@example.com").status == 0)
        let url = world.url
        #expect(world.server.stop().status == 0) // the port is closed now

        let whoami = try world.run("whoami", password: nil)
        #expect(whoami.status == 1)
        #expect(whoami.stderr.hasPrefix("error: cannot reach the server at \(url): "))
        #expect(FileManager.default.fileExists(atPath: world.credentialsPath))

        let login = try world.run("login", "--server", url, "--email", "carol@example.com")
        #expect(login.status == 1)
        #expect(login.stderr.hasPrefix("error: cannot reach the server at \(url): "))

        // Logging out without the server still forgets the login here, and says what it could not do.
        let logout = try world.run("logout", password: nil)
        #expect(logout.status == 1)
        #expect(logout.stderr.contains("logged out on this machine"))
        #expect(logout.stderr.contains("cannot reach the server at \(url)"))
        #expect(!FileManager.default.fileExists(atPath: world.credentialsPath))
    }
}
