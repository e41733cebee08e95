import FoundationEssentials
import Core
import Domain

/// The quest screens: Bori's story and the three onboarding questions; then the home of the
/// journey — Bori's word of the day, the 5 stages and the progress, and today's quest with its
/// form (an answer to write, or an action to mark done with how it felt).
struct QuestPages {
    let context: WebContext

    var words: WebWords { context.words }
    var language: Language { context.language }

    func onboarding(_ content: QuestContent, values: FormBody?) -> [Node] {
        [
            el("h1") { words.meetBori },
            el("section", .class("card bori"), .aria(label: words.bori)) {
                for line in content.bori.onboarding { el("p") { line.text(language) } }
            },
            el("form", Attribute("method", "post"), Attribute("action", "/quest/start"), .class("card")) {
                context.csrfField
                Tags.field(words.nickname, name: "nickname", value: values?["nickname"],
                           extra: [.required, Attribute("maxlength", "30"), Attribute("autocomplete", "nickname")])
                el("fieldset", .class("choices two")) {
                    el("legend") { words.feelingNow }
                    for feeling in Feeling.allCases {
                        choice(name: "feeling", value: feeling.rawValue, label: words.feelingName(feeling),
                               checked: values?["feeling"] == feeling.rawValue)
                    }
                }
                el("fieldset", .class("choices")) {
                    el("legend") { words.questStyle }
                    for journey in content.journeys {
                        el("label", .class("choice wide")) {
                            el("input", attributes: [.type("radio"), .name("style"), .value(journey.style.rawValue), .required,
                                                     values?["style"] == journey.style.rawValue ? .checked : nil])
                            el("span") {
                                el("strong") { words.styleName(journey.style) }
                                el("br")
                                el("span", .class("small muted")) { "\(journey.name.text(language)) · \(journey.description.text(language))" }
                            }
                        }
                    }
                }
                Tags.select(words.pace, name: "pace_days", options: (1...7).map { (String($0), words.paceDays($0)) },
                            selected: values?.text("pace_days") ?? "1")
                el("button", .type("submit"), .class("wide")) { words.startJourney }
            },
            el("p", .class("muted small")) { content.bori.help.text(language) },
        ]
    }

    private func choice(name: String, value: String, label: String, checked: Bool) -> Node {
        el("label", .class("choice")) {
            el("input", attributes: [.type("radio"), .name(name), .value(value), .required, checked ? .checked : nil])
            el("span") { label }
        }
    }

    func today(_ today: QuestUseCases.Today, values: FormBody?) -> [Node] {
        let state = today.state
        return [
            el("h1") { state.template.name.text(language) },
            el("section", .class("card bori"), .aria(label: words.bori)) {
                el("p") { el("span", Attribute("aria-hidden", "true")) { "🐾 " }; today.message.text(language) }
            },
            state.isComplete ? completion(state) : questCard(today.quest, state: state, status: today.status, values: values),
            progress(state),
            el("p") { el("a", .class("more"), .href("/quest/journeys")) { words.lookBack } },
        ]
    }

    func progress(_ state: JourneyState) -> Node {
        el("section", .class("card"), Attribute("aria-labelledby", "progress-title")) {
            el("h2", .id("progress-title")) { words.progress }
            el("progress", Attribute("max", String(state.total)), .value(String(state.completed)), .aria(label: words.percentDone(state.percent))) {
                words.percentDone(state.percent)
            }
            el("p", .class("small")) { el("strong") { words.percentDone(state.percent) }; " · " + words.progressLine(state) }
            el("ol", .class("stages")) {
                for stage in state.template.stages {
                    let done = stage.quests.allSatisfy { state.entry($0.number) != nil }
                    let current = !state.isComplete && stage.number == state.stage
                    el("li", attributes: [.class(done ? "done" : current ? "current" : "ahead"), current ? Attribute("aria-current", "step") : nil]) {
                        el("span", .class("step"), Attribute("aria-hidden", "true")) { done ? "✓" : String(stage.number) }
                        el("span") {
                            el("strong") { words.stageOf(stage.number) + " · " + stage.name.text(language) }
                            el("br")
                            el("span", .class("small muted")) {
                                let count = stage.quests.filter { state.entry($0.number) != nil }.count
                                "\(count)/\(stage.quests.count) · " + stage.purpose.text(language)
                            }
                        }
                    }
                }
            }
        }
    }

    func heading(_ quest: QuestTemplate, state: JourneyState) -> Node {
        let stage = state.template.stage(ofQuest: quest.number)
        return el("p", .class("muted small")) {
            words.stageOf(stage?.number ?? 0) + (stage.map { " · \($0.name.text(language))" } ?? "") + " · " + words.questOf(quest.number)
        }
    }

