import Console
import Core
import Domain
import InsulinFeature

/// `tend today`: the home screen, one card per feature.
enum TodayCommand {
    static func make(insulin: @escaping InsulinCommands.ContextProvider) -> Command {
        Command(
            name: "today",
            abstract: "The home screen: today's cards from every feature.",
            run: { invocation in
                let context = try insulin(invocation)
                let status = try context.useCases.status(ownerID: context.ownerID)
                if GlobalOptions.wantsJSON(invocation) {
                    try invocation.output.printJSON(TodayJSON(date: status.insulinDay.description, insulin: StatusJSON(status)))
                    return
                }
                let card = StatusText.card(status)
                invocation.output.print("Today · \(status.insulinDay)\n")
                invocation.output.print("Insulin")
                invocation.output.print(card.map { "  " + $0 }.joined(separator: "\n"))
            }
        )
    }

    struct TodayJSON: Encodable {
        let date: String
        let insulin: StatusJSON
    }
}
