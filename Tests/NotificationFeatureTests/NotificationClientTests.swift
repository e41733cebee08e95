import Foundation
import Synchronization
import Testing
import Client
import Console
import Core
import Domain
import HTTP
@testable import NotificationFeature

/// `tend notify …` run as `tend` runs it, with its client on any transport; this machine's
/// settings belong to the owner "local".
struct NotifyCommandRunner {
    let stack: NotificationStack
    let client: ServerClient

    init(stack: NotificationStack, transport: any ServerTransport, login: Credentials?) {
        self.stack = stack
        client = ServerClient(transport: transport, credentials: MemoryCredentialStore(login))
    }

    struct Result: CustomStringConvertible {
        let status: Int32
        let stdout: String
        let stderr: String
        var description: String { "exit \(status)\nstdout: \(stdout)\nstderr: \(stderr)" }
    }

    func run(_ arguments: String...) -> Result {
        let context = NotifyContext(notifications: stack.notifications, client: client, ownerID: "local", zone: TimeZone(identifier: "UTC")!,
                                    runReminders: { _, _ in })
        let root = Command(name: "tend", abstract: "test", options: GlobalOptions.all, subcommands: NotifyCommands.make(context: { _ in context }))
        let (output, captured) = Output.capturing()
        let status = CommandLineTool(root: root, output: output).run(arguments)
        return Result(status: status, stdout: captured.stdout, stderr: captured.stderr)
    }
}

private let now = ISO8601.parseInstant("2026-11-30T12:00:00Z")!
private let myLogin = Credentials(server: "http://tend.test", token: "my-token", accountID: "me-id", email: "me@example.com",
                                  displayName: "Me", expiresAt: nil)

private func expectingTransport() -> ExpectingTransport {
    ExpectingTransport { message in Issue.record(Comment(rawValue: message)) }
}

@Suite("The notification endpoints: the typed client against the routes, and tend notify against the test client")
struct NotificationClientTests {
    @Test("the routes are exactly NotificationAPI's endpoints, in order")
    func routesAreTheEndpoints() throws {
        let stack = try NotificationStack(clock: FixedClock(now))
        #expect(stack.application().router.routes.map { "\($0.method) \($0.pattern)" } == NotificationAPI.signatures)
    }