    func questCard(_ quest: QuestTemplate, state: JourneyState, status: JourneyState.Status, values: FormBody?) -> Node {
        el("section", .class("card quest"), Attribute("aria-labelledby", "quest-title")) {
            el("h2") { words.todaysQuest }
            heading(quest, state: state)
            el("h3", .id("quest-title")) { quest.title.text(language) }
            el("p") { quest.prompt.text(language) }
            el("p", .class("tip")) { "💡 " + quest.tip.text(language) }
            switch status {
            case .open:
                if state.journey.style == .question { answerForm(values: values) } else { doneForm(values: values) }
            case .done:
                entry(state.entry(quest.number), style: state.journey.style)
                el("a", .class("button secondary"), .href("/quest/\(quest.number)")) {
                    state.journey.style == .question ? words.editAnswer : words.editReflection
                }
                if let opens = state.nextOpensAt { el("p", .class("muted small")) { words.nextOpens(state.journey.timeZone.dateTimeText(of: opens)) } }
            case .locked:
                el("p", .class("muted")) { words.questLocked }
                if let opens = state.nextOpensAt { el("p", .class("muted small")) { words.nextOpens(state.journey.timeZone.dateTimeText(of: opens)) } }
            }
        }
    }

    private func answerForm(values: FormBody?) -> Node {
        el("form", Attribute("method", "post"), Attribute("action", "/quest/answer")) {
            context.csrfField
            el("div", .class("field")) {
                el("label", .for("f-text")) { words.yourAnswer }
                el("textarea", .id("f-text"), .name("text"), Attribute("rows", "7"), .required, Attribute("minlength", "10"),
                   Attribute("maxlength", String(QuestUseCases.maximumTextLength)), Attribute("aria-describedby", "answer-hint")) {
                    values?["text"] ?? ""
                }
                el("p", .class("hint"), .id("answer-hint")) { words.answerHint }
            }
            el("button", .type("submit"), .class("wide")) { words.saveAnswer }
        }
    }

    private func doneForm(values: FormBody?) -> Node {
        el("form", Attribute("method", "post"), Attribute("action", "/quest/done")) {
            context.csrfField
            el("div", .class("field")) {
                el("label", .for("f-reflection")) { words.reflection }
                el("textarea", .id("f-reflection"), .name("reflection"), Attribute("rows", "4"),
                   Attribute("maxlength", String(QuestUseCases.maximumTextLength))) { values?["reflection"] ?? "" }
            }
            el("fieldset", .class("choices three")) {
                el("legend") { words.howItFelt }
                for felt in QuestFelt.allCases {
                    choice(name: "felt", value: felt.rawValue, label: words.feltName(felt), checked: values?["felt"] == felt.rawValue)
                }
            }
            el("button", .type("submit"), .class("wide")) { words.markQuestDone }
        }
    }

    func entry(_ entry: QuestEntry?, style: QuestStyle) -> Node {
        guard let entry else { return el("p", .class("muted small")) { words.notWrittenYet } }
        return el("div", .class("entry")) {
            el("p", .class("done-mark")) { words.questDone + (entry.felt.map { " · \(words.feltName($0))" } ?? "") }
            if let text = entry.answer ?? entry.reflection { el("blockquote") { text } }
        }
    }

    private func completion(_ state: JourneyState) -> Node {
        el("section", .class("card"), Attribute("aria-labelledby", "complete-title")) {
            el("h2", .id("complete-title")) { "🎉 " + words.journeyComplete }
            el("p") { words.progressLine(state) }
            el("form", Attribute("method", "post"), Attribute("action", "/quest/new")) {
                context.csrfField
                Tags.select(words.questStyle, name: "style", options: QuestStyle.allCases.map { ($0.rawValue, words.styleName($0)) },
                            selected: state.journey.style.other.rawValue)
                el("button", .type("submit"), .class("wide")) { words.startNewJourney }
            }
        }
    }

    /// `/quest/7`: a quest of the journey, what was written, and the form that changes it.
    func quest(_ view: QuestUseCases.QuestView, text: String?) -> [Node] {
        let state = view.state
        return [
            el("p") { el("a", .href("/quest")) { "← " + words.back } },
            el("h1") { view.quest.title.text(language) },
            heading(view.quest, state: state),
            el("section", .class("card quest")) {
                el("p") { view.quest.prompt.text(language) }
                el("p", .class("tip")) { "💡 " + view.quest.tip.text(language) }
                entry(view.entry, style: state.journey.style)
            },
            view.entry == nil ? .fragment([]) : el("form", Attribute("method", "post"), Attribute("action", "/quest/\(view.quest.number)"),
                                                   .class("card")) {
                context.csrfField
                el("div", .class("field")) {
                    el("label", .for("f-text")) { state.journey.style == .question ? words.editAnswer : words.editReflection }
                    el("textarea", attributes: [.id("f-text"), .name("text"), Attribute("rows", "8"),
                                                Attribute("maxlength", String(QuestUseCases.maximumTextLength)),
                                                state.journey.style == .question ? .required : nil]) {
                        text ?? view.entry?.answer ?? view.entry?.reflection ?? ""
                    }
                }
                el("button", .type("submit"), .class("wide")) { words.save }
            },
        ]
    }
}
