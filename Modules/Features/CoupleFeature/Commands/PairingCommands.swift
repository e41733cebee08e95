import FoundationEssentials
import Client
import Console
import Core
import Domain

/// `tend couple create | join | show | disconnect`.
enum PairingCommands {
    static func create(_ context: @escaping CoupleCommands.ContextProvider) -> Command {
        Command(name: "create",
                abstract: "Create an invite code for your partner (valid 24 hours; a new one replaces the old).") { invocation in
            let invite = try context(invocation).client.call(CoupleAPI.createInvite)
            try invocation.respond(json: { invite }, text: {
                let shown = invite.code.prefix(4) + "-" + invite.code.suffix(4)
                return "Invite code: \(shown)  (valid until \(CoupleText.shortTime(invite.expiresAt)))\n"
                    + "Your partner runs: tend couple join \(invite.code)"
            })
        }
    }

    static func join(_ context: @escaping CoupleCommands.ContextProvider) -> Command {
        Command(name: "join", abstract: "Join your partner's space with their invite code.",
                arguments: [Argument("code", help: "The 8-character code (dashes and case do not matter).")]) { invocation in
            let context = try context(invocation)
            let couple = try context.client.call(CoupleAPI.join, body: JoinBody(code: invocation.argument("code") ?? ""))
            try invocation.respond(json: { couple }, text: {
                let me = try context.myID()
                let partner = couple.members.first { $0.accountID != me }?.displayName ?? "your partner"
                return "You and \(partner) now share a space. See it with: tend couple home"
            })
        }
    }

    static func show(_ context: @escaping CoupleCommands.ContextProvider) -> Command {
        Command(name: "show", abstract: "Who is in your space, since when, and where.") { invocation in
            let couple = try context(invocation).client.call(CoupleAPI.couple)
            try invocation.respond(json: { couple }, text: {
                (["Together since \(CoupleText.shortTime(couple.since))"] + couple.members.map { member in
                    "  \(member.displayName) · \(member.timeZone)\(member.city.map { " · \($0)" } ?? "")"
                }).joined(separator: "\n")
            })
        }
    }

    static let yes = Option.flag("yes", short: "y", help: "Do not ask for confirmation.")

    static func disconnect(_ context: @escaping CoupleCommands.ContextProvider) -> Command {
        Command(
            name: "disconnect",
            abstract: "End the shared space for both of you (each can download their own writings for 30 days).",
            options: [yes]
        ) { invocation in
            let context = try context(invocation)
            if !invocation.flag(yes.name) {
                guard context.isInteractive else {
                    throw UsageError("disconnecting ends the space for both of you: add --yes to confirm")
                }
                guard context.confirm("End your shared space for both of you? "
                                        + "Each of you keeps 30 days to download their own writings. [y/N]") else {
                    invocation.output.print("Nothing changed.")
                    return
                }
            }
            try context.client.call(CoupleAPI.disconnect)
            try? context.cache.remove(key: HomeCommand.cacheKey(try context.myID()))
            try invocation.respond(json: { ["disconnected": true] },
                                   text: { "Disconnected. Download what you wrote within 30 days: tend couple archive --out DIR" })
        }
    }
}
