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

    /// - Parameters:
    ///   - reminder: the time as typed, after a refusal.
    ///   - reminderOn: the switch as sent, after a refusal.
    func list(_ quests: QuestUseCases, notice: String? = nil, error: String? = nil, reminder: String? = nil,
              reminderOn: Bool? = nil, status: Int = 200) throws -> HTTPResponse {
        let states = try quests.allJourneys(ownerID: context.account!.id)
        let settings = try quests.settings(ownerID: context.account!.id)
        let html = layout.document(context, title: words.journeys, tab: .quest) {
            el("p") { el("a", .href("/quest")) { "← " + words.back } }
            el("h1") { words.journeys }
            Notices.status(notice)
            Notices.alert(error)
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
            // The seed's 퀘스트 알림: whether the day's reminder comes, and when (the notification rules
            // read both). An unticked box sends nothing, so `reminder_switch` says the box was on the form.
            el("form", Attribute("method", "post"), Attribute("action", "/quest/reminder"), .class("card")) {
                el("h2") { words.questReminder }
                context.csrfField
                Tags.hidden("reminder_switch", "1")
                el("label", .class("choice")) {
                    el("input", attributes: [.id("f-reminder-on"), .type("checkbox"), .name("reminder_on"), .value("on"),
                                             (reminderOn ?? settings.reminderEnabled) ? .checked : nil])
                    words.reminderOn
                }
                Tags.field(words.reminderTime, name: "reminder", type: "time", value: reminder ?? settings.reminder.description,
                           extra: [.required, Attribute("aria-describedby", "reminder-hint")])
                el("p", .class("hint"), .id("reminder-hint")) { words.reminderHint }
                el("button", .type("submit"), .class("wide")) { words.save }
            }
        }
        return WebResponses.page(html, context: context, status: status)
    }

    /// The confirmation step before a journey is deleted: what goes with it, and the one form that deletes.
    func confirmDelete(_ state: JourneyState) -> HTTPResponse {
        let name = state.template.name.text(context.language)
        let path = "/quest/journeys/\(PercentEncoding.encode(state.journey.id))"
        let html = layout.document(context, title: words.deleteJourney, tab: .quest) {
            el("p") { el("a", .href(path)) { "← " + name } }
            el("h1") { words.deleteJourney }
            el("p", .class("notice error"), Attribute("role", "alert")) { words.deleteJourneyWarning(name, state.journey.nickname) }
            el("p", .class("muted")) { words.progressLine(state) }
            el("form", Attribute("method", "post"), Attribute("action", path + "/delete"), .class("card")) {
                context.csrfField
                el("button", .type("submit"), .class("danger wide")) { words.deleteJourneyForGood }
            }
            el("p") { el("a", .class("button secondary"), .href(path)) { words.keepJourney } }
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
            el("p") { el("a", .href("/quest/journeys/\(PercentEncoding.encode(state.journey.id))/delete")) { words.deleteJourney } }
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
