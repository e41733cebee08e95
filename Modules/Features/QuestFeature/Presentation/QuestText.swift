import FoundationEssentials
import Core
import Console
import Domain

/// The quest screens for a person in a terminal.
public enum QuestText {
    /// `tend quest today` and the home card.
    public static func today(_ today: QuestUseCases.Today, language: Language) -> String {
        var lines = ["🐾 \(today.message.text(language))", ""]
        lines.append(contentsOf: quest(today.quest, state: today.state, language: language))
        if let opens = today.state.nextOpensAt, today.status != .open {
            lines.append("")
            let opensText = when(opens, today.state)
            lines.append(language == .ko ? "다음 퀘스트: \(opensText)" : "Next quest opens: \(opensText)")
        }
        return lines.joined(separator: "\n")
    }

    static func quest(_ quest: QuestTemplate, state: JourneyState, language: Language) -> [String] {
        let stage = state.template.stage(ofQuest: quest.number)
        let heading = language == .ko
            ? "\(stage?.number ?? 0)단계 · 퀘스트 \(quest.number)/\(QuestContent.questCount) — \(quest.title.text(language))"
            : "Stage \(stage?.number ?? 0) · Quest \(quest.number)/\(QuestContent.questCount) — \(quest.title.text(language))"
        var lines = [heading, "  " + quest.prompt.text(language), "  💡 " + quest.tip.text(language)]
        let status = state.status(of: quest.number)
        switch status {
        case .open:
            lines.append(state.journey.style == .question
                ? (language == .ko ? "  → tend quest answer \"…\"" : "  → tend quest answer \"…\"")
                : (language == .ko ? "  → 하고 나면: tend quest done" : "  → when it's done: tend quest done"))
        case .done:
            if let entry = state.entry(quest.number) {
                lines.append(language == .ko ? "  ✓ 완료" : "  ✓ done")
                if let answer = entry.answer { lines.append(indent(answer)) }
                if let reflection = entry.reflection { lines.append(indent(reflection)) }
            }
        case .locked:
            lines.append(language == .ko ? "  (아직 열리지 않았어요)" : "  (not open yet)")
        }
        return lines
    }

    public static func progress(_ state: JourneyState, language: Language) -> String {
        let filled = state.completed * 30 / state.total
        let gauge = String(repeating: "█", count: filled) + String(repeating: "░", count: 30 - filled)
        if language == .ko {
            return """
                \(state.template.name.text(language)) · \(state.journey.nickname)
                \(gauge) \(state.percent)%
                \(state.stage)/5단계 · 퀘스트 \(state.currentNumber)/30 · 완료 \(state.completed)개 · \
                여정 \(state.daysOnJourney)일째\(state.isComplete ? " · 완료한 여정" : "")
                """
        }
        return """
            \(state.template.name.text(language)) · \(state.journey.nickname)
            \(gauge) \(state.percent)%
            Stage \(state.stage)/5 · quest \(state.currentNumber)/30 · \(state.completed) done · \
            day \(state.daysOnJourney)\(state.isComplete ? " · complete" : "")
            """
    }

    static func when(_ date: Date, _ state: JourneyState) -> String {
        state.journey.timeZone.dateTimeText(of: date)
    }

    static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
    }
}
