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
    /// Refuses an account this machine's database cannot take (it holds another account's history).
    public let acceptAccount: @Sendable (_ accountID: String) throws -> Void
    /// Asks a yes/no question on a terminal; true for yes.
    public let confirm: @Sendable (String) -> Bool
    /// The account is gone from the server: this machine's database forgets it was bound to it.
    public let accountDeleted: @Sendable () throws -> Void

    public init(client: ServerClient, environment: [String: String], isInteractive: Bool, machineTimeZone: String?,
                readPassword: @escaping @Sendable (String) -> String? = AccountCommands.readHiddenLine,
                acceptAccount: @escaping @Sendable (_ accountID: String) throws -> Void = { _ in },
                confirm: @escaping @Sendable (String) -> Bool = AccountCommands.askYesNo,
                accountDeleted: @escaping @Sendable () throws -> Void = {}) {
        self.confirm = confirm
        self.accountDeleted = accountDeleted
        self.acceptAccount = acceptAccount
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
            subcommands: [signup(context), login(context), logout(context), whoami(context), update(context), delete(context)]
        )
    }

    /// The options of the account commands, declared once.
    enum Options {
        static let server = Option.value("server", valueName: "URL", help: "The tend-server, e.g. https://tend.example.org (required).")
        static let email = Option.value("email", valueName: "EMAIL", help: "Your email address (required).")
        static let signupName = Option.value("name", valueName: "NAME",
                                             help: "The name others see (default: the part of the email before @).")
        static let signupZone = Option.value("time-zone", valueName: "ZONE",
                                             help: "Your time zone, e.g. Asia/Seoul (default: this machine's).")
        static let newName = Option.value("name", valueName: "NAME", help: "The new display name.")
        static let newZone = Option.value("time-zone", valueName: "ZONE", help: "The new time zone, e.g. Europe/Paris.")
        static let yes = Option.flag("yes", short: "y", help: "Do not ask for confirmation (required off a terminal).")
    }

    static func signup(_ context: @escaping ContextProvider) -> Command {
        Command(name: "signup", abstract: "Create an account on a tend-server and log in to it.",
                options: [Options.server, Options.email, Options.signupName, Options.signupZone]) { invocation in
            let (server, email) = try required(invocation)
            let name = invocation.option(Options.signupName.name) ?? String(email.prefix { $0 != "@" })
            let context = try context(invocation)
            let password = try password(invocation, context: context, confirm: true)
            let account = try context.client.signup(server: server, email: email, password: password, displayName: name,
                                                    timeZone: invocation.option(Options.signupZone.name) ?? context.machineTimeZone,
                                                    accept: context.acceptAccount)
            let saved = try context.client.currentCredentials()
            let shownServer = saved?.server ?? server
            let person = AccountText.person(account.displayName, account.email)
            try invocation.respond(json: { LoginJSON(server: shownServer, account: account, expiresAt: saved?.expiresAt) },
                                   text: { "Created the account \(person) on \(shownServer).\nLogged in to \(shownServer) as \(person)." })
        }
    }

    static func login(_ context: @escaping ContextProvider) -> Command {
        Command(name: "login", abstract: "Log in to a tend-server; the token is saved for the commands that use the server.",
                options: [Options.server, Options.email]) { invocation in
            let (server, email) = try required(invocation)
            let context = try context(invocation)
            let password = try password(invocation, context: context, confirm: false)
            let saved = try context.client.login(server: server, email: email, password: password, accept: context.acceptAccount)
            // Only the JSON shows the account as the server knows it: the text needs no second call.
            try invocation.respond(json: { LoginJSON(server: saved.server, account: try context.client.whoami(),
                                                     expiresAt: saved.expiresAt) },
                                   text: { "Logged in to \(saved.server) as \(AccountText.person(saved.displayName, saved.email))." })
        }
    }

    static func logout(_ context: @escaping ContextProvider) -> Command {
        Command(name: "logout", abstract: "Log out: revoke the token on the server and forget it here.") { invocation in
            let context = try context(invocation)
            let saved = try? context.client.currentCredentials()
            try context.client.logout()
            try invocation.respond(json: { LogoutJSON(loggedOut: saved != nil, server: saved?.server) },
                                   text: { saved.map { "Logged out of \($0.server)." } ?? "Not logged in." })
        }
    }

    static func whoami(_ context: @escaping ContextProvider) -> Command {
        Command(name: "whoami", abstract: "Show the account this machine is logged in as, as the server knows it.") { invocation in
            let context = try context(invocation)
            let account = try context.client.whoami()
            let saved = try context.client.currentCredentials()
            let server = saved?.server ?? ""
            try invocation.respond(json: { LoginJSON(server: server, account: account, expiresAt: saved?.expiresAt) },
                                   text: { AccountText.card(account, server: server, expiresAt: saved?.expiresAt) })
        }
    }

    static func update(_ context: @escaping ContextProvider) -> Command {
        Command(name: "update", abstract: "Change the name others see, or your time zone (after a move or for a long trip).",
                options: [Options.newName, Options.newZone]) { invocation in
            let name = invocation.option(Options.newName.name)
            let zone = invocation.option(Options.newZone.name)
            guard name != nil || zone != nil else { throw UsageError("give --name NAME and/or --time-zone ZONE") }
            let context = try context(invocation)
            let account = try context.client.call(AccountAPI.updateProfile, body: ProfileBody(displayName: name, timeZone: zone))
            let server = try context.client.currentCredentials()?.server ?? ""
            try invocation.respond(json: { LoginJSON(server: server, account: account, expiresAt: nil) },
                                   text: { "Updated: \(AccountText.person(account.displayName, account.email)) · \(account.timeZone)" })
        }
    }

    static let deletionWarning = """
        This deletes your account on the server for good: everything it holds (insulin, training, runs, food, \
        quests, reminders, the sync history), your photos, sessions and notification channels, and what you wrote \
        in a shared space (your partner keeps only what they wrote). This machine's own database is not touched \
        (that is `tend erase`).
        """

    static func delete(_ context: @escaping ContextProvider) -> Command {
        Command(name: "delete", abstract: "Delete your account on the server for good, with everything it holds (asks for the password).",
                discussion: deletionWarning, options: [Options.yes]) { invocation in
            let context = try context(invocation)
            guard let saved = try context.client.currentCredentials() else {
                throw AppError(.unauthorized, code: "not_logged_in",
                               "not logged in: run `tend account login --server URL --email E` for the account to delete")
            }
            let person = AccountText.person(saved.displayName, saved.email)
            if !invocation.flag(Options.yes) {
                guard context.isInteractive else {
                    throw UsageError("deleting the account \(person) on \(saved.server) cannot be undone: add --yes to confirm. "
                                     + deletionWarning)
                }
                invocation.output.print(deletionWarning)
                guard context.confirm("Delete the account \(person) on \(saved.server) for good? [y/N] ") else {
                    invocation.output.print("Nothing changed.")
                    return
                }
            }
            let password = try password(invocation, context: context, confirm: false)
            let deletion = try context.client.deleteAccount(password: password)
            try context.accountDeleted()
            let total = deletion.erased.values.reduce(0, +)
            try invocation.respond(json: { DeleteJSON(deleted: true, server: saved.server, email: saved.email, erased: deletion.erased) },
                                   text: { "Deleted the account \(person) on \(saved.server) for good (\(total) records), "
                                       + "and logged out here. The email can sign up afresh." })
        }
    }

    // MARK: - Input

    /// Prints `question` on stderr and reads a line: yes for `y` or `yes`.
    @Sendable public static func askYesNo(_ question: String) -> Bool {
        FileDescriptorStream.standardError.write(question)
        let answer = readLine(strippingNewline: true)?.trimmed.lowercased() ?? ""
        return answer == "y" || answer == "yes"
    }

    static func required(_ invocation: Invocation) throws -> (server: String, email: String) {
        guard let server = invocation.option(Options.server.name), !server.trimmed.isEmpty else {
            throw UsageError("missing --server URL (the tend-server, e.g. https://tend.example.org)")
        }
        guard let email = invocation.option(Options.email.name)?.trimmed, !email.isEmpty else {
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
