import Core
import Domain

/// The quest screens' words, in the seed's Korean (ByeBoo): 보리, 이별 극복 여정, 질문형/행동형
/// 퀘스트, 감정 직면/감정 정리, 5단계, '새로운 이별 극복 여정 시작하기', '완료한 여정 돌아보기'.
extension WebWords {
    var quest: String { t("Quest", "퀘스트") }
    var questJourney: String { t("Your journey", "이별 극복 여정") }
    var meetBori: String { t("Meet Bori", "보리를 만나요") }
    var nickname: String { t("What should Bori call you?", "보리가 뭐라고 부르면 좋을까요?") }
    var feelingNow: String { t("How do you feel right now?", "지금 기분은 어때요?") }
    var questStyle: String { t("Which quests suit you?", "어떤 퀘스트가 좋아요?") }
    var pace: String { t("A new quest every", "새 퀘스트가 열리는 간격") }
    func paceDays(_ days: Int) -> String { ko ? (days == 1 ? "하루마다" : "\(days)일마다") : (days == 1 ? "day" : "\(days) days") }
    var startJourney: String { t("Start the journey", "여정 시작하기") }

    func feelingName(_ feeling: Feeling) -> String {
        switch feeling {
        case .sad: t("sad", "슬픔")
        case .angry: t("angry", "화남")
        case .empty: t("empty", "공허함")
        case .anxious: t("anxious", "불안")
        case .regretful: t("regretful", "후회")
        case .confused: t("confused", "혼란")
        case .relieved: t("relieved", "홀가분함")
        }
    }

    /// `질문형 퀘스트 · 감정 직면`: the seed's two quest styles and their journeys.
    func styleName(_ style: QuestStyle) -> String {
        switch style {
        case .question: t("📝 Question quests — write your way through", "📝 질문형 퀘스트 — 글로 마주하기")
        case .action: t("🧗 Action quests — move your way through", "🧗 행동형 퀘스트 — 몸으로 정리하기")
        }
    }

    func feltName(_ felt: QuestFelt) -> String {
        switch felt {
        case .better: t("lighter", "나아졌어요")
        case .same: t("about the same", "비슷해요")
        case .harder: t("heavier", "힘들었어요")
        }
    }

    var bori: String { t("Bori", "보리") }
    var todaysQuest: String { t("Today's quest", "오늘의 퀘스트") }
    var progress: String { t("Progress", "진행 상황") }
    func stageOf(_ number: Int) -> String { ko ? "\(number)단계" : "Stage \(number)" }
    func questOf(_ number: Int) -> String { ko ? "퀘스트 \(number)/\(QuestContent.questCount)" : "Quest \(number)/\(QuestContent.questCount)" }
    func progressLine(_ state: JourneyState) -> String {
        ko ? "\(state.stage)/5단계 · 완료 \(state.completed)개 · 여정 \(state.daysOnJourney)일째"
            : "Stage \(state.stage)/5 · \(state.completed) done · day \(state.daysOnJourney)"
    }
    func percentDone(_ percent: Int) -> String { ko ? "\(percent)% 완료" : "\(percent)% done" }
    var yourAnswer: String { t("Your answer", "나의 답") }
    var answerHint: String { t("At least 10 characters. Take your time; only you can read it.", "10자 이상 써 주세요. 천천히 써도 괜찮아요. 나만 볼 수 있어요.") }
    var saveAnswer: String { t("Finish today's quest", "오늘의 퀘스트 완료") }
    var reflection: String { t("How did it go? (optional)", "해 보니 어땠나요? (선택)") }
    var howItFelt: String { t("Afterwards I feel", "하고 나니") }
    var markQuestDone: String { t("I did it", "했어요") }
    var questDone: String { t("✓ Done", "✓ 완료") }
    var questLocked: String { t("Not open yet", "아직 열리지 않았어요") }
    func nextOpens(_ text: String) -> String { ko ? "다음 퀘스트: \(text)" : "Next quest opens: \(text)" }
    var editAnswer: String { t("Edit what I wrote", "쓴 글 고치기") }
    var editReflection: String { t("Edit my reflection", "소감 고치기") }
    var answerSaved: String { t("✓ Saved. See you tomorrow.", "✓ 저장했어요. 내일 또 만나요.") }
    var editSaved: String { t("✓ Saved your changes.", "✓ 고친 내용을 저장했어요.") }
    var back: String { t("Back", "돌아가기") }
    var journeyComplete: String { t("Journey complete", "여정 완료") }
    var startNewJourney: String { t("Start a new journey", "새로운 이별 극복 여정 시작하기") }
    var lookBack: String { t("Look back at finished journeys", "완료한 여정 돌아보기") }
    var journeys: String { t("Journeys", "여정") }
    var noJourneys: String { t("No journeys yet.", "아직 여정이 없어요.") }
    var questReminder: String { t("Quest reminder", "퀘스트 알림") }
    var reminderTime: String { t("Remind me every day at", "매일 알림 시각") }
    var reminderHint: String {
        t("When today's quest is still open, Bori reminds you then (on the channels of your notifications).",
          "오늘의 퀘스트가 남아 있으면 이 시각에 보리가 알려 드려요 (알림 채널로).")
    }
    var reminderOn: String { t("Remind me of the day's quest", "오늘의 퀘스트 알림 받기") }
    var reminderSaved: String { t("✓ Saved the reminder time.", "✓ 알림 시각을 저장했어요.") }
    var deleteJourney: String { t("Delete this journey", "이 여정 지우기") }
    func deleteJourneyWarning(_ name: String, _ nickname: String) -> String {
        ko ? "\(nickname)의 '\(name)' 여정과 그 안에 쓴 모든 글이 지워져요. 되돌릴 수 없어요."
            : "The journey '\(name)' of \(nickname) and everything written in it will be deleted. This cannot be undone."
    }
    var deleteJourneyForGood: String { t("Delete the journey and its answers", "여정과 쓴 글 모두 지우기") }
    var keepJourney: String { t("Keep it", "지우지 않기") }
    var journeyDeleted: String { t("✓ Deleted the journey.", "✓ 여정을 지웠어요.") }
    var inProgress: String { t("in progress", "진행 중") }
    var finished: String { t("finished", "완료") }
    func startedOn(_ text: String) -> String { ko ? "\(text) 시작" : "started \(text)" }
    func doneCount(_ state: JourneyState) -> String { ko ? "\(state.completed)/\(state.total) 완료" : "\(state.completed)/\(state.total) done" }
    var notWrittenYet: String { t("not done", "아직 안 했어요") }
}
