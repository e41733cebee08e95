import FoundationEssentials
import Console
import Core
import Domain

/// `tend erase --yes-delete-everything`: empties this machine's database of the person's data for
/// good (the shared food tables stay) and says what it removed. Without the flag it only says
/// what it would do, and changes nothing.
struct EraseCommand: Sendable {
    let makeContext: PortabilityCommands.ContextProvider

    static let confirm = Option.flag("yes-delete-everything",
                                     help: "Confirm: delete everything of yours in this database, for good (required).")

    /// What the command removes, said before and in `--help`.
    static let what = """
        Deletes for good, from this machine's database, everything you recorded: insulin, quests, runs, hikes and places, \
        own foods, meals, goals, weights, workouts, exercises, supplements, reminders and their settings, this machine's \
        sync history and its link to an account (its device id stays), and the saved copy of the couple space. The shared \
        food tables stay. Nothing on a tend-server is touched (that is `tend account delete`). Export first if you may want \
        it back: tend export --out FILE.
        """

    var command: Command {
        Command(name: "erase", abstract: "Delete everything of yours in this database, for good (export first).",
                discussion: Self.what, options: [Self.confirm]) { invocation in
            guard invocation.flag(Self.confirm) else {
                throw UsageError("erase needs --yes-delete-everything. " + Self.what)
            }
            let context = try makeContext(invocation)
            let erased = try context.store.erase(ownerID: context.ownerID)
            try invocation.respond(json: { EraseJSON(erased: erased.counts) }, text: { Self.text(erased) })
        }
    }

    static func text(_ erased: PersonalDataCounts) -> String {
        guard erased.total > 0 else { return "Nothing to erase: this database held none of your data." }
        let rows = erased.counts.sorted { $0.key < $1.key }
        let width = rows.map(\.key.count).max() ?? 0
        return (["Erased \(erased.total) record\(erased.total == 1 ? "" : "s") for good:"]
            + rows.map { "  " + $0.key + String(repeating: " ", count: width - $0.key.count) + "  \($0.value)" })
            .joined(separator: "\n")
    }
}

/// `tend erase --json`: rows removed per table.
struct EraseJSON: Encodable {
    let erased: [String: Int]
}
