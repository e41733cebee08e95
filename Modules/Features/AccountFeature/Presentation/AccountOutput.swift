import Client
import Console

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

/// `account delete --json`: which account on which server, and the rows removed per table.
struct DeleteJSON: Encodable {
    let deleted: Bool
    let server: String
    let email: String
    let erased: [String: Int]
}
