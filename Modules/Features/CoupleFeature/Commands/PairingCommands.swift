import FoundationEssentials
import Client
import Console
import Core
import Domain

/// `tend couple create | join | show | disconnect`.
enum PairingCommands {
    static func create(_ context: @escaping CoupleCommands.ContextProvider) -> Command {
        Command(name: "create", abstract: "Create an invite code for your partner (valid 24 hours; a new one replaces the old).") { invocation in
            let invite: InviteJSON = try context(invocation).call(ServerRequest("POST", "/v1/couple/invites"))
            if GlobalOptions.wantsJSON(invocation) { return try invocation.output.printJSON(invite) }
            let shown = invite.code.prefix(4) + "-" + invite.code.suffix(4)
            invocation.output.print("Invite code: \(shown)  (valid until \(CoupleText.shortTime(invite.expiresAt)))")
            invocation.output.print("Your partner runs: tend couple join \(invite.code)")
        }
    }

    static func join(_ context: @escaping CoupleCommands.ContextProvider) -> Command {
        Command(name: "join", abstract: "Join your partner's space with their invite code.",
                arguments: [Argument("code", help: "The 8-character code (dashes and case do not matter).")]) { invocation in
            let context = try context(invocation)
            let couple: CoupleJSON = try context.call(.json("POST", "/v1/couple/join", JoinBody(code: invocation.argument("code") ?? "")))
            if GlobalOptions.wantsJSON(invocation) { return try invocation.output.printJSON(couple) }
            let me = try context.myID()
            let partner = couple.members.first { $0.accountID != me }?.displayName ?? "your partner"
            invocation.output.print("You and \(partner) now share a space. See it with: tend couple home")
        }
    }

    static func show(_ context: @escaping CoupleCommands.ContextProvider) -> Command {
        Command(name: "show", abstract: "Who is in your space, since when, and where.") { invocation in
            let couple: CoupleJSON = try context(invocation).call(ServerRequest("GET", "/v1/couple"))
            if GlobalOptions.wantsJSON(invocation) { return try invocation.output.printJSON(couple) }
            invocation.output.print("Together since \(CoupleText.shortTime(couple.since))")
            for member in couple.members {
                invocation.output.print("  \(member.displayName) · \(member.timeZone)\(member.city.map { " · \($0)" } ?? "")")
            }
        }
    }

    static func disconnect(_ context: @escaping CoupleCommands.ContextProvider) -> Command {
        Command(
            name: "disconnect",
            abstract: "End the shared space for both of you (each can download their own writings for 30 days).",
            options: [.flag("yes", short: "y", help: "Do not ask for confirmation.")]
        ) { invocation in
            let context = try context(invocation)
            if !invocation.flag("yes") {
                guard context.isInteractive else {
                    throw UsageError("disconnecting ends the space for both of you: add --yes to confirm")
                }
                guard context.confirm("End your shared space for both of you? Each of you keeps 30 days to download their own writings. [y/N]") else {
                    invocation.output.print("Nothing changed.")
                    return
                }
            }
            _ = try context.client.send(ServerRequest("DELETE", "/v1/couple"))
            try? context.cache.remove(key: "couple.home.\(try context.myID())")
            if GlobalOptions.wantsJSON(invocation) { return try invocation.output.printJSON(["disconnected": true]) }
            invocation.output.print("Disconnected. Download what you wrote within 30 days: tend couple archive --out DIR")
        }
    }
}
