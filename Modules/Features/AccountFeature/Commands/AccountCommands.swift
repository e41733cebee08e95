import FoundationEssentials
import Client
import Console
import Core
import Domain
#if canImport(Glibc)
import Glibc
#endif

/// What the account commands work with: the client of tend-server and how to ask for a password.
public struct AccountContext: Sendable {
    public let client: ServerClient
    public let environment: [String: String]
    /// Whether stdin is a terminal (a password is then asked for, without echo).
    public let isInteractive: Bool
    /// The machine's time zone identifier, the default of `signup --time-zone`.
    public let machineTimeZone: String?
    /// Asks for a password with this prompt; nil at end of input.
    public let readPassword: @Sendable (String) -> String?

    public init(client: ServerClient, environment: [String: String], isInteractive: Bool, machineTimeZone: String?,
                readPassword: @escaping @Sendable (String) -> String? = AccountCommands.readHiddenLine) {
        self.client = client
        self.environment = environment
        self.isInteractive = isInteractive
        self.machineTimeZone = machineTimeZone
        self.readPassword = readPassword
    }
}

/// `tend account …`: sign up on a tend-server, log in and out, and see who you are there.
public enum AccountCommands {
    /// The context is made on demand, so `--help` and usage errors never touch the saved login.
    public typealias ContextProvider = @Sendable (Invocation) throws -> AccountContext

    public static func make(context: @escaping ContextProvider) -> Command {
        Command(
            name: "account",
            abstract: "Sign up on a tend-server, log in and out, and see which account this machine uses.",
            discussion: """
                The password comes from $TEND_PASSWORD, else it is asked for without echo on a
                terminal. The login (the server and a bearer token, never the password) is kept
                in $XDG_CONFIG_HOME/tend/credentials.json (~/.config/tend/credentials.json),
                readable only by you.
                """,
            subcommands: [signup(context), login(context), logout(context), whoami(context), update(context)]
        )
    }

    static let serverOption = Option.value("server", valueName: "URL", help: "The tend-server, e.g. https://tend.example.org (required).")
    static let emailOption = Option.value("email", valueName: "EMAIL", help: "Your email address (required).")

    static func signup(_ context: @escaping ContextProvider) -> Command {
        Command(
            name: "signup",
            abstract: "Create an account on a tend-server and log in to it.",
            options: [
                serverOption, emailOption,
                .value("name", valueName: "NAME", help: "The name others see (default: the part of the email before @)."),
                .value("time-zone", valueName: "ZONE", help: "Your time zone, e.g. Asia/Seoul (default: this machine's)."),
            ],
            run: { invocation in
                let (server, email) = try required(invocation)
                let name = invocation.option("name") ?? String(email.prefix { $0 != "@" })
                let context = try context(invocation)
                let password = try password(invocation, context: context, confirm: true)
                let account = try context.client.signup(server: server, email: email, password: password, displayName: name,
                                                        timeZone: invocation.option("time-zone") ?? context.machineTimeZone)
                let saved = try context.client.currentCredentials()
                let shownServer = saved?.server ?? server
                if GlobalOptions.wantsJSON(invocation) {
                    try invocation.output.printJSON(LoginJSON(server: shownServer, account: account, expiresAt: saved?.expiresAt))
                } else {
                    invocation.output.print("Created the account \(AccountText.person(account.displayName, account.email)) on \(shownServer).")
                    invocation.output.print("Logged in to \(shownServer) as \(AccountText.person(account.displayName, account.email)).")
                }
            }
        )
    }

    static func login(_ context: @escaping ContextProvider) -> Command {
        Command(
            name: "login",
            abstract: "Log in to a tend-server; the token is saved for the commands that use the server.",
            options: [serverOption, emailOption],
            run: { invocation in
                let (server, email) = try required(invocation)
                let context = try context(invocation)
                let password = try password(invocation, context: context, confirm: false)
                let saved = try context.client.login(server: server, email: email, password: password)
                if GlobalOptions.wantsJSON(invocation) {
                    let account = try context.client.whoami()
                    try invocation.output.printJSON(LoginJSON(server: saved.server, account: account, expiresAt: saved.expiresAt))
                } else {
                    invocation.output.print("Logged in to \(saved.server) as \(AccountText.person(saved.displayName, saved.email)).")
                }
            }
        )
    }

    static func logout(_ context: @escaping ContextProvider) -> Command {
        Command(
            name: "logout",
            abstract: "Log out: revoke the token on the server and forget it here.",
            run: { invocation in
                let context = try context(invocation)
                let saved = try? context.client.currentCredentials()
                try context.client.logout()
                if GlobalOptions.wantsJSON(invocation) {
                    try invocation.output.printJSON(LogoutJSON(loggedOut: saved != nil, server: saved?.server))
                } else if let saved {
                    invocation.output.print("Logged out of \(saved.server).")
                } else {
                    invocation.output.print("Not logged in.")
                }
            }
        )
    }

