import Core
import Domain
import Foundation
import Testing

func contractJourney(_ id: String, owner: String = "ana", style: QuestStyle = .question, at offset: Int64 = 0) -> Journey {
    Journey(id: id, ownerID: owner, style: style, nickname: "Mina", feeling: .sad, paceDays: 1, timeZoneIdentifier: "Asia/Seoul",
            startedAt: Contract.at(offset), createdAt: Contract.at(offset), updatedAt: Contract.at(offset))
}

func contractEntry(_ id: String, journey: String, number: Int, owner: String = "ana", answer: String? = "an answer",
                   reflection: String? = nil, felt: QuestFelt? = nil) -> QuestEntry {
    let offset = Int64(number) * Contract.day
    return QuestEntry(id: id, journeyID: journey, ownerID: owner, questNumber: number, answer: answer, reflection: reflection,
                      felt: felt, completedAt: Contract.at(offset), createdAt: Contract.at(offset + 1), updatedAt: Contract.at(offset + 2))
}

@Suite("Contract: JourneyRepository")
struct JourneyRepositoryContract {
    @Test("every field round-trips; an update saves what can change", arguments: Backend.allCases)
    func roundTripAndUpdate(_ backend: Backend) throws {
        let stores = try Stores(backend)
        var journey = Journey(id: "j", ownerID: "ana", style: .action, nickname: "민아", feeling: .anxious, paceDays: 2,
                              timeZoneIdentifier: "Europe/Berlin", startedAt: Contract.at(0), createdAt: Contract.at(1),
                              updatedAt: Contract.at(2))
        try stores.journeys.insert(journey)
        #expect(try stores.journeys.journey(id: "j", ownerID: "ana") == journey)

        journey.nickname = "Mina"
        journey.feeling = .relieved
        journey.paceDays = 3
        journey.completedAt = Contract.at(30 * Contract.day)
        journey.updatedAt = Contract.at(30 * Contract.day + 7)
        try stores.journeys.update(journey)
        #expect(try stores.journeys.journey(id: "j", ownerID: "ana") == journey)
        #expect(try stores.journeys.journeys(ownerID: "ana") == [journey])

        let forged = Journey(id: "j", ownerID: "eve", style: .action, nickname: "Eve", feeling: .angry, paceDays: 1,
                             timeZoneIdentifier: "UTC", startedAt: Contract.t0, createdAt: Contract.t0, updatedAt: Contract.t0)
        try? stores.journeys.update(forged)
        #expect(try stores.journeys.journey(id: "j", ownerID: "ana") == journey)
    }

    @Test("journeys are the owner's live ones, newest first; a deleted one is gone", arguments: Backend.allCases)
    func listing(_ backend: Backend) throws {
        let stores = try Stores(backend)
        try stores.journeys.insert(contractJourney("old", at: 0))
        try stores.journeys.insert(contractJourney("new", at: 40 * Contract.day))
        try stores.journeys.insert(contractJourney("theirs", owner: "ben", at: 10 * Contract.day))
        var deleted = contractJourney("deleted", at: 20 * Contract.day)
        try stores.journeys.insert(deleted)
        deleted.deletedAt = Contract.at(21 * Contract.day)
        try stores.journeys.update(deleted)

        #expect(try stores.journeys.journeys(ownerID: "ana").map(\.id) == ["new", "old"])
        #expect(try stores.journeys.journeys(ownerID: "ben").map(\.id) == ["theirs"])
        #expect(try stores.journeys.journey(id: "deleted", ownerID: "ana") == nil)
        #expect(try stores.journeys.journey(id: "theirs", ownerID: "ana") == nil)
        #expect(try stores.journeys.journeys(ownerID: "nobody").isEmpty)
    }
}

@Suite("Contract: QuestEntryRepository")
struct QuestEntryRepositoryContract {
    @Test("entries round-trip, by quest number, per journey", arguments: Backend.allCases)
    func roundTrip(_ backend: Backend) throws {
        let stores = try Stores(backend)
        try stores.journeys.insert(contractJourney("j"))
        try stores.journeys.insert(contractJourney("k", at: Contract.hour))
        let second = contractEntry("e2", journey: "j", number: 2, answer: nil, reflection: "walked by the river", felt: .better)
        let first = contractEntry("e1", journey: "j", number: 1, answer: "나는 괜찮아", reflection: nil, felt: nil)
        let other = contractEntry("k1", journey: "k", number: 1)
        for entry in [second, first, other] { try stores.questEntries.insert(entry) }

        #expect(try stores.questEntries.entries(journeyID: "j") == [first, second])
        #expect(try stores.questEntries.entries(journeyID: "k") == [other])
        #expect(try stores.questEntries.entries(journeyID: "none").isEmpty)
    }

