import FoundationEssentials
import Core
import Domain
import HTTP

/// `/couple/care`: the care list (서로 챙김) — open items by due date, then the done ones;
/// adding one for oneself or the partner, ticking one off (either member), deleting one —
/// `tend couple care` and `/v1/couple/care`.
struct CoupleCareController: Sendable {
    let couples: CoupleUseCases
    let message: @Sendable (AppError, Language) -> String
    let routes: WebRouteMaker
    let layout: Layout

    func make() -> [Route] {
        [
            routes.get("/couple/care") { context in
                let done = context.request.query["done"]
                return try page(context, notice: done == "added" ? context.words.careAdded : done == "deleted" ? context.words.deleted : nil)
            },
            routes.post("/couple/care") { context, form in
                do {
                    let scope = EventScope(rawValue: form.text("for") ?? "partner")
                    guard let scope, scope != .us else { throw AppError.invalidInput("for must be me or partner", code: "invalid_for") }
                    let due: LocalDate? = try form.text("due").map { text in
                        guard let day = LocalDate(text) else {
                            throw AppError.invalidInput("due must be YYYY-MM-DD (got '\(text)')", code: "invalid_date")
                        }
                        return day
                    }
                    _ = try couples.addCare(accountID: context.account!.id, text: form["text"] ?? "", for: scope, due: due)
                } catch let error as AppError where error.kind == .invalidInput {
                    return try page(context, error: message(error, context.language), values: form, status: 400)
                }
                return WebResponses.redirect("/couple/care?done=added", context: context)
            },
            routes.post("/couple/care/{id}/done") { context, _ in
                _ = try couples.completeCare(accountID: context.account!.id, id: context.request.pathParameters["id"] ?? "")
                return WebResponses.redirect("/couple/care", context: context)
            },
            routes.post("/couple/care/{id}/delete") { context, _ in
                try couples.deleteCare(accountID: context.account!.id, id: context.request.pathParameters["id"] ?? "")
                return WebResponses.redirect("/couple/care?done=deleted", context: context)
            },
        ]
    }

    func page(_ context: WebContext, notice: String? = nil, error: String? = nil, values: FormBody? = nil,
              status: Int = 200) throws -> HTTPResponse {
        let id = context.account!.id
        let items: [CareItem]
        let members: CoupleUseCases.Members
        do {
            items = try couples.careList(accountID: id)
            members = try couples.members(accountID: id)
        } catch let error as AppError where error.code == "not_paired" {
            return WebResponses.redirect("/couple", context: context)
        }
        let names = Dictionary(uniqueKeysWithValues: members.accounts.map { ($0.id, $0.displayName) })
        let words = context.words
        let html = layout.document(context, title: words.careList, tab: .couple) {
            el("h1") { words.careList }
            CoupleSpacePages.sections(context, current: .care)
            Notices.status(notice)
            Notices.alert(error)
            el("p", .class("muted")) { words.careHint }
            el("section", .class("card"), .aria(label: words.careList)) {
                if items.isEmpty { el("p", .class("muted")) { words.noCare } }
                el("ul", .class("plain care")) {
                    for item in items { row(context, item, names: names) }
                }
            }
            addForm(context, values: values, today: couples.today(of: id))
        }
        return WebResponses.page(html, context: context, status: status)
    }

    private func row(_ context: WebContext, _ item: CareItem, names: [String: String]) -> Node {
        let words = context.words
        let details = [words.forWhom(names[item.forAccountID] ?? "?"), item.due.map { words.due(words.date($0)) },
                       item.isDone ? "✓ " + words.doneMark + (item.doneBy.flatMap { names[$0] }.map { " · \($0)" } ?? "") : nil]
        return el("li", .class(item.isDone ? "done" : "open")) {
            el("div") {
                if item.isDone { el("s") { item.text } } else { el("strong") { item.text } }
                el("br")
                el("span", .class("muted small")) { details.compactMap { $0 }.joined(separator: " · ") }
            }
            el("div", .class("actions")) {
                if !item.isDone {
                    el("form", Attribute("method", "post"), Attribute("action", "/couple/care/\(PercentEncoding.encode(item.id))/done")) {
                        context.csrfField
                        el("button", .type("submit"), .aria(label: "\(words.markDone): \(item.text)")) { words.markDone }
                    }
                }
                el("form", Attribute("method", "post"), Attribute("action", "/couple/care/\(PercentEncoding.encode(item.id))/delete")) {
                    context.csrfField
                    el("button", .type("submit"), .class("danger"), .aria(label: "\(words.delete): \(item.text)")) { words.delete }
                }
            }
        }
    }

    private func addForm(_ context: WebContext, values: FormBody?, today: LocalDate) -> Node {
        let words = context.words
        return el("form", Attribute("method", "post"), Attribute("action", "/couple/care"), .class("card")) {
            el("h2") { words.addCare }
            context.csrfField
            Tags.field(words.careText, name: "text", value: values?["text"],
                       extra: [.required, Attribute("maxlength", "\(CoupleUseCases.maximumCareLength)")])
            Tags.select(words.careFor, name: "for", options: [("partner", words.forPartner), ("me", words.forMe)],
                        selected: values?.text("for") ?? "partner")
            Tags.field(words.careDue, name: "due", type: "date", value: values?.text("due"), extra: [Attribute("min", today.description)])
            el("button", .type("submit"), .class("wide")) { words.addCare }
        }
    }
}
