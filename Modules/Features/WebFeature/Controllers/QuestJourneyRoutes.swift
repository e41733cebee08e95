import FoundationEssentials
import Core
import Domain
import HTTP

/// The quest reminder's time and switch (`tend quest remind --at/--on/--off`, `PUT /v1/quests/reminder`) and deleting
/// a journey with everything written in it (`tend quest delete`, `DELETE /v1/quests/journeys/{id}`),
/// after a page that says what will be lost: a link never deletes, only the form on that page.
extension QuestController {
    /// Literal paths: they go before `/quest/{number}`.
    func journeyRoutes() -> [Route] {
        [
            routes.post("/quest/reminder") { context, form in
                let text = form.text("reminder") ?? ""
                // Without the form's marker (a post from elsewhere) the switch stays as it is.
                let enabled: Bool? = form.text("reminder_switch") == nil ? nil : form.text("reminder_on") != nil
                do {
                    guard let time = LocalTime(text) else {
                        throw AppError.invalidInput("field 'reminder' must be a time as HH:MM", code: "invalid_field")
                            .with(key: "reminder", ["text": text])
                    }
                    _ = try quests.updateReminder(ownerID: context.account!.id, at: time, enabled: enabled)
                } catch let error as AppError where error.kind == .invalidInput {
                    return try journeysPage(context, error: message(error, context.language), reminder: text, reminderOn: enabled,
                                            status: 400)
                }
                return WebResponses.redirect("/quest/journeys?done=reminder", context: context)
            },
            routes.get("/quest/journeys/{id}/delete") { context in
                let state = try quests.review(ownerID: context.account!.id, journeyID: context.request.pathParameters["id"] ?? "")
                return QuestJourneyPages(context: context, layout: layout).confirmDelete(state)
            },
            routes.post("/quest/journeys/{id}/delete") { context, _ in
                try quests.delete(ownerID: context.account!.id, journeyID: context.request.pathParameters["id"] ?? "")
                return WebResponses.redirect("/quest/journeys?done=deleted", context: context)
            },
        ]
    }

    func journeysPage(_ context: WebContext, error: String? = nil, reminder: String? = nil, reminderOn: Bool? = nil,
                      status: Int = 200) throws -> HTTPResponse {
        let notice: String? = switch context.request.query["done"] {
        case "reminder": context.words.reminderSaved
        case "deleted": context.words.journeyDeleted
        default: nil
        }
        return try QuestJourneyPages(context: context, layout: layout)
            .list(quests, notice: error == nil ? notice : nil, error: error, reminder: reminder, reminderOn: reminderOn, status: status)
    }
}
