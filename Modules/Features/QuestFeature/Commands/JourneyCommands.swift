import FoundationEssentials
import Console
import Core
import Domain

/// `tend quest journeys`, `review`, `export`, `delete` and `remind`.
enum JourneyCommands {
    static func journeys(context: @escaping QuestCommands.ContextProvider) -> Command {
        Command(
            name: "journeys",
            abstract: "Your journeys, the one in progress and the finished ones.",
            run: { invocation in
                let context = try context(invocation)
                let states = try context.useCases.allJourneys(ownerID: context.ownerID)
                if GlobalOptions.wantsJSON(invocation) {
                    try invocation.output.printJSON(JourneyListJSON(states, language: context.language))
                    return
                }
                guard !states.isEmpty else {
                    invocation.output.print(context.language == .ko ? "아직 여정이 없어요: tend quest start" : "No journeys yet: tend quest start")
                    return
                }
                var table = Table(columns: [(title: "Journey", alignment: .left), (title: "Started", alignment: .left),
                                            (title: "Done", alignment: .right), (title: "ID", alignment: .left)])
                for state in states {
                    table.addRow([state.template.name.text(context.language),
                                  state.journey.timeZone.localDate(of: state.journey.startedAt).description,
                                  "\(state.completed)/\(state.total)", state.journey.id])
                }
                invocation.output.print(table.render())
            }
        )
    }

    static func review(context: @escaping QuestCommands.ContextProvider) -> Command {
        Command(
            name: "review",
            abstract: "Read a journey again in full, with everything you wrote.",
            arguments: [Argument("journey-id", help: "From `tend quest journeys`.")],
            run: { invocation in
                let context = try context(invocation)
                let state = try context.useCases.review(ownerID: context.ownerID, journeyID: invocation.argument("journey-id")!)
                if GlobalOptions.wantsJSON(invocation) {
                    try invocation.output.printJSON(JourneyJSON(state, language: context.language, full: true))
                } else {
                    invocation.output.print(JourneyMarkdown.render(state, language: context.language))
                }
            }
        )
    }

    static func export(context: @escaping QuestCommands.ContextProvider) -> Command {
        Command(
            name: "export",
            abstract: "Write a journey to a Markdown file.",
            arguments: [Argument("journey-id", help: "From `tend quest journeys`.")],
            options: [.value("out", valueName: "FILE.md", help: "Where to write it (required).")],
            run: { invocation in
                guard let path = invocation.option("out"), !path.isEmpty else { throw UsageError.missing("--out FILE.md") }
                let context = try context(invocation)
                let state = try context.useCases.review(ownerID: context.ownerID, journeyID: invocation.argument("journey-id")!)
                try TextFile.write(JourneyMarkdown.render(state, language: context.language), to: path)
                if GlobalOptions.wantsJSON(invocation) {
                    try invocation.output.printJSON(["out": path, "journey_id": state.journey.id])
                }
                TextFile.announce(path, in: invocation) { context.language == .ko ? "\($0)에 저장했어요." : "Wrote \($0)." }
            }
        )
    }

    static func delete(context: @escaping QuestCommands.ContextProvider) -> Command {
        Command(
            name: "delete",
            abstract: "Delete a journey and everything written in it.",
            arguments: [Argument("journey-id", help: "From `tend quest journeys`.")],
            run: { invocation in
                let context = try context(invocation)
                let id = invocation.argument("journey-id")!
                try context.useCases.delete(ownerID: context.ownerID, journeyID: id)
                if GlobalOptions.wantsJSON(invocation) {
                    try invocation.output.printJSON(["deleted": id])
                } else {
                    invocation.output.print(context.language == .ko ? "여정과 답을 지웠어요." : "Deleted the journey and its answers.")
                }
            }
        )
    }

    static func remind(context: @escaping QuestCommands.ContextProvider) -> Command {
        Command(
            name: "remind",
            abstract: "Set the time of the daily quest reminder.",
            options: [.value("at", valueName: "HH:MM", help: "The reminder time (required).")],
            run: { invocation in
                guard let time = try invocation.option("at", expected: "a time as HH:MM", { LocalTime($0) }) else {
                    throw UsageError.missing("--at HH:MM")
                }
                let context = try context(invocation)
                let settings = try context.useCases.setReminder(ownerID: context.ownerID, at: time)
                if GlobalOptions.wantsJSON(invocation) {
                    try invocation.output.printJSON(["reminder": settings.reminder.description])
                } else {
                    invocation.output.print(context.language == .ko ? "매일 \(settings.reminder)에 알려 드릴게요." : "Daily reminder at \(settings.reminder).")
                }
            }
        )
    }
}
