import FoundationEssentials
import Core

/// What Bori says: lines in both languages and the values for their placeholders.
public struct BoriMessage: Sendable, Equatable {
    public let lines: [LocalizedText]
    public let values: [String: String]

    public func text(_ language: Language) -> String {
        lines.map { $0.text(language, values) }.joined(separator: " ")
    }

    /// Bori's message of the day: it depends on the stage, the progress and the feeling chosen.
    static func ofTheDay(_ state: JourneyState, bori: BoriLines) -> BoriMessage {
        let values = placeholders(state)
        if state.isComplete {
            return BoriMessage(lines: bori.completion, values: values)
        }
        var lines: [LocalizedText] = []
        let days = state.daysOnJourney
        if state.completed == 0 && days == 1 {
            lines.append(bori.progressMessages.firstDay)
        } else if state.completedToday != nil && !state.isCurrentOpen {
            lines.append(bori.progressMessages.doneForToday)
        } else if state.zone.localDate(of: state.entries.last?.completedAt ?? state.journey.startedAt).days(until: state.today) >= 3 {
            // Back after a few quiet days (or a start left waiting): welcome, no guilt.
            lines.append(bori.progressMessages.returning)
        } else {
            let variants = bori.stageMessages[String(state.stage)] ?? []
            if !variants.isEmpty { lines.append(variants[days % variants.count]) }
        }
        if state.currentNumber == QuestContent.questCount && state.isCurrentOpen {
            lines.append(bori.progressMessages.lastQuest)
        } else if state.completed == QuestContent.questCount / 2 {
            lines.append(bori.progressMessages.halfway)
        } else if state.currentNumber == (QuestContent.stageCount - 1) * QuestContent.questsPerStage + 1, state.isCurrentOpen {
            lines.append(bori.progressMessages.lastStage)
        }
        if days <= 3, let feeling = bori.feelings[state.journey.feeling.rawValue] {
            lines.insert(feeling, at: 0)
        }
        return BoriMessage(lines: lines, values: values)
    }

    static func placeholders(_ state: JourneyState) -> [String: String] {
        var values = [
            "nickname": state.journey.nickname, "stage": String(state.stage), "quest": String(state.currentNumber),
            "percent": String(state.percent), "days": String(state.daysOnJourney),
        ]
        if let opens = state.nextOpensAt {
            values["time"] = state.zone.dateTimeText(of: opens)
        }
        return values
    }
}
