import Core
import Domain

/// The couple space's words (the seed's Our Bridge: 기분 공유, 다음 만남, 연결된 다리).
extension WebWords {
    var us: String { t("Us", "우리") }
    var notPaired: String {
        t("A quiet shared space for the two of you. One of you makes an invite code; the other enters it.",
          "두 사람만의 조용한 공간이에요. 한 사람이 초대 코드를 만들고, 다른 사람이 그 코드를 입력해요.")
    }
    var makeInvite: String { t("Make an invite code", "초대 코드 만들기") }
    var inviteCode: String { t("Invite code", "초대 코드") }
    func inviteShown(_ code: String) -> String {
        t("Give this code to your partner: \(code). It works once, for 24 hours.", "상대에게 이 코드를 알려 주세요: \(code). 24시간 동안 한 번 쓸 수 있어요.")
    }
    var join: String { t("Join", "연결하기") }
    var bridge: String { t("The bridge", "연결된 다리") }
    var nextMeeting: String { t("Next meeting", "다음 만남") }
    var noMeeting: String { t("No meeting planned yet.", "아직 정한 만남이 없어요.") }
    var timeAndWeather: String { t("Time and weather", "시간·날씨") }
    var moodToday: String { t("Today's mood", "오늘의 기분") }
    var setMood: String { t("Share my mood", "기분 공유하기") }
    var statusLine: String { t("What are you up to? (optional)", "지금 뭐 해요? (선택)") }
    var noMoodYet: String { t("no mood shared yet", "아직 기분을 공유하지 않았어요") }
    var day: String { t("day", "낮") }
    var night: String { t("night", "밤") }
    var disconnect: String { t("Disconnect", "연결 끊기") }
    var disconnectWarning: String {
        t("Disconnecting ends the shared space for both of you. Each keeps only what they wrote, for 30 days.",
          "연결을 끊으면 두 사람의 공간이 닫혀요. 각자 자기가 쓴 것만 30일 동안 볼 수 있어요.")
    }
    var disconnectConfirm: String { t("Yes, disconnect us", "네, 연결을 끊을게요") }
    func points(_ score: Int) -> String { ko ? "\(score)점 / 100점" : "\(score) of 100" }

    func moodName(_ mood: Mood) -> String {
        switch mood {
        case .happy: t("happy", "행복해요")
        case .calm: t("calm", "평온해요")
        case .excited: t("excited", "신나요")
        case .loving: t("loving", "사랑스러워요")
        case .tired: t("tired", "피곤해요")
        case .sad: t("sad", "슬퍼요")
        case .stressed: t("stressed", "스트레스 받아요")
        case .sick: t("sick", "아파요")
        }
    }
}
