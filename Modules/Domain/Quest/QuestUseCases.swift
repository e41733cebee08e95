import FoundationEssentials
import Core

/// The quest journey's rules: onboarding, one quest a day in order, answers and actions,
/// progress, finished journeys, deletion.
public struct QuestUseCases: Sendable {
    /// The shortest answer that counts for a question quest (in characters).
    public static let minimumAnswerLength = 10
    public static let maximumTextLength = 20_000

    let journeys: any JourneyRepository
    let entries: any QuestEntryRepository
    let settingsRepository: any QuestSettingsRepository
    let content: any QuestContentSource
    let transactor: any Transactor
    public let clock: any Clock
    let timeZone: @Sendable (_ ownerID: String) -> String
    let events: any DomainEventSink

    public init(journeys: any JourneyRepository, entries: any QuestEntryRepository, settings: any QuestSettingsRepository,
                content: any QuestContentSource, transactor: any Transactor, clock: any Clock,
                timeZone: @escaping @Sendable (_ ownerID: String) -> String, events: any DomainEventSink) {
        self.events = events
        self.journeys = journeys
        self.entries = entries
        self.settingsRepository = settings
        self.content = content
        self.transactor = transactor
        self.clock = clock
        self.timeZone = timeZone
    }

    public func questContent() throws -> QuestContent { try content.content() }

    // MARK: - Starting

    public struct Start: Sendable {
        public var nickname: String
        public var feeling: Feeling
        public var style: QuestStyle
        public var paceDays: Int

        public init(nickname: String, feeling: Feeling, style: QuestStyle, paceDays: Int = 1) {
            self.nickname = nickname
            self.feeling = feeling
            self.style = style
            self.paceDays = paceDays
        }
    }

    /// Onboarding: the matching journey starts at stage 1, quest 1.
    public func start(ownerID: String, _ start: Start) throws -> JourneyState {
        let nickname = start.nickname.trimmed
        guard (1...30).contains(nickname.count) else {
            throw AppError.invalidInput("the nickname must be 1 to 30 characters", code: "invalid_nickname")
        }
        guard (1...7).contains(start.paceDays) else {
            throw AppError.invalidInput("the pace must be 1 to 7 days per quest", code: "invalid_pace")
        }
        let template = try template(start.style)
        return try transactor.write(publishing: .questChanged(ownerID: ownerID), to: events) {
            if let current = try journeys.journeys(ownerID: ownerID).first, !current.isComplete {
                throw AppError.invalidInput(
                    "a journey is already in progress (\(current.id), started \(current.timeZone.localDate(of: current.startedAt))); "
                        + "finish it or delete it",
                    code: "journey_in_progress").with(["date": "\(current.timeZone.localDate(of: current.startedAt))", "id": current.id])
            }
            let now = clock.now
            let journey = Journey(id: UUIDv7.makeString(at: now), ownerID: ownerID, style: start.style, nickname: nickname,
                                  feeling: start.feeling, paceDays: start.paceDays, timeZoneIdentifier: timeZone(ownerID),
                                  startedAt: now, createdAt: now, updatedAt: now)
            try journeys.insert(journey)
            return JourneyState(journey: journey, template: template, entries: [], now: now)
        }
    }

    /// A new journey after a finished one: the same nickname and feeling, the other style by default.
    public func startNew(ownerID: String, style: QuestStyle?, paceDays: Int? = nil) throws -> JourneyState {
        guard let last = try journeys.journeys(ownerID: ownerID).first else {
            throw AppError.invalidInput("there is no journey yet", code: "no_journey")
        }
        return try start(ownerID: ownerID, Start(nickname: last.nickname, feeling: last.feeling,
                                                 style: style ?? last.style.other, paceDays: paceDays ?? last.paceDays))
    }

    // MARK: - Today

    public struct Today: Sendable, Equatable {
        public let state: JourneyState
        /// The quest to show: the open one, or today's finished one, or the next locked one.
        public let quest: QuestTemplate
        public let status: JourneyState.Status
        public let message: BoriMessage
    }

    public func today(ownerID: String) throws -> Today {
        let state = try currentState(ownerID: ownerID)
        let number = state.completedToday.map { done in state.isCurrentOpen ? state.currentNumber : done.questNumber }
            ?? state.currentNumber
        let quest = try questTemplate(state.template, number)
        let bori = try content.content().bori
        return Today(state: state, quest: quest, status: state.status(of: number),
                     message: BoriMessage.ofTheDay(state, bori: bori))
    }

    /// The journey in progress, or the last finished one until a new one starts.
    public func currentState(ownerID: String) throws -> JourneyState {
        guard let journey = try journeys.journeys(ownerID: ownerID).first else {
            throw AppError.notFound("there is no journey yet", code: "no_journey")
        }
        return try state(of: journey)
    }

    // MARK: - Completing

    /// Completes the open question quest with a written answer.
    public func answer(ownerID: String, text: String, language: Language = .en) throws -> QuestEntry {
        let text = text.trimmed
        try Self.validate(text: text, minimum: Self.minimumAnswerLength)
        return try complete(ownerID: ownerID, style: .question, language: language) { journey, number, now in
            QuestEntry(id: UUIDv7.makeString(at: now), journeyID: journey.id, ownerID: ownerID, questNumber: number,
                       answer: text, reflection: nil, felt: nil, completedAt: now, createdAt: now, updatedAt: now)
        }
    }

    /// Marks the open action quest done, with an optional reflection and how it felt.
    public func done(ownerID: String, reflection: String?, felt: QuestFelt?, language: Language = .en) throws -> QuestEntry {
        let reflection = reflection?.trimmed.nilIfEmpty
        if let reflection { try Self.validate(text: reflection, minimum: 1) }
        return try complete(ownerID: ownerID, style: .action, language: language) { journey, number, now in
            QuestEntry(id: UUIDv7.makeString(at: now), journeyID: journey.id, ownerID: ownerID, questNumber: number,
                       answer: nil, reflection: reflection, felt: felt, completedAt: now, createdAt: now, updatedAt: now)
        }
    }

