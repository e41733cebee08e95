import Core
@testable import Domain
import Foundation
import Synchronization
import Testing

// MARK: - A clock the test moves

/// A clock that tests move forward (or set) between use case calls.
final class QuestClock: Clock {
    private let current: Mutex<Date>

    init(_ start: Date) { current = Mutex(start) }

    var now: Date { current.withLock { $0 } }

    func advance(days: Int = 0, hours: Double = 0, minutes: Double = 0) {
        current.withLock { $0 = $0.addingTimeInterval(Double(days) * 86_400 + hours * 3600 + minutes * 60) }
    }

    func set(_ date: Date) { current.withLock { $0 = date } }
}

// MARK: - Quest tables, as the tests read them

extension FakeDatabase {
    var allJourneys: [Journey] { read { $0.journeys.values }.sorted { $0.startedAt < $1.startedAt } }
    var storedEntries: [StoredQuestEntry] {
        read { $0.questEntries.values }.sorted { ($0.entry.journeyID, $0.entry.questNumber) < ($1.entry.journeyID, $1.entry.questNumber) }
    }
    func journey(_ id: String) -> Journey? { read { $0.journeys[id] } }
    /// The owner's quest settings, as the repository reads them.
    func storedQuestSettings(_ ownerID: String) -> QuestSettings? { read { FakeQuestSettingsRepository.settings(ownerID, in: $0) } }
    /// Journeys whose entries were wiped, in order.
    var wipedJourneys: [String] { logged(.questEntriesDelete, as: String.self) }
}

// MARK: - JourneyRepository

final class FakeJourneyRepository: JourneyRepository {
    let memory: FakeDatabase

    init(memory: FakeDatabase) { self.memory = memory }

    func insert(_ journey: Journey) throws {
        try memory.write(.journeyInsert, journey) { try $0.journeys.insert(journey, key: journey.id, call: .journeyInsert) }
    }

    /// Only the owner's journey changes.
    func update(_ journey: Journey) throws {
        try memory.write(.journeyUpdate, journey) { tables in
            guard tables.journeys[journey.id]?.ownerID == journey.ownerID else {
                throw FakeFailure(.journeyUpdate, "no journey \(journey.id) of \(journey.ownerID)")
            }
            tables.journeys[journey.id] = journey
        }
    }

    func journey(id: String, ownerID: String) throws -> Journey? {
        memory.read { tables in tables.journeys[id].flatMap { $0.ownerID == ownerID && $0.deletedAt == nil ? $0 : nil } }
    }

    func journeys(ownerID: String) throws -> [Journey] {
        memory.read { tables in
            tables.journeys.values
                .filter { $0.ownerID == ownerID && $0.deletedAt == nil }
                .sorted { ($0.startedAt, $0.id) > ($1.startedAt, $1.id) }
        }
    }
}

// MARK: - QuestEntryRepository

/// Completed quests; deleting wipes the texts and leaves a tombstone, like the SQLite table.
final class FakeQuestEntryRepository: QuestEntryRepository {
    let memory: FakeDatabase

    init(memory: FakeDatabase) { self.memory = memory }

    func insert(_ entry: QuestEntry) throws {
        try memory.write(.questEntryInsert, entry) {
            try $0.questEntries.insert(StoredQuestEntry(entry: entry, deletedAt: nil), key: entry.id, call: .questEntryInsert)
        }
    }

    /// Saves the texts and the feeling of a live entry.
    func update(_ entry: QuestEntry) throws {
        try memory.write(.questEntryUpdate, entry) { tables in
            try tables.questEntries.update(key: entry.id, call: .questEntryUpdate) { stored in
                guard stored.deletedAt == nil else { throw FakeFailure(.questEntryUpdate, "entry \(entry.id) is deleted") }
                stored.entry.answer = entry.answer
                stored.entry.reflection = entry.reflection
                stored.entry.felt = entry.felt
                stored.entry.updatedAt = entry.updatedAt
            }
        }
    }

    func entries(journeyID: String) throws -> [QuestEntry] {
        memory.read { tables in
            tables.questEntries.values
                .filter { $0.entry.journeyID == journeyID && $0.deletedAt == nil }
                .map(\.entry)
                .sorted { $0.questNumber < $1.questNumber }
        }
    }

