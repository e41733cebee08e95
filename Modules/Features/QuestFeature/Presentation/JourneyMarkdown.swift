import FoundationEssentials
import Core
import Domain

/// A journey written out as Markdown, to keep or print (`tend quest export`).
public enum JourneyMarkdown {
    public static func render(_ state: JourneyState, language: Language) -> String {
        let zone = state.journey.timeZone
        var out: [String] = []
        out.append("# \(state.template.name.text(language)) — \(state.journey.nickname)")
        out.append("")
        let started = zone.localDate(of: state.journey.startedAt)
        let finished = state.journey.completedAt.map { zone.localDate(of: $0).description }
        if language == .ko {
            out.append("- 시작: \(started)" + (finished.map { " · 완료: \($0)" } ?? " · 진행 중"))
            out.append("- 완료한 퀘스트: \(state.completed)/\(state.total)")
        } else {
            out.append("- Started: \(started)" + (finished.map { " · finished: \($0)" } ?? " · in progress"))
            out.append("- Quests done: \(state.completed)/\(state.total)")
        }
        for stage in state.template.stages {
            out.append("")
            let stageName = stage.name.text(language)
            out.append(language == .ko ? "## \(stage.number)단계 · \(stageName)" : "## Stage \(stage.number) · \(stageName)")
            out.append("")
            out.append("_\(stage.purpose.text(language))_")
            for quest in stage.quests {
                out.append("")
                out.append("### \(quest.number). \(quest.title.text(language))")
                out.append("")
                out.append("> \(quest.prompt.text(language))")
                out.append("")
                if let entry = state.entry(quest.number) {
                    let day = zone.localDate(of: entry.completedAt)
                    if let answer = entry.answer { out.append(answer) }
                    if let reflection = entry.reflection { out.append(reflection) }
                    if let felt = entry.felt { out.append(language == .ko ? "(느낌: \(felt.rawValue))" : "(felt: \(felt.rawValue))") }
                    out.append("")
                    out.append(language == .ko ? "_\(day) 완료_" : "_done \(day)_")
                } else {
                    out.append(language == .ko ? "_아직_" : "_not yet_")
                }
            }
        }
        return out.joined(separator: "\n") + "\n"
    }
}