    private func complete(ownerID: String, style: QuestStyle, language: Language,
                          make: (Journey, Int, Date) -> QuestEntry) throws -> QuestEntry {
        try transactor.write(publishing: .questChanged(ownerID: ownerID), to: events) {
            let state = try currentState(ownerID: ownerID)
            guard !state.isComplete else {
                throw AppError.invalidInput("this journey is complete: start a new one", code: "journey_complete")
            }
            guard state.journey.style == style else {
                let message = style == .question ? "this is an action quest: mark it done" : "this is a question quest: answer it"
                throw AppError.invalidInput(message, code: "wrong_quest_kind").with(key: style == .question ? "action" : "question")
            }
            guard state.isCurrentOpen else {
                let bori = try content.content().bori
                throw AppError(.conflict, code: "quest_not_open",
                               bori.notYet.text(language, BoriMessage.placeholders(state)), details: state.nextOpensAt)
            }
            let now = clock.now
            let entry = make(state.journey, state.currentNumber, now)
            try entries.insert(entry)
            if state.currentNumber == QuestContent.questCount {
                var journey = state.journey
                journey.completedAt = now
                journey.updatedAt = now
                try journeys.update(journey)
            }
            return entry
        }
    }

    /// Changes the answer (question quest) or the reflection (action quest) of a done quest.
    public func edit(ownerID: String, number: Int, text: String) throws -> QuestEntry {
        try Self.validate(number: number)
        return try transactor.write {
            let state = try currentState(ownerID: ownerID)
            guard var entry = state.entry(number) else {
                throw AppError.invalidInput("quest \(number) is not done yet, so there is nothing to edit", code: "quest_not_done")
                    .with(["number": "\(number)"])
            }
            let text = text.trimmed
            if state.journey.style == .question {
                try Self.validate(text: text, minimum: Self.minimumAnswerLength)
                entry.answer = text
            } else {
                if !text.isEmpty { try Self.validate(text: text, minimum: 1) }
                entry.reflection = text.nilIfEmpty
            }
            entry.updatedAt = clock.now
            try entries.update(entry)
            return entry
        }
    }

    public struct QuestView: Sendable, Equatable {
        public let state: JourneyState
        public let quest: QuestTemplate
        public let stage: StageTemplate
        public let status: JourneyState.Status
        public let entry: QuestEntry?
    }

    public func show(ownerID: String, number: Int) throws -> QuestView {
        try Self.validate(number: number)
        let state = try currentState(ownerID: ownerID)
        let quest = try questTemplate(state.template, number)
        guard let stage = state.template.stage(ofQuest: number) else { throw Self.missingContent }
        return QuestView(state: state, quest: quest, stage: stage, status: state.status(of: number), entry: state.entry(number))
    }

    // MARK: - Journeys

    public func allJourneys(ownerID: String) throws -> [JourneyState] {
        try journeys.journeys(ownerID: ownerID).map(state(of:))
    }

    public func review(ownerID: String, journeyID: String) throws -> JourneyState {
        guard let journey = try journeys.journey(id: journeyID.lowercased(), ownerID: ownerID) else {
            throw AppError.notFound("no journey with id \(journeyID)", code: "journey_not_found").with(["id": journeyID])
        }
        return try state(of: journey)
    }

    /// Deletes a journey and its answers.
    public func delete(ownerID: String, journeyID: String) throws {
        try transactor.write(publishing: .questChanged(ownerID: ownerID), to: events) {
            guard var journey = try journeys.journey(id: journeyID.lowercased(), ownerID: ownerID) else {
                throw AppError.notFound("no journey with id \(journeyID)", code: "journey_not_found").with(["id": journeyID])
            }
            let now = clock.now
            try entries.deleteEntries(journeyID: journey.id, at: now)
            journey.deletedAt = now
            journey.updatedAt = now
            try journeys.update(journey)
        }
    }

    // MARK: - Helpers

    private func state(of journey: Journey) throws -> JourneyState {
        JourneyState(journey: journey, template: try template(journey.style), entries: try entries.entries(journeyID: journey.id),
                     now: clock.now)
    }

    private func template(_ style: QuestStyle) throws -> JourneyTemplate {
        guard let template = try content.content().journey(style) else { throw Self.missingContent }
        return template
    }

    private func questTemplate(_ template: JourneyTemplate, _ number: Int) throws -> QuestTemplate {
        guard let quest = template.quest(number: number) else { throw Self.missingContent }
        return quest
    }

    static let missingContent = AppError.unavailable("the quest content is missing or incomplete", code: "content_missing")

    static func validate(number: Int) throws {
        guard (1...QuestContent.questCount).contains(number) else {
            throw AppError.invalidInput("a quest number is 1 to \(QuestContent.questCount) (got \(number))", code: "invalid_quest_number")
                .with(["number": "\(number)", "max": "\(QuestContent.questCount)"])
        }
    }

    static func validate(text: String, minimum: Int) throws {
        guard text.count >= minimum else {
            throw AppError.invalidInput(
                minimum > 1 ? "the answer is too short: write at least \(minimum) characters (take your time)" : "the text is empty",
                code: "answer_too_short").with(key: minimum > 1 ? "minimum" : "empty", ["minimum": "\(minimum)"])
        }
        guard text.count <= maximumTextLength else {
            throw AppError.invalidInput("the text is too long (at most \(maximumTextLength) characters)", code: "answer_too_long")
                .with(["max": "\(maximumTextLength)"])
        }
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
