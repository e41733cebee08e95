/// How a person feels at the start of a journey; Korean words are accepted too.
public enum Feeling: String, Sendable, Codable, CaseIterable {
    case sad, angry, empty, anxious, regretful, confused, relieved

    public init?(word: String) {
        let word = word.trimmed.lowercased()
        if let feeling = Feeling(rawValue: word) {
            self = feeling
            return
        }
        guard let match = Feeling.allCases.first(where: { $0.koreanWords.contains(word) }) else { return nil }
        self = match
    }

    public var korean: String { koreanWords[0] }

    var koreanWords: [String] {
        switch self {
        case .sad: ["슬픔", "슬퍼요", "슬프다", "슬픈"]
        case .angry: ["화남", "화나요", "분노", "화난"]
        case .empty: ["공허함", "공허해요", "허무함", "공허"]
        case .anxious: ["불안", "불안해요", "불안함"]
        case .regretful: ["후회", "후회돼요", "후회됨", "미련"]
        case .confused: ["혼란", "혼란스러워요", "혼란스러움"]
        case .relieved: ["홀가분함", "후련함", "홀가분해요", "후련해요", "안도"]
        }
    }
}

/// How an action quest felt afterwards.
public enum QuestFelt: String, Sendable, Codable, CaseIterable {
    case better, same, harder

    public init?(word: String) {
        let word = word.trimmed.lowercased()
        if let felt = QuestFelt(rawValue: word) {
            self = felt
            return
        }
        switch word {
        case "나아짐", "나아졌어요", "가벼워요", "가벼움": self = .better
        case "비슷함", "비슷해요", "그대로": self = .same
        case "힘듦", "힘들었어요", "무거워요": self = .harder
        default: return nil
        }
    }
}

import Core