    @Test("an update saves the texts and the feeling", arguments: Backend.allCases)
    func update(_ backend: Backend) throws {
        let stores = try Stores(backend)
        try stores.journeys.insert(contractJourney("j"))
        var entry = contractEntry("e1", journey: "j", number: 1, answer: "first", reflection: "r", felt: .same)
        try stores.questEntries.insert(entry)
        entry.answer = "second thoughts"
        entry.reflection = nil
        entry.felt = .harder
        entry.updatedAt = Contract.at(5 * Contract.day)
        try stores.questEntries.update(entry)
        #expect(try stores.questEntries.entries(journeyID: "j") == [entry])
    }

    @Test("deleting a journey's entries hides them (a tombstone stays for sync) and leaves other journeys alone",
          arguments: Backend.allCases)
    func deleteEntries(_ backend: Backend) throws {
        let stores = try Stores(backend)
        try stores.journeys.insert(contractJourney("j"))
        try stores.journeys.insert(contractJourney("k", at: Contract.hour))
        try stores.questEntries.insert(contractEntry("e1", journey: "j", number: 1))
        try stores.questEntries.insert(contractEntry("e2", journey: "j", number: 2))
        let kept = contractEntry("k1", journey: "k", number: 1)
        try stores.questEntries.insert(kept)

        try stores.questEntries.deleteEntries(journeyID: "j", at: Contract.at(9 * Contract.day))
        #expect(try stores.questEntries.entries(journeyID: "j").isEmpty)
        #expect(try stores.questEntries.entries(journeyID: "k") == [kept])
        // Deleting again is harmless.
        try stores.questEntries.deleteEntries(journeyID: "j", at: Contract.at(10 * Contract.day))
        #expect(try stores.questEntries.entries(journeyID: "j").isEmpty)
    }
}

@Suite("Contract: QuestSettingsRepository")
struct QuestSettingsRepositoryContract {
    @Test("one owner's reminder: saved, changed in place, other owners apart", arguments: Backend.allCases)
    func saveAndUpdate(_ backend: Backend) throws {
        let stores = try Stores(backend)
        #expect(try stores.questSettings.settings(ownerID: "ana") == nil)
        var settings = QuestSettings(id: "s", ownerID: "ana", reminder: Contract.time("21:00"), createdAt: Contract.at(0),
                                     updatedAt: Contract.at(1))
        try stores.questSettings.save(settings)
        #expect(try stores.questSettings.settings(ownerID: "ana") == settings)
        settings.reminder = Contract.time("07:05")
        settings.updatedAt = Contract.at(Contract.minute)
        try stores.questSettings.save(settings)
        #expect(try stores.questSettings.settings(ownerID: "ana") == settings)

        let theirs = QuestSettings(id: "t", ownerID: "ben", reminder: Contract.time("00:00"), createdAt: Contract.at(2),
                                   updatedAt: Contract.at(2))
        try stores.questSettings.save(theirs)
        #expect(try stores.questSettings.settings(ownerID: "ben") == theirs)
        #expect(try stores.questSettings.settings(ownerID: "ana") == settings)
    }

    @Test("the reminder's switch: on by default, off and on again in place, the time kept", arguments: Backend.allCases)
    func reminderSwitch(_ backend: Backend) throws {
        let stores = try Stores(backend)
        var settings = QuestSettings(id: "s", ownerID: "ana", reminder: Contract.time("22:10"), createdAt: Contract.at(0),
                                     updatedAt: Contract.at(1))
        #expect(settings.reminderEnabled)
        try stores.questSettings.save(settings)
        #expect(try stores.questSettings.settings(ownerID: "ana")?.reminderEnabled == true)
        settings.reminderEnabled = false
        settings.updatedAt = Contract.at(Contract.minute)
        try stores.questSettings.save(settings)
        #expect(try stores.questSettings.settings(ownerID: "ana") == settings)
        settings.reminderEnabled = true
        try stores.questSettings.save(settings)
        #expect(try stores.questSettings.settings(ownerID: "ana") == settings)
        #expect(try stores.questSettings.settings(ownerID: "ana")?.reminder == Contract.time("22:10"))
    }
}