    func deleteEntries(journeyID: String, at date: Date) throws {
        try memory.write(.questEntriesDelete, journeyID) { tables in
            for stored in tables.questEntries.values where stored.entry.journeyID == journeyID {
                var entry = stored.entry
                entry.answer = nil
                entry.reflection = nil
                entry.felt = nil
                entry.updatedAt = date
                tables.questEntries[entry.id] = StoredQuestEntry(entry: entry, deletedAt: date)
            }
        }
    }
}

// MARK: - QuestSettingsRepository

/// Rows by id, like the SQLite table: an owner's settings are their earliest row.
final class FakeQuestSettingsRepository: QuestSettingsRepository {
    let memory: FakeDatabase

    init(memory: FakeDatabase) { self.memory = memory }

    static func settings(_ ownerID: String, in tables: FakeTables) -> QuestSettings? {
        tables.questSettings.values.filter { $0.ownerID == ownerID }.min { $0.createdAt < $1.createdAt }
    }

    func settings(ownerID: String) throws -> QuestSettings? {
        memory.read { Self.settings(ownerID, in: $0) }
    }

    func save(_ settings: QuestSettings) throws {
        try memory.write(.questSettingsSave, settings) { tables in
            if let stored = tables.questSettings[settings.id], stored.ownerID != settings.ownerID {
                throw FakeFailure(.questSettingsSave, "settings \(settings.id) belong to \(stored.ownerID)")
            }
            tables.questSettings[settings.id] = settings
        }
    }
}

// MARK: - Content written in code

/// A small, valid quest content: two journeys of 5 stages × 6 quests with short texts, and
/// Bori's lines with markers and placeholders that tests can recognise.
enum TestQuestContent {
    static func text(_ en: String, _ ko: String) -> LocalizedText { LocalizedText(en: en, ko: ko) }

    static func journey(_ style: QuestStyle) -> JourneyTemplate {
        let stages = (1...QuestContent.stageCount).map { stage in
            StageTemplate(
                number: stage,
                name: text("\(style.rawValue) stage \(stage)", "\(style.rawValue) \(stage)단계"),
                purpose: text("purpose \(stage)", "목적 \(stage)"),
                quests: (1...QuestContent.questsPerStage).map { index in
                    let number = (stage - 1) * QuestContent.questsPerStage + index
                    return QuestTemplate(
                        id: "\(style.rawValue)-\(number)", number: number,
                        title: text("\(style.rawValue) title \(number)", "\(style.rawValue) 제목 \(number)"),
                        prompt: text("prompt \(number)?", "질문 \(number)?"),
                        tip: text("tip \(number)", "팁 \(number)"))
                })
        }
        return JourneyTemplate(
            style: style,
            name: text(style == .question ? "Facing" : "Sorting", style == .question ? "직면" : "정리"),
            description: text("about \(style.rawValue)", "\(style.rawValue) 소개"),
            stages: stages)
    }

    static let stageVariantCount = 3

    static let bori = BoriLines(
        onboarding: [text("Hi, I'm Bori.", "안녕, 보리예요.")],
        feelings: Dictionary(uniqueKeysWithValues: Feeling.allCases.map {
            ($0.rawValue, text("[feeling \($0.rawValue)]", "[감정 \($0.korean)]"))
        }),
        stageMessages: Dictionary(uniqueKeysWithValues: (1...QuestContent.stageCount).map { stage in
            (String(stage), (0..<stageVariantCount).map { text("[stage \(stage) variant \($0)]", "[\(stage)단계 \($0)번]") })
        }),
        progressMessages: .init(
            firstDay: text("[first day] Hello {nickname}, day {days}.", "[첫날] {nickname}님, {days}일째."),
            returning: text("[returning] Welcome back, {nickname}.", "[복귀] {nickname}님, 반가워요."),
            doneForToday: text("[done for today] Next at {time}.", "[오늘 완료] 다음은 {time}."),
            halfway: text("[halfway] {percent}% walked.", "[절반] {percent}% 왔어요."),
            lastStage: text("[last stage]", "[마지막 단계]"),
            lastQuest: text("[last quest]", "[마지막 퀘스트]")),
        completion: [text("[complete] {nickname}, {days} days.", "[완료] {nickname}님, {days}일."), text("[thanks]", "[고마워요]")],
        notYet: text("[not yet] The next quest opens at {time}.", "[아직] 다음 퀘스트는 {time}에 열려요."),
        help: text("[help]", "[도움]"))

    static let content = QuestContent(journeys: [journey(.question), journey(.action)], bori: bori)
}