    @Test("every endpoint through the typed client, in process")
    func everyEndpoint() throws {
        let stack = try NotificationStack(clock: FixedClock(now))
        let token = try stack.token("a@example.com", zone: "Asia/Seoul", at: now)
        let client = ServerClient(transport: InProcessTransport(application: stack.application()), credentials: MemoryCredentialStore(
            Credentials(server: "http://tend.test", token: token, accountID: "", email: "a@example.com", displayName: "A", expiresAt: nil)))

        let ntfy = try client.call(NotificationAPI.addChannel, body: ChannelBody(kind: "ntfy", url: "https://ntfy.sh/tend-test", token: "tk"))
        #expect(ntfy.kind == "ntfy" && ntfy.secret == nil)
        let hook = try client.call(NotificationAPI.addChannel, body: ChannelBody(kind: "webhook", url: "https://example.org/hook", token: nil))
        #expect(hook.kind == "webhook" && (hook.secret?.count ?? 0) >= 32)
        let channels = try client.call(NotificationAPI.channels).channels
        #expect(Set(channels.map(\.id)) == [ntfy.id, hook.id] && channels.first { $0.id == ntfy.id }?.hasToken == true)
        try client.call(NotificationAPI.removeChannel, ItemID(Handle.of(hook.id)))
        #expect(try client.call(NotificationAPI.channels).channels.map(\.id) == [ntfy.id])

        let quiet = try client.call(NotificationAPI.setQuietHours, body: QuietHoursBody(from: "22:00", to: "07:00"))
        #expect(quiet.from == "22:00" && quiet.to == "07:00")
        let saved = try client.call(NotificationAPI.quietHours)
        #expect(saved.from == "22:00" && saved.to == "07:00")

        let queued = try client.call(NotificationAPI.test)
        #expect(queued.state == "pending" && queued.dueAt.hasSuffix("+09:00"))
        #expect(try client.call(NotificationAPI.history, StateQuery(.pending)).notifications.map(\.id) == [queued.id])
        #expect(try client.call(NotificationAPI.history, StateQuery(.sent)).notifications.isEmpty)
        #expect(try client.call(NotificationAPI.history, StateQuery(nil)).notifications.map(\.id) == [queued.id])

        let refused = #expect(throws: AppError.self) {
            try client.call(NotificationAPI.addChannel, body: ChannelBody(kind: "sms", url: "https://example.org", token: nil))
        }
        #expect(refused?.kind == .invalidInput && refused?.code == "invalid_kind")
    }

    @Test("logged in, notify list --upcoming asks the server for the pending ones")
    func listUpcoming() throws {
        let server = expectingTransport()
        server.expect(NotificationAPI.history, StateQuery(.pending), answer: NotificationList(notifications: [
            NotificationJSON(id: "n1", rule: "long_insulin", title: "Long-acting insulin", body: "Time for it", state: "pending",
                             attempts: 2, dueAt: "2026-11-30T22:00:00+09:00", sentAt: nil, lastError: nil),
        ]))
        let result = NotifyCommandRunner(stack: try NotificationStack(clock: FixedClock(now)), transport: server, login: myLogin)
            .run("notify", "list", "--upcoming")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("2026-11-30 22:00") && result.stdout.contains("pending (2 tries)")
            && result.stdout.contains("Long-acting insulin"), "\(result)")
        server.verify()
    }

    @Test("logged in, channel remove reads the server's channels, then removes the one named")
    func removeChannel() throws {
        let id = "01937000-0000-7000-8000-00000000c001"
        let server = expectingTransport()
        server.expect(NotificationAPI.channels, answer: ChannelList(channels: [
            ChannelJSON(id: id, handle: Handle.of(id), kind: "webhook", url: "https://example.org/hook", hasToken: false,
                        createdAt: "2026-11-30T12:00:00Z"),
        ]))
        server.expect(NotificationAPI.removeChannel, ItemID(id), answer: NoAnswer())
        let result = NotifyCommandRunner(stack: try NotificationStack(clock: FixedClock(now)), transport: server, login: myLogin)
            .run("notify", "channel", "remove", Handle.of(id))
        #expect(result.status == 0 && result.stdout == "Removed the webhook channel https://example.org/hook.\n", "\(result)")
        server.verify()
    }

    @Test("logged in, quiet sends the hours; --json prints the server's answer")
    func quietHours() throws {
        let server = expectingTransport()
        server.expect(NotificationAPI.setQuietHours, checkBody: { #expect($0.from == "22:00" && $0.to == "07:30") },
                      answer: QuietHoursJSON(from: "22:00", to: "07:30"))
        let runner = NotifyCommandRunner(stack: try NotificationStack(clock: FixedClock(now)), transport: server, login: myLogin)
        let result = runner.run("--json", "notify", "quiet", "--from", "22:00", "--to", "07:30")
        #expect(result.status == 0 && result.stdout == #"{"from":"22:00","to":"07:30"}"# + "\n", "\(result)")
        server.verify()
    }

    @Test("not logged in, the commands never call the server")
    func localCommandsCallNothing() throws {
        let reported = Mutex<[String]>([])
        let server = ExpectingTransport { message in reported.withLock { $0.append(message) } }
        let runner = NotifyCommandRunner(stack: try NotificationStack(clock: FixedClock(now)), transport: server, login: nil)
        let quiet = runner.run("notify", "quiet", "--from", "22:00", "--to", "07:00")
        #expect(quiet.status == 0 && quiet.stdout == "Quiet hours: 22:00–07:00.\n", "\(quiet)")
        #expect(runner.run("notify", "channel", "list").stdout == "No channels yet: tend notify channel add ntfy --url URL\n")
        #expect(server.sent.isEmpty && reported.withLock { $0 }.isEmpty)
    }
}
