import FoundationEssentials
import Core
import Domain
import HTTP

/// `/today`: the cards of `tend today`, the insulin one with the widget's two buttons, so the
/// dose is one tap from the home screen.
struct TodayPage: Sendable {
    let services: WebServices
    let layout: Layout

    func render(_ context: WebContext) throws -> HTTPResponse {
        let words = context.words
        let account = context.account!
        let owner = account.id
        // The account read for the session names the zone: the cards do not read it again.
        let zone = TimeZone(stored: account.timeZoneIdentifier)
        let status = try services.insulin.status(ownerID: owner)
        let today = zone.localDate(of: services.workouts.clock.now)
        let training = try? services.workouts.stats(ownerID: owner, zone: zone)
        let diet = try? services.nutrition.day(ownerID: owner, date: today)
        let trend = try? services.body.trend(ownerID: owner, zone: zone)
        let html = layout.document(context, title: words.today, tab: .today) {
            el("h1") { words.todayHeader(today) }
            InsulinPages.widget(context, settings: status.settings)
            InsulinPages.statusCard(status, words: words)
            if let training {
                el("section", .class("card"), Attribute("aria-labelledby", "training-title")) {
                    el("h2", .id("training-title")) { words.training }
                    el("p") { words.trainingLine(training) }
                    if let plan = training.todayPlan { el("p", .class("muted")) { words.todaysPlan(plan) } }
                    el("a", .class("more"), .href("/training")) { words.openTraining }
                }
            }
            if let diet {
                el("section", .class("card"), Attribute("aria-labelledby", "diet-title")) {
                    el("h2", .id("diet-title")) { words.diet }
                    el("p") { words.dietLine(diet) }
                    el("p", .class("muted small")) { words.macros(diet) }
                    el("a", .class("more"), .href("/food")) { words.openFood }
                }
            }
            el("section", .class("card"), Attribute("aria-labelledby", "weight-title")) {
                el("h2", .id("weight-title")) { words.weight }
                if let last = trend?.points.last {
                    el("p") { words.weightTrend(last.trend, weeklyChange: trend?.weeklyChange, unit: services.body.unit(ownerID: owner)) }
                } else {
                    el("p", .class("muted")) { words.noWeightYet }
                }
                el("a", .class("more"), .href("/weight")) { words.openWeight }
            }
            questCard(context, owner: owner)
        }
        return WebResponses.page(html, context: context)
    }

    /// Bori's word and today's quest, or an invitation to start the journey.
    private func questCard(_ context: WebContext, owner: String) -> Node {
        let words = context.words
        let today = try? services.quests.today(ownerID: owner)
        return el("section", .class("card"), Attribute("aria-labelledby", "quest-card-title")) {
            el("h2", .id("quest-card-title")) { words.quest }
            if let today {
                el("p") { "🐾 " + today.quest.title.text(context.language) }
                el("p", .class("muted small")) { words.questOf(today.quest.number) + " · " + words.percentDone(today.state.percent) }
            } else {
                el("p", .class("muted")) { words.meetBori }
            }
            el("a", .class("more"), .href("/quest")) { words.todaysQuest }
        }
    }
}