final class FakeQuestContentSource: QuestContentSource {
    let value: QuestContent

    init(_ value: QuestContent = TestQuestContent.content) { self.value = value }

    func content() throws -> QuestContent { value }
}

// MARK: - A world to run the quest use cases in

/// The fakes wired together around a clock the test moves.
struct QuestWorld {
    /// What the use cases published.
    let events = RecordedEvents()
    let store = FakeDatabase()
    let clock: QuestClock
    let journeys: FakeJourneyRepository
    let entries: FakeQuestEntryRepository
    let settingsRepository: FakeQuestSettingsRepository
    let transactor: FakeTransactor
    let quests: QuestUseCases
    let owner = "owner-a"

    init(start: Date, timeZone: String = "Asia/Seoul") {
        clock = QuestClock(start)
        journeys = FakeJourneyRepository(memory: store)
        entries = FakeQuestEntryRepository(memory: store)
        settingsRepository = FakeQuestSettingsRepository(memory: store)
        transactor = FakeTransactor(memory: store)
        quests = QuestUseCases(journeys: journeys, entries: entries, settings: settingsRepository,
                               content: FakeQuestContentSource(), transactor: transactor, clock: clock,
                               timeZone: { _ in timeZone }, events: events)
    }

    @discardableResult
    func start(_ style: QuestStyle = .question, nickname: String = "Mina", feeling: Feeling = .sad,
               paceDays: Int = 1, owner: String? = nil) throws -> JourneyState {
        try quests.start(ownerID: owner ?? self.owner, .init(nickname: nickname, feeling: feeling, style: style, paceDays: paceDays))
    }

    /// Completes the open quest, whatever the journey's style.
    @discardableResult
    func complete(_ text: String = "An honest answer, written slowly.") throws -> QuestEntry {
        let state = try quests.currentState(ownerID: owner)
        return state.journey.style == .question
            ? try quests.answer(ownerID: owner, text: text)
            : try quests.done(ownerID: owner, reflection: text, felt: .better)
    }

    /// Completes `count` quests, one a day: completes, then moves the clock a day on.
    func walk(_ count: Int) throws {
        for _ in 0..<count {
            try complete()
            clock.advance(days: 1)
        }
    }
}

// MARK: - Helpers

/// The `AppError` a call throws (a failed expectation, and nil, when it throws none or another error).
func questError(sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) -> AppError? {
    do {
        try body()
        Issue.record("expected an AppError, but the call succeeded", sourceLocation: sourceLocation)
        return nil
    } catch let error as AppError {
        return error
    } catch {
        Issue.record("expected an AppError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

// MARK: - Self-checks of the fakes

@Suite("Quest fakes")
struct QuestFakeTests {
    @Test("the test content is valid: 2 journeys of 5 stages × 6 quests, numbered 1…30")
    func contentIsValid() throws {
        let content = TestQuestContent.content
        for style in QuestStyle.allCases {
            let journey = try #require(content.journey(style))
            #expect(journey.stages.count == 5)
            #expect(journey.quests.map(\.number) == Array(1...30))
            #expect(journey.stage(ofQuest: 7)?.number == 2)
        }
        #expect(Set(content.bori.feelings.keys) == Set(Feeling.allCases.map(\.rawValue)))
    }

    @Test("the transactor restores journeys, entries and settings when the body throws")
    func transactorRollsBack() throws {
        let world = QuestWorld(start: seoul("2026-11-02 20:00"))
        try world.start()
        let before = world.store.allJourneys
        #expect(throws: FakeFailure.self) {
            try world.transactor.write {
                var journey = before[0]
                journey.nickname = "Changed"
                try world.journeys.update(journey)
                #expect(world.store.allJourneys[0].nickname == "Changed")
                throw FakeFailure(reason: "boom")
            }
        }
        #expect(world.store.allJourneys == before)
        #expect(world.store.rollbacks == 1)
    }

    @Test("reads leave out deleted journeys and other owners' journeys, newest first")
    func readsFilter() throws {
        let world = QuestWorld(start: seoul("2026-11-02 20:00"))
        let first = try world.start().journey
        try world.start(owner: "someone-else")
        #expect(try world.journeys.journeys(ownerID: world.owner).map(\.id) == [first.id])
        #expect(try world.journeys.journey(id: first.id, ownerID: "someone-else") == nil)
    }
}
