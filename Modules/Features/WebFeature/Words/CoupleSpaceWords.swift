import Core
import Domain

/// The words of the couple space's other screens, in the seed's Korean: 오늘의 한 장, 캘린더,
/// 서로 챙김, 다음 만남 (and `tend couple`'s 챙김, 캘린더).
extension WebWords {
    var coupleSections: String { t("The two of you", "우리 둘") }
    var home: String { t("Home", "홈") }
    // The seed's tab names, short enough for three links across a phone.
    var calendarShort: String { t("Calendar", "캘린더") }
    var careShort: String { t("Care", "챙김") }

    // MARK: The photo of the day

    var todaysPhoto: String { t("Photo of the day", "오늘의 한 장") }
    var takePhoto: String { t("Take or choose a photo", "사진 찍기 또는 고르기") }
    var photoHint: String {
        t("One a day; a second one replaces the first. Where it was taken is removed before it is kept. At most 10 MiB.",
          "하루에 한 장이에요. 다시 올리면 바뀌어요. 찍은 장소 정보는 지우고 저장해요. 최대 10 MiB.")
    }
    var caption: String { t("Caption (optional)", "한 줄 설명 (선택)") }
    var sharePhoto: String { t("Share the photo", "사진 나누기") }
    var photoShared: String { t("✓ Shared today's photo.", "✓ 오늘의 한 장을 나눴어요.") }
    var noPhotoYet: String { t("no photo yet today", "아직 오늘의 사진이 없어요") }
    func photoOf(_ name: String) -> String { ko ? "\(name)의 오늘의 한 장" : "\(name)'s photo of the day" }

    // MARK: The next meeting

    var setMeeting: String { t("Set the next meeting", "다음 만남 정하기") }
    var meetingDate: String { t("Date", "날짜") }
    var meetingPlace: String { t("Place (optional)", "장소 (선택)") }
    var meetingSaved: String { t("✓ The next meeting is set.", "✓ 다음 만남을 정했어요.") }

    // MARK: The shared calendar

    var sharedCalendar: String { t("Shared calendar", "공유 캘린더") }
    var noEvents: String { t("Nothing planned this month.", "이번 달에는 일정이 없어요.") }
    var addEvent: String { t("Add an event", "일정 추가") }
    var eventTitle: String { t("Title", "제목") }
    var eventDate: String { t("Date", "날짜") }
    var eventTime: String { t("Time (empty: all day)", "시각 (비우면 하루 종일)") }
    var eventEnd: String { t("Last day (optional, all-day events)", "마지막 날 (선택, 하루 종일 일정)") }
    var repeats: String { t("Repeats", "반복") }
    var whose: String { t("Whose", "누구의 일정") }
    var allDay: String { t("all day", "하루 종일") }
    var eventAdded: String { t("✓ Added to the calendar.", "✓ 캘린더에 추가했어요.") }
    var editEvent: String { t("Edit the event", "일정 수정") }
    var eventSaved: String { t("✓ Saved the event.", "✓ 일정을 수정했어요.") }
    var deleteEvent: String { t("Delete the event", "일정 삭제") }
    var deleteEventHint: String { t("Deleted for both of you.", "두 사람 모두의 캘린더에서 지워져요.") }

    func repeatName(_ recurrence: EventRecurrence?) -> String {
        switch recurrence {
        case nil: t("does not repeat", "반복 안 함")
        case .yearly: t("every year", "매년")
        case .monthly: t("every month", "매월")
        case .weekly: t("every week", "매주")
        }
    }

    func scopeName(_ scope: EventScope) -> String {
        switch scope {
        case .us: t("both of us", "우리 둘")
        case .me: t("mine", "나")
        case .partner: t("my partner's", "상대")
        }
    }

    // MARK: The care list

    var careList: String { t("Care list", "서로 챙김") }
    var careHint: String {
        t("Small things to remember, for yourself or your partner. Either of you can tick one off.",
          "나나 상대를 위해 기억할 작은 일들이에요. 둘 중 누구든 완료할 수 있어요.")
    }
    var noCare: String { t("Nothing on the list yet.", "아직 챙길 일이 없어요.") }
    var careText: String { t("What to remember", "챙길 일") }
    var careFor: String { t("For", "누구를 위해") }
    var careDue: String { t("By (optional)", "언제까지 (선택)") }
    var addCare: String { t("Add to the list", "목록에 추가") }
    var careAdded: String { t("✓ Added to the list.", "✓ 목록에 추가했어요.") }
    var markDone: String { t("Done", "완료") }
    var doneMark: String { t("done", "완료") }
    func forWhom(_ name: String) -> String { ko ? "\(name) 챙기기" : "for \(name)" }
    func due(_ text: String) -> String { ko ? "\(text)까지" : "by \(text)" }
    var forMe: String { t("me", "나") }
    var forPartner: String { t("my partner", "상대") }
}
