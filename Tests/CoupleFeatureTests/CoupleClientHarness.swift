import Foundation
import Synchronization
import Testing
import Client
import Console
import Core
import Domain
import HTTP
@testable import CoupleFeature

/// A transport that remembers which endpoint each request reached (by the route it matched), so
/// a test can say every endpoint was called.
final class RouteLog: ServerTransport, Sendable {
    let base: InProcessTransport
    private let reached = Mutex<[String]>([])

    init(application: HTTPApplication) { base = InProcessTransport(application: application) }

    /// `METHOD /pattern` of every route reached.
    var signatures: [String] { reached.withLock { $0 } }

    func send(_ request: ServerRequest, baseURL: String, token: String?, language: String?, timeout: TimeInterval) throws -> ServerResponse {
        let path = request.path.removingPercentEncoding ?? request.path
        if case .found(let route, _) = base.application.router.match(method: request.method, path: path) {
            reached.withLock { $0.append("\(route.method) \(route.pattern)") }
        }
        return try base.send(request, baseURL: baseURL, token: token, language: language, timeout: timeout)
    }
}

extension CoupleServer {
    /// The login a test token stands for, as `tend account login` would save it.
    func login(_ token: String) -> Credentials {
        let id = (try? stack.accountID(token: token)) ?? nil
        return Credentials(server: "http://tend.test", token: token, accountID: id ?? "", email: "\(id ?? "")@example.com",
                           displayName: "someone", expiresAt: nil)
    }

    /// The typed client of the account a test token names, talking to these routes in process.
    func client(_ token: String, transport: (any ServerTransport)? = nil) -> ServerClient {
        ServerClient(transport: transport ?? InProcessTransport(application: application), credentials: MemoryCredentialStore(login(token)))
    }
}

/// `tend couple …` run as `tend` runs it, with its client on any transport: a test's
/// `ExpectingTransport` or the routes in process.
struct CoupleCommandRunner {
    let client: ServerClient
    let cache: MemoryClientCache
    let clock: any Clock

    init(transport: any ServerTransport, login: Credentials?, cache: MemoryClientCache = MemoryClientCache(),
         clock: any Clock = FixedClock(ISO8601.parseInstant("2026-11-30T10:00:00Z")!)) {
        client = ServerClient(transport: transport, credentials: MemoryCredentialStore(login))
        self.cache = cache
        self.clock = clock
    }

    struct Result: CustomStringConvertible {
        let status: Int32
        let stdout: String
        let stderr: String
        var description: String { "exit \(status)\nstdout: \(stdout)\nstderr: \(stderr)" }
    }

    func run(_ arguments: String...) -> Result {
        let context = CoupleContext(client: client, cache: cache, clock: clock, language: .en, isInteractive: false, confirm: { _ in false })
        let root = Command(name: "tend", abstract: "test", options: GlobalOptions.all, subcommands: [CoupleCommands.make(context: { _ in context })])
        let (output, captured) = Output.capturing()
        let status = CommandLineTool(root: root, output: output).run(arguments)
        return Result(status: status, stdout: captured.stdout, stderr: captured.stderr)
    }
}

/// The offline copy of the couple home, in memory.
final class MemoryClientCache: ClientCache {
    private let entries = Mutex<[String: (payload: Data, savedAt: Date)]>([:])

    func value(key: String) throws -> (payload: Data, savedAt: Date)? { entries.withLock { $0[key] } }
    func save(key: String, payload: Data, at date: Date) throws { entries.withLock { $0[key] = (payload, date) } }
    func remove(key: String) throws { _ = entries.withLock { $0.removeValue(forKey: key) } }
}

/// A test client that records an issue for every call the test did not expect.
func expectingTransport() -> ExpectingTransport {
    ExpectingTransport { message in Issue.record(Comment(rawValue: message)) }
}

/// The login of the account "me" in command tests against an `ExpectingTransport`.
let myLogin = Credentials(server: "http://tend.test", token: "my-token", accountID: "me-id", email: "me@example.com",
                          displayName: "Me", expiresAt: nil)
