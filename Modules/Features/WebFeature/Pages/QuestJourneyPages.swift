import FoundationEssentials
import Core
import Domain
import HTTP

/// `/quest/journeys`: the journey in progress and the finished ones ('완료한 여정 돌아보기'),
/// and one journey read again in full, stage by stage, with everything written in it.
struct QuestJourneyPages {
    let context: WebContext
    let layout: Layout

    var words: WebWords { context.words }

    func list(_ quests: QuestUseCases) throws -> HTTPResponse {
        let states = try quests.allJourneys(ownerID: context.account!.id)
        let html = layout.document(context, title: words.journeys, tab: .quest) {
            el("p") { el("a", .href("/quest")) { "← " + words.back } }
            el("h1") { words.journeys }
            el("section", .class("card")) {
                if states.isEmpty { el("p", .class("muted")) { words.noJourneys } }
                el("ul", .class("plain")) {
                    for state in states {
                        el("li") {
                            el("div") {
                                el("a", .href("/quest/journeys/\(PercentEncoding.encode(state.journey.id))")) {
                                    el("strong") { state.template.name.text(context.language) }
                                }
                                el("br")
                                el("span", .class("muted small")) {
                                    [words.startedOn(words.date(state.journey.timeZone.localDate(of: state.journey.startedAt))),
                                     words.doneCount(state), state.isComplete ? words.finished : words.inProgress].joined(separator: " · ")
                                }
                            }
                        }
                    }
                }
            }
        }
        return WebResponses.page(html, context: context)
    }

    func review(_ state: JourneyState) -> HTTPResponse {
        let language = context.language
        let pages = QuestPages(context: context)
        let html = layout.document(context, title: state.template.name.text(language), tab: .quest) {
            el("p") { el("a", .href("/quest/journeys")) { "← " + words.journeys } }
            el("h1") { state.template.name.text(language) + " · " + state.journey.nickname }
            el("p", .class("muted")) { words.progressLine(state) + " · " + words.percentDone(state.percent) }
            for stage in state.template.stages {
                el("section", .class("card"), .aria(label: words.stageOf(stage.number))) {
                    el("h2") { words.stageOf(stage.number) + " · " + stage.name.text(language) }
                    for quest in stage.quests {
                        el("h3", .class("quest-title")) { "\(quest.number). " + quest.title.text(language) }
                        el("p", .class("small muted")) { quest.prompt.text(language) }
                        pages.entry(state.entry(quest.number), style: state.journey.style)
                    }
                }
            }
        }
        return WebResponses.page(html, context: context)
    }
}
