import FoundationEssentials
import Console
import Core
import Domain

/// `tend quest journeys`, `review`, `export`, `delete` and `remind`.
struct JourneyCommands: Sendable {
    let makeContext: QuestCommands.ContextProvider

    static let out = Option.value("out", valueName: "FILE.md", help: "Where to write it (required).")
    static let at = Option.value("at", valueName: "HH:MM", help: "The reminder time.")
    static let on = Option.flag("on", help: "Switch the reminder on again, at its time.")
    static let off = Option.flag("off", help: "Switch the reminder off; its time is kept for when it is on again.")

    static let journey = Argument("journey-id", help: "From `tend quest journeys`.")

    var journeys: Command {
        Command(name: "journeys", abstract: "Your journeys, the one in progress and the finished ones.", run: listJourneys)
    }

    var review: Command {
        Command(name: "review", abstract: "Read a journey again in full, with everything you wrote.", arguments: [Self.journey],
                run: reviewJourney)
    }

    var export: Command {
        Command(name: "export", abstract: "Write a journey to a Markdown file.", arguments: [Self.journey], options: [Self.out],
                run: exportJourney)
    }

    var delete: Command {
        Command(name: "delete", abstract: "Delete a journey and everything written in it.", arguments: [Self.journey],
                run: deleteJourney)
    }

    var remind: Command {
        Command(name: "remind", abstract: "The daily quest reminder: set its time, switch it off or on, or show it.",
                options: [Self.at, Self.on, Self.off], run: setReminder)
    }

    func listJourneys(_ invocation: Invocation) throws {
        let context = try makeContext(invocation)
        let states = try context.useCases.allJourneys(ownerID: context.ownerID)
        try invocation.respond(json: { JourneyListJSON(states, language: context.language) }, text: {
            guard !states.isEmpty else {
                return context.language == .ko ? "아직 여정이 없어요: tend quest start" : "No journeys yet: tend quest start"
            }
            var table = Table(columns: [(title: "Journey", alignment: .left), (title: "Started", alignment: .left),
                                        (title: "Done", alignment: .right), (title: "ID", alignment: .left)])
            for state in states {
                table.addRow([state.template.name.text(context.language),
                              state.journey.timeZone.localDate(of: state.journey.startedAt).description,
                              "\(state.completed)/\(state.total)", state.journey.id])
            }
            return table.render()
        })
    }

    func reviewJourney(_ invocation: Invocation) throws {
        let context = try makeContext(invocation)
        let state = try context.useCases.review(ownerID: context.ownerID, journeyID: invocation.argument("journey-id")!)
        try invocation.respond(json: { JourneyJSON(state, language: context.language, full: true) },
                               text: { JourneyMarkdown.render(state, language: context.language) })
    }

    func exportJourney(_ invocation: Invocation) throws {
        guard let path = invocation.option(Self.out), !path.isEmpty else { throw UsageError.missing("--out FILE.md") }
        let context = try makeContext(invocation)
        let state = try context.useCases.review(ownerID: context.ownerID, journeyID: invocation.argument("journey-id")!)
        try TextFile.write(JourneyMarkdown.render(state, language: context.language), to: path)
        // The file is the answer: text says only where it went (announce), JSON says it too.
        if GlobalOptions.wantsJSON(invocation) {
            try invocation.output.printJSON(["out": path, "journey_id": state.journey.id])
        }
        TextFile.announce(path, in: invocation) { context.language == .ko ? "\($0)에 저장했어요." : "Wrote \($0)." }
    }

    func deleteJourney(_ invocation: Invocation) throws {
        let context = try makeContext(invocation)
        let id = invocation.argument("journey-id")!
        try context.useCases.delete(ownerID: context.ownerID, journeyID: id)
        try invocation.respond(json: { ["deleted": id] }, text: {
            context.language == .ko ? "여정과 답을 지웠어요." : "Deleted the journey and its answers."
        })
    }

    /// No option shows the reminder as it is; `--at`, `--on` or `--off` change it (`--at` with
    /// either in one write).
    func setReminder(_ invocation: Invocation) throws {
        let time = try invocation.option(Self.at, expected: "a time as HH:MM", { LocalTime($0) })
        let on = invocation.flag(Self.on), off = invocation.flag(Self.off)
        if on && off { throw UsageError("--on and --off cannot go together") }
        let enabled: Bool? = on ? true : off ? false : nil
        let context = try makeContext(invocation)
        let settings = time == nil && enabled == nil
            ? try context.useCases.settings(ownerID: context.ownerID)
            : try context.useCases.updateReminder(ownerID: context.ownerID, at: time, enabled: enabled)
        try invocation.respond(json: { QuestReminderJSON(settings) }, text: {
            let ko = context.language == .ko
            if settings.reminderEnabled {
                return ko ? "매일 \(settings.reminder)에 알려 드릴게요." : "Daily reminder at \(settings.reminder)."
            }
            return ko ? "퀘스트 알림이 꺼져 있어요 (시각 \(settings.reminder)은 그대로예요: --on으로 다시 켜요)."
                : "The daily reminder is off (its time stays \(settings.reminder): --on switches it on again)."
        })
    }
}
