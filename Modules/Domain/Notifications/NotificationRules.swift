import FoundationEssentials
import Core

/// What each rule wants queued for an owner right now: the occasions that should exist, each
/// with its due time, title and text. The outbox is brought in line with it on every change.
/// The text goes to phones and webhooks as it is, so it names no `tend` command; the desktop of
/// `tend remind run` adds one (`CommandHints.reminders`, wired in `Composition`).
public struct NotificationRules: Sendable {
    /// The second insulin reminder comes this long after the first.
    public static let insulinFollowUp: TimeInterval = 60 * 60
    /// A supplement slot is reminded this long after its time.
    public static let supplementDelay: TimeInterval = 30 * 60
    /// Meeting reminders come at this local time on D-1 and D-day.
    public static let meetingMorning = LocalTime(hour: 9, minute: 0)!

    let insulin: InsulinUseCases
    let quests: QuestUseCases
    let supplements: SupplementUseCases

    public init(insulin: InsulinUseCases, quests: QuestUseCases, supplements: SupplementUseCases) {
        self.insulin = insulin
        self.quests = quests
        self.supplements = supplements
    }

    /// An occasion a rule wants queued.
    public struct Wanted: Sendable, Equatable {
        public let occasion: String
        public let dueAt: Date
        public let title: String
        public let body: String
        public let priority: Int
        public let tags: [String]
    }

    /// The occasions of `rule` that should be pending for `ownerID` at `now`: today's and the
    /// next day's, so that a chain of reminders never breaks.
    public func wanted(_ rule: NotificationRule, ownerID: String, now: Date) throws -> [Wanted] {
        try plan(rule, ownerID: ownerID, now: now).wanted
    }

    /// What a rule decided, and for which days: an occasion of another day (yesterday's
    /// reminder held past midnight by quiet hours) is not the rule's to cancel.
    public struct Plan: Sendable {
        public let wanted: [Wanted]
        public let days: Set<String>

        public func decides(_ occasion: String) -> Bool {
            Plan.day(of: occasion).map(days.contains) ?? true
        }

        /// The day in an occasion key ("quest:2026-11-30", "insulin:2026-11-30:1").
        static func day(of occasion: String) -> String? {
            let parts = occasion.split(separator: ":")
            return parts.count >= 2 ? String(parts[1]) : nil
        }
    }

    public func plan(_ rule: NotificationRule, ownerID: String, now: Date) throws -> Plan {
        let wanted: [Wanted]
        let first: LocalDate
        switch rule {
        case .insulin:
            let status = try insulin.status(ownerID: ownerID)
            wanted = try insulinReminders(status)
            first = status.insulinDay
        case .quest:
            wanted = try questReminders(ownerID: ownerID, now: now)
            first = TimeZone(stored: quests.timeZone(ownerID)).localDate(of: now)
        case .supplement:
            wanted = try supplementReminders(ownerID: ownerID, now: now)
            first = supplements.zone(ownerID).localDate(of: now)
        case .couple, .test:
            return Plan(wanted: [], days: [])
        }
        return Plan(wanted: wanted, days: [first.description, first.adding(days: 1).description])
    }

    /// No long-acting dose in the insulin day by the reminder time → a reminder, then one more
    /// an hour later. For the day after too (it is cancelled when that day's dose comes).
    func insulinReminders(ownerID: String, now: Date) throws -> [Wanted] {
        try insulinReminders(try insulin.status(ownerID: ownerID))
    }

    func insulinReminders(_ status: InsulinStatus) throws -> [Wanted] {
        // Someone who never logged a dose does not use the insulin log.
        guard status.lastLong != nil || status.lastRapid != nil else { return [] }
        let settings = status.settings
        let days = settings.insulinDays
        let name = settings.longName
        var wanted: [Wanted] = []
        for day in [status.insulinDay, status.insulinDay.adding(days: 1)] {
            if day == status.insulinDay && status.isLongTaken { continue }
            let date = settings.reminder < settings.dayStart ? day.adding(days: 1) : day
            let first = days.timeZone.instant(of: date, minutes: settings.reminder.minutes)
            wanted.append(Wanted(
                occasion: "insulin:\(day):1", dueAt: first, title: "Long-acting insulin",
                body: "Tonight's \(name) (\(formatUnits(settings.longUnits)) u) is not logged yet for \(day). Took it? Log it.",
                priority: 4, tags: ["syringe"]))
            wanted.append(Wanted(
                occasion: "insulin:\(day):2", dueAt: first.addingTimeInterval(Self.insulinFollowUp),
                title: "Long-acting insulin: still missing",
                body: "Still no \(name) logged for \(day). If you took it, log it so you are not reminded again.", priority: 5,
                tags: ["syringe", "warning"]))
        }
        return wanted
    }

    /// At the quest reminder time, while today's quest is open and not done.
    func questReminders(ownerID: String, now: Date) throws -> [Wanted] {
        let today: QuestUseCases.Today
        do {
            today = try quests.today(ownerID: ownerID)
        } catch let error as AppError where error.kind == .notFound {
            return [] // no journey
        }
        guard !today.state.isComplete else { return [] }
        let zone = today.state.journey.timeZone
        let settings = try quests.settings(ownerID: ownerID)
        // Switched off: nothing is wanted, so a pending reminder of today or tomorrow is dropped.
        guard settings.reminderEnabled else { return [] }
        let reminder = settings.reminder
        let date = zone.localDate(of: now)
        var wanted: [Wanted] = []
        for (day, open) in [(date, today.status == .open), (date.adding(days: 1), true)] where open {
            wanted.append(Wanted(
                occasion: "quest:\(day)", dueAt: zone.instant(of: day, minutes: reminder.minutes), title: "Today's quest",
                body: day == date ? "\(today.quest.title.en) — open today" : "A new quest is waiting",
                priority: 3, tags: ["seedling"]))
        }
        return wanted
    }

    /// Each scheduled slot not taken 30 minutes after its time, today and tomorrow.
    func supplementReminders(ownerID: String, now: Date) throws -> [Wanted] {
        let checklist = try supplements.today(ownerID: ownerID)
        let zone = supplements.zone(ownerID)
        var wanted: [Wanted] = []
        for item in checklist.items where !item.taken {
            wanted.append(supplementReminder(item.supplement, slot: item.slot, day: checklist.date, zone: zone))
        }
        let tomorrow = checklist.date.adding(days: 1)
        for supplement in try supplements.list(ownerID: ownerID) where supplement.isScheduled(on: tomorrow) {
            for slot in supplement.times { wanted.append(supplementReminder(supplement, slot: slot, day: tomorrow, zone: zone)) }
        }
        return wanted
    }

    private func supplementReminder(_ supplement: Supplement, slot: LocalTime, day: LocalDate, zone: TimeZone) -> Wanted {
        Wanted(occasion: "supplement:\(day):\(supplement.id):\(slot)",
               dueAt: zone.instant(of: day, minutes: slot.minutes).addingTimeInterval(Self.supplementDelay),
               title: "Supplement: \(supplement.name)",
               body: "\(supplement.name) (\(formatUnits(supplement.amount)) \(supplement.unit)) at \(slot) is not checked yet",
               priority: 3, tags: ["pill"])
    }
}
