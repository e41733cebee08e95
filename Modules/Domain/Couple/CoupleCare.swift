import FoundationEssentials
import Core

/// The care list (서로 챙김): small things to remember, for oneself or the partner.
extension CoupleUseCases {
    public func addCare(accountID: String, text rawText: String, for scope: EventScope, due: LocalDate?) throws -> CareItem {
        let text = rawText.trimmed
        guard (1...Self.maximumCareLength).contains(text.count) else {
            throw AppError.invalidInput("text must be 1 to \(Self.maximumCareLength) characters", code: "invalid_text")
        }
        guard scope != .us else { throw AppError.invalidInput("for must be me or partner", code: "invalid_for") }
        if let due { try Self.checkSpan(due, due) }
        let now = clock.now
        return try transactor.write {
            let couple = try activeCouple(accountID: accountID)
            let target = scope == .me ? accountID : (couple.partner(of: accountID) ?? accountID)
            let item = CareItem(id: UUIDv7.makeString(at: now), coupleID: couple.id, authorID: accountID, forAccountID: target,
                                text: text, due: due, createdAt: now, updatedAt: now)
            try couples.save(item)
            return item
        }
    }

    /// Open items first (by due date), then the done ones, newest first.
    public func careList(accountID: String) throws -> [CareItem] {
        let couple = try activeCouple(accountID: accountID)
        let items = try couples.careItems(coupleID: couple.id)
        let open = items.filter { !$0.isDone }.sorted {
            ($0.due ?? LocalDate(dayNumber: .max / 2), $0.createdAt) < ($1.due ?? LocalDate(dayNumber: .max / 2), $1.createdAt)
        }
        let done = items.filter(\.isDone).sorted { ($0.doneAt ?? $0.createdAt) > ($1.doneAt ?? $1.createdAt) }
        return open + done
    }

    /// Completes an item (either member). Completing a done item again changes nothing.
    public func completeCare(accountID: String, id: String) throws -> CareItem {
        let now = clock.now
        let day = today(of: accountID)
        return try transactor.write {
            let couple = try activeCouple(accountID: accountID)
            guard var item = try careItem(coupleID: couple.id, named: id) else { throw Self.careNotFound(id) }
            if item.isDone { return item }
            item.doneBy = accountID
            item.doneAt = now
            item.doneDay = day
            item.updatedAt = now
            try couples.save(item)
            return item
        }.also { item in
            if item.doneBy == accountID, item.doneAt == now, item.forAccountID != accountID {
                events.send(.careCompleted(item, recipientID: item.forAccountID))
            }
            announceBridge(accountID: accountID)
        }
    }

    public func deleteCare(accountID: String, id: String) throws {
        let now = clock.now
        try transactor.write {
            let couple = try activeCouple(accountID: accountID)
            guard var item = try careItem(coupleID: couple.id, named: id) else { throw Self.careNotFound(id) }
            item.deletedAt = now
            item.updatedAt = now
            try couples.save(item)
        }
    }

    /// A care item by its id, its handle or `last`.
    private func careItem(coupleID: String, named input: String) throws -> CareItem? {
        let ids = try couples.careItems(coupleID: coupleID).map(\.id).sorted()
        return try Handle.pick(input, among: ids, noun: "care item").flatMap { try couples.careItem(coupleID: coupleID, id: $0) }
    }

    static func careNotFound(_ id: String) -> AppError { AppError.notFound("no care item \(id)", code: "care_not_found") }
}
