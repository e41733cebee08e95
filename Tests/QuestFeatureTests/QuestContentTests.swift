import Foundation
import Testing
import Domain
import Data

@Suite("The quest content in Resources/Quests")
struct QuestContentTests {
    let content: QuestContent

    init() throws {
        content = try FileQuestContentSource(directory: QuestResources.directory).content()
    }

    @Test func bothJourneysHaveFiveStagesOfSixQuestsWithUniqueIDs() throws {
        #expect(content.journeys.count == 2)
        var allIDs = Set<String>()
        for style in QuestStyle.allCases {
            let journey = try #require(content.journey(style))
            #expect(journey.stages.count == 5)
            #expect(journey.stages.allSatisfy { $0.quests.count == 6 })
            #expect(journey.quests.map(\.number) == Array(1...30))
            for quest in journey.quests {
                #expect(allIDs.insert(quest.id).inserted, "duplicate \(quest.id)")
                #expect(quest.id.hasPrefix(style.rawValue + "-"))
            }
        }
        #expect(allIDs.count == 60)
    }

    @Test func everyTextIsWrittenInBothLanguages() throws {
        for journey in content.journeys {
            for stage in journey.stages {
                for text in [stage.name, stage.purpose] + stage.quests.flatMap({ [$0.title, $0.prompt, $0.tip] }) {
                    #expect(!text.en.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
                    #expect(!text.ko.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
                    #expect(text.ko.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "not Korean: \(text.ko)")
                    #expect(text.en != text.ko)
                }
            }
        }
        #expect(Set(content.bori.feelings.keys) == Set(Feeling.allCases.map(\.rawValue)))
        #expect((1...5).allSatisfy { !(content.bori.stageMessages[String($0)] ?? []).isEmpty })
    }

    @Test func questionQuestsAskAQuestion() throws {
        let journey = try #require(content.journey(.question))
        for quest in journey.quests {
            #expect(quest.prompt.en.contains("?"), "question \(quest.id) asks no question: \(quest.prompt.en)")
        }
    }

    @Test func somewhereTheTipsPointToRealHelp() {
        let tips = content.journeys.flatMap(\.quests).map(\.tip.ko).joined() + content.bori.help.ko
        #expect(tips.contains("109") || tips.contains("1577-0199"))
    }

    @Test func brokenContentIsRefusedClearly() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tend-quests-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"journeys": []}"#.utf8).write(to: folder.appendingPathComponent("journeys.json"))
        let source = FileQuestContentSource(directory: folder.path)
        #expect(throws: (any Error).self) { try source.content() }
    }
}
