import Console
import Core
import Domain
import InsulinFeature
import QuestFeature

/// `tend today`: the home screen, one card per feature.
enum TodayCommand {
    static func make(insulin: @escaping InsulinCommands.ContextProvider, quest: @escaping QuestCommands.ContextProvider) -> Command {
        Command(
            name: "today",
            abstract: "The home screen: today's cards from every feature.",
            run: { invocation in
                let context = try insulin(invocation)
                let status = try context.useCases.status(ownerID: context.ownerID)
                // The quest card shows only for someone on a journey: Tend never brings it up unasked.
                let questContext = try quest(invocation)
                let questToday = try? questContext.useCases.today(ownerID: questContext.ownerID)
                if GlobalOptions.wantsJSON(invocation) {
                    try invocation.output.printJSON(HomeJSON(
                        date: status.insulinDay.description, insulin: StatusJSON(status),
                        quest: questToday.map { QuestFeature.TodayJSON($0, language: questContext.language) }))
                    return
                }
                let card = StatusText.card(status)
                invocation.output.print("Today · \(status.insulinDay)\n")
                invocation.output.print("Insulin")
                invocation.output.print(card.map { "  " + $0 }.joined(separator: "\n"))
                if let questToday {
                    invocation.output.print("\nQuest")
                    invocation.output.print(QuestText.today(questToday, language: questContext.language)
                        .split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n"))
                }
            }
        )
    }

    struct HomeJSON: Encodable {
        let date: String
        let insulin: StatusJSON
        let quest: QuestFeature.TodayJSON?

        enum CodingKeys: String, CodingKey { case date, insulin, quest }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(date, forKey: .date)
            try container.encode(insulin, forKey: .insulin)
            try container.encode(quest, forKey: .quest)
        }
    }
}
