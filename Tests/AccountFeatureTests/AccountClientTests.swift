import Foundation
import Synchronization
import Testing
import Client
import Console
import Core
import HTTP
@testable import AccountFeature

/// A transport to the account routes in process that remembers which endpoint each request reached.
final class RoutedTransport: ServerTransport, Sendable {
    let base: InProcessTransport
    private let reached = Mutex<[String]>([])

    init(application: HTTPApplication) { base = InProcessTransport(application: application) }

    var signatures: [String] { reached.withLock { $0 } }

    func send(_ request: ServerRequest, baseURL: String, token: String?, language: String?, timeout: TimeInterval) throws -> ServerResponse {
        if case .found(let route, _) = base.application.router.match(method: request.method, path: request.path) {
            reached.withLock { $0.append("\(route.method) \(route.pattern)") }
        }
        return try base.send(request, baseURL: baseURL, token: token, language: language, timeout: timeout)
    }
}

/// `tend account …` run as `tend` runs it, with its client on any transport.
struct AccountCommandRunner {
    let client: ServerClient
    let credentials: MemoryCredentialStore

    init(transport: any ServerTransport, login: Credentials? = nil) {
        credentials = MemoryCredentialStore(login)
        client = ServerClient(transport: transport, credentials: credentials)
    }

    func run(_ arguments: String...) -> (status: Int32, stdout: String, stderr: String) {
        let context = AccountContext(client: client, environment: ["TEND_PASSWORD": "correct horse battery"], isInteractive: false,
                                     machineTimeZone: "Asia/Seoul", readPassword: { _ in nil })
        let root = Command(name: "tend", abstract: "test", options: GlobalOptions.all, subcommands: [AccountCommands.make(context: { _ in context })])
        let (output, captured) = Output.capturing()
        let status = CommandLineTool(root: root, output: output).run(arguments)
        return (status, captured.stdout, captured.stderr)
    }
}

private let alice = RemoteAccount(id: "0193a1b2-0000-7000-8000-000000000001", email: "alice@example.com", displayName: "Alice",
                                  timeZone: "Asia/Seoul", createdAt: "2026-11-30T21:00:00+09:00")
private let aliceLogin = Credentials(server: "https://tend.test", token: "token-1", accountID: alice.id, email: alice.email,
                                     displayName: alice.displayName, expiresAt: "2026-12-30T12:00:00Z")

private func expectingTransport() -> ExpectingTransport {
    ExpectingTransport { message in Issue.record(Comment(rawValue: message)) }
}

@Suite("The account endpoints: the typed client against the routes, and tend account against the test client")
struct AccountClientTests {
    @Test("the routes are exactly AccountAPI's endpoints, in order")
    func routesAreTheEndpoints() throws {
        #expect(try APIHarness().application.router.routes.map { "\($0.method) \($0.pattern)" } == AccountAPI.signatures)
    }

    @Test("sign up, who am I, update, log in again and log out: every endpoint through ServerClient, in process")
    func everyEndpoint() throws {
        let api = try APIHarness()
        let transport = RoutedTransport(application: api.application)
        let store = MemoryCredentialStore()
        let client = ServerClient(transport: transport, credentials: store)

        let account = try client.signup(server: "http://tend.test/", email: " Alice@Example.com ", password: "correct horse battery",
                                        displayName: "Alice", timeZone: "Asia/Seoul")
        #expect(account.email == "alice@example.com" && account.timeZone == "Asia/Seoul" && account.createdAt == "2026-11-30T21:00:00+09:00")
        let saved = try #require(try store.load())
        #expect(saved.server == "http://tend.test" && saved.accountID == account.id && saved.expiresAt == "2026-12-30T12:00:00Z")
        #expect(try client.whoami() == account)
        let moved = try client.call(AccountAPI.updateProfile, body: ProfileBody(displayName: nil, timeZone: "Europe/Paris"))
        #expect(moved.timeZone == "Europe/Paris" && moved.displayName == "Alice")

        let again = try client.login(server: "http://tend.test", email: "alice@example.com", password: "correct horse battery")
        #expect(again.token != saved.token && again.displayName == "Alice")
        try client.logout()
        #expect(try store.load() == nil)
        let refused = #expect(throws: AppError.self) {
            try ServerClient(transport: transport, credentials: MemoryCredentialStore(again)).whoami()
        }
        #expect(refused?.kind == .unauthorized)
        _ = try client.login(server: "http://tend.test", email: "alice@example.com", password: "correct horse battery")
        let deleted = try client.deleteAccount(password: "correct horse battery")
        #expect(deleted.deleted && deleted.erased["accounts"] == 1)
        #expect(try store.load() == nil)
        #expect(Set(transport.signatures) == Set(AccountAPI.signatures))
    }

    @Test("account update sends only what changes and prints the account the server answers with")
    func update() {
        let server = expectingTransport()
        var renamed = alice
        renamed.displayName = "Al"
        server.expect(AccountAPI.updateProfile, checkBody: { #expect($0 == ProfileBody(displayName: "Al", timeZone: nil)) }, answer: renamed)
        let runner = AccountCommandRunner(transport: server, login: aliceLogin)
        let result = runner.run("account", "update", "--name", "Al")
        #expect(result.status == 0 && result.stdout == "Updated: Al <alice@example.com> · Asia/Seoul\n", "\(result)")
        #expect(server.sent.first?.request.body == Data(#"{"display_name":"Al"}"#.utf8))
        server.verify()
    }

    @Test("account login sends the credentials without a token, then asks who it is with the new one")
    func login() throws {
        let server = expectingTransport()
        server.expect(AccountAPI.login, checkBody: { #expect($0 == LoginBody(email: "alice@example.com", password: "correct horse battery")) },
                      answer: SessionJSON(token: "token-2", accountID: alice.id, expiresAt: "2026-12-30T12:00:00Z"))
        server.expect(AccountAPI.me, answer: alice)
        let runner = AccountCommandRunner(transport: server)
        let result = runner.run("account", "login", "--server", "https://tend.test/", "--email", "alice@example.com")
        #expect(result.status == 0 && result.stdout == "Logged in to https://tend.test as Alice <alice@example.com>.\n", "\(result)")
        #expect(server.sent.map { $0.token ?? "none" } == ["none", "token-2"])
        #expect(try runner.credentials.load()?.token == "token-2")
        server.verify()
    }

    @Test("whoami --json shows the server's account; an unexpected call fails loudly")
    func whoami() {
        let server = expectingTransport()
        server.expect(AccountAPI.me, answer: alice)
        let result = AccountCommandRunner(transport: server, login: aliceLogin).run("--json", "account", "whoami")
        #expect(result.status == 0 && result.stdout.contains(#""server":"https://tend.test""#) && result.stdout.contains(#""display_name":"Alice""#),
                "\(result)")
        server.verify()

        let reported = Mutex<[String]>([])
        let silent = ExpectingTransport { message in reported.withLock { $0.append(message) } }
        let refused = AccountCommandRunner(transport: silent, login: aliceLogin).run("account", "whoami")
        #expect(refused.status == 1 && refused.stderr.contains("unexpected call: GET /v1/me"), "\(refused)")
        #expect(reported.withLock { $0 } == ["unexpected call: GET /v1/me (no call expected)"])
    }
}