    static func whoami(_ context: @escaping ContextProvider) -> Command {
        Command(
            name: "whoami",
            abstract: "Show the account this machine is logged in as, as the server knows it.",
            run: { invocation in
                let context = try context(invocation)
                let account = try context.client.whoami()
                let saved = try context.client.currentCredentials()
                let server = saved?.server ?? ""
                if GlobalOptions.wantsJSON(invocation) {
                    try invocation.output.printJSON(LoginJSON(server: server, account: account, expiresAt: saved?.expiresAt))
                } else {
                    invocation.output.print(AccountText.card(account, server: server, expiresAt: saved?.expiresAt))
                }
            }
        )
    }

    static func update(_ context: @escaping ContextProvider) -> Command {
        Command(
            name: "update",
            abstract: "Change the name others see, or your time zone (after a move or for a long trip).",
            options: [
                .value("name", valueName: "NAME", help: "The new display name."),
                .value("time-zone", valueName: "ZONE", help: "The new time zone, e.g. Europe/Paris."),
            ],
            run: { invocation in
                let name = invocation.option("name")
                let zone = invocation.option("time-zone")
                guard name != nil || zone != nil else { throw UsageError("give --name NAME and/or --time-zone ZONE") }
                let context = try context(invocation)
                let account = try context.client.send(.json("PATCH", "/v1/me", ProfileChanges(displayName: name, timeZone: zone)))
                    .decode(RemoteAccount.self)
                let server = try context.client.currentCredentials()?.server ?? ""
                if GlobalOptions.wantsJSON(invocation) {
                    try invocation.output.printJSON(LoginJSON(server: server, account: account, expiresAt: nil))
                } else {
                    invocation.output.print("Updated: \(AccountText.person(account.displayName, account.email)) · \(account.timeZone)")
                }
            }
        )
    }

    // MARK: - Input

    static func required(_ invocation: Invocation) throws -> (server: String, email: String) {
        guard let server = invocation.option("server"), !server.trimmed.isEmpty else {
            throw UsageError("missing --server URL (the tend-server, e.g. https://tend.example.org)")
        }
        guard let email = invocation.option("email")?.trimmed, !email.isEmpty else {
            throw UsageError("missing --email EMAIL")
        }
        return (server, email)
    }

    /// `TEND_PASSWORD` when set (scripts, tests), else asked for on a terminal without echo.
    static func password(_ invocation: Invocation, context: AccountContext, confirm: Bool) throws -> String {
        if let password = context.environment["TEND_PASSWORD"], !password.isEmpty { return password }
        guard context.isInteractive else {
            throw UsageError("no password: set TEND_PASSWORD, or run the command in a terminal to be asked for it")
        }
        guard let password = context.readPassword("Password: "), !password.isEmpty else {
            throw UsageError("no password given")
        }
        if confirm {
            guard context.readPassword("Password (again): ") == password else {
                throw AppError.invalidInput("the two passwords differ", code: "password_mismatch")
            }
        }
        return password
    }

    /// Prints `prompt` on stderr and reads one line from stdin with echo turned off.
    @Sendable public static func readHiddenLine(_ prompt: String) -> String? {
        FileDescriptorStream.standardError.write(prompt)
        var original = termios()
        let canHide = tcgetattr(0, &original) == 0
        if canHide {
            var hidden = original
            hidden.c_lflag &= ~tcflag_t(ECHO)
            hidden.c_lflag |= tcflag_t(ECHONL)
            tcsetattr(0, TCSAFLUSH, &hidden)
        }
        defer { if canHide { tcsetattr(0, TCSAFLUSH, &original) } }
        return readLine(strippingNewline: true)
    }
}

// MARK: - Output

/// Lines that describe an account to a person.
enum AccountText {
    static func person(_ name: String, _ email: String) -> String { "\(name) <\(email)>" }

    static func card(_ account: RemoteAccount, server: String, expiresAt: String?) -> String {
        var lines = [person(account.displayName, account.email)]
        var rows = [("server", server), ("account", account.id), ("time zone", account.timeZone)]
        if let expiresAt { rows.append(("login until", expiresAt)) }
        let width = rows.map { TextWidth.displayWidth($0.0) }.max() ?? 0
        lines += rows.map { "  " + TextWidth.pad($0.0, to: width, alignment: .left) + "  " + $0.1 }
        return lines.joined(separator: "\n")
    }
}

/// `signup`, `login` and `whoami --json`: which server, which account, until when.
struct LoginJSON: Encodable {
    let server: String
    let account: RemoteAccount
    let expiresAt: String?

    enum CodingKeys: String, CodingKey {
        case server, account, expiresAt = "expires_at"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(server, forKey: .server)
        try container.encode(account, forKey: .account)
        try container.encode(expiresAt, forKey: .expiresAt) // null rather than absent: a stable shape
    }
}

/// `logout --json`.
struct LogoutJSON: Encodable {
    let loggedOut: Bool
    let server: String?

    enum CodingKeys: String, CodingKey {
        case loggedOut = "logged_out", server
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(loggedOut, forKey: .loggedOut)
        try container.encode(server, forKey: .server)
    }
}

/// What `tend account update` sends.
struct ProfileChanges: Encodable {
    let displayName: String?
    let timeZone: String?

    enum CodingKeys: String, CodingKey { case displayName = "display_name", timeZone = "time_zone" }
}
