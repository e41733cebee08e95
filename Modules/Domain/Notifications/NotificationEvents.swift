/// How notification planning hears what other features changed: the one place that says which
/// write moves which reminders.
extension NotificationUseCases {
    /// The rules whose plan an event can change (a dose logged cancels tonight's reminder; a new
    /// time zone moves every reminder).
    public static func rules(affectedBy event: DomainEvent) -> [NotificationRule] {
        switch event {
        case .insulinChanged: [.insulin]
        case .questChanged: [.quest]
        case .supplementsChanged: [.supplement]
        case .profileChanged: [.insulin, .quest, .supplement]
        case .couple: []
        }
    }

    /// Hears every event: re-plans the rules it touches (the scheduler, or the end of a `tend`
    /// command, does the work) and passes couple events on.
    public func hear(_ event: DomainEvent) {
        switch event {
        case .couple(let happened):
            coupleEvent(happened)
        case .insulinChanged(let owner), .questChanged(let owner), .supplementsChanged(let owner), .profileChanged(let owner):
            for rule in Self.rules(affectedBy: event) { requestRefresh(ownerID: owner, rule: rule) }
        }
    }
}
