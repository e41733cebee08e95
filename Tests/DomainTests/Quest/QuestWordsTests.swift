import Core
import Domain
import Foundation
import Testing

@Suite("Quest words: feelings, how a quest felt, the language")
struct QuestWordsTests {
    @Test("Feeling(word:) takes the English words", arguments: Feeling.allCases)
    func feelingEnglish(_ feeling: Feeling) {
        #expect(Feeling(word: feeling.rawValue) == feeling)
        #expect(Feeling(word: "  " + feeling.rawValue.uppercased() + "\n") == feeling)
    }

    @Test("Feeling(word:) takes Korean words", arguments: [
        ("슬픔", Feeling.sad), ("슬퍼요", .sad), ("화남", .angry), ("분노", .angry), ("공허함", .empty),
        ("불안", .anxious), ("불안해요", .anxious), ("후회", .regretful), ("미련", .regretful),
        ("혼란", .confused), ("혼란스러워요", .confused), ("홀가분함", .relieved), ("후련해요", .relieved),
    ])
    func feelingKorean(_ word: String, _ feeling: Feeling) {
        #expect(Feeling(word: word) == feeling)
        #expect(Feeling(word: " \(word) ") == feeling)
    }

    @Test("every feeling has a Korean name that reads back as itself", arguments: Feeling.allCases)
    func feelingKoreanName(_ feeling: Feeling) {
        #expect(Feeling(word: feeling.korean) == feeling)
        #expect(feeling.korean.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) })
    }

    @Test("Feeling(word:) refuses other words", arguments: ["bored", "", "   ", "happy", "기쁨", "sadness", "sad angry"])
    func feelingRefused(_ word: String) {
        #expect(Feeling(word: word) == nil)
    }

    @Test("QuestFelt(word:) takes English and Korean", arguments: [
        ("better", QuestFelt.better), ("SAME", .same), (" harder ", .harder),
        ("나아짐", .better), ("가벼워요", .better), ("비슷함", .same), ("그대로", .same), ("힘듦", .harder), ("힘들었어요", .harder),
    ])
    func feltAccepted(_ word: String, _ felt: QuestFelt) {
        #expect(QuestFelt(word: word) == felt)
    }

    @Test("QuestFelt(word:) refuses other words", arguments: ["sideways", "", "worse", "좋음", "good"])
    func feltRefused(_ word: String) {
        #expect(QuestFelt(word: word) == nil)
    }

    @Test("the option wins over the environment")
    func optionWins() {
        #expect(Language.resolve(option: "ko", environment: ["LANG": "en_US.UTF-8"]) == .ko)
        #expect(Language.resolve(option: "en", environment: ["LANG": "ko_KR.UTF-8", "LC_ALL": "ko_KR.UTF-8"]) == .en)
        #expect(Language.resolve(option: "KO", environment: [:]) == .ko)
    }

    @Test("an invalid option is nil, whatever the environment")
    func invalidOption() {
        #expect(Language.resolve(option: "fr", environment: ["LANG": "ko_KR.UTF-8"]) == nil)
        #expect(Language.resolve(option: "", environment: [:]) == nil)
        #expect(Language.resolve(option: "korean", environment: [:]) == nil)
    }

    @Test("LANG=ko_KR.UTF-8 means Korean; LC_ALL wins over LANG; else English")
    func environment() {
        #expect(Language.resolve(option: nil, environment: ["LANG": "ko_KR.UTF-8"]) == .ko)
        #expect(Language.resolve(option: nil, environment: ["LANG": "ko"]) == .ko)
        #expect(Language.resolve(option: nil, environment: ["LANG": "en_US.UTF-8"]) == .en)
        #expect(Language.resolve(option: nil, environment: ["LC_ALL": "en_US.UTF-8", "LANG": "ko_KR.UTF-8"]) == .en)
        #expect(Language.resolve(option: nil, environment: ["LC_ALL": "ko_KR.UTF-8", "LANG": "en_US.UTF-8"]) == .ko)
        #expect(Language.resolve(option: nil, environment: ["LC_ALL": "C", "LANG": "ko_KR.UTF-8"]) == .en)
        #expect(Language.resolve(option: nil, environment: ["LC_ALL": "", "LANG": "ko_KR.UTF-8"]) == .ko)
        #expect(Language.resolve(option: nil, environment: [:]) == .en)
        #expect(Language.resolve(option: nil, environment: ["LANG": "C.UTF-8"]) == .en)
    }

    @Test("placeholders are filled in the chosen language")
    func localizedTextPlaceholders() {
        let text = LocalizedText(en: "Hi {nickname}, day {days}", ko: "{nickname}님, {days}일째")
        #expect(text.text(.en, ["nickname": "Mina", "days": "3"]) == "Hi Mina, day 3")
        #expect(text.text(.ko, ["nickname": "미나", "days": "3"]) == "미나님, 3일째")
        #expect(text.text(.en, [:]) == "Hi {nickname}, day {days}")
    }

    @Test("the other style of each style")
    func otherStyle() {
        #expect(QuestStyle.question.other == .action)
        #expect(QuestStyle.action.other == .question)
    }
}
