import Core
import Domain

/// The web app's words in English and Korean. Korean follows the seeds and the CLI (해요체;
/// 지효성/속효성, 투여, 기록, 복약률; times `22:14`, dates `11월 30일`).
public struct WebWords: Sendable {
    public let ko: Bool

    public init(_ language: Language) { ko = language == .ko }

    func t(_ en: String, _ korean: String) -> String { ko ? korean : en }

    // MARK: Shell

    var appName: String { "Tend" }
    var today: String { t("Today", "오늘") }
    var insulin: String { t("Insulin", "인슐린") }
    var calendar: String { t("Calendar", "달력") }
    var account: String { t("Account", "계정") }
    var mainNavigation: String { t("Main", "주 메뉴") }
    var switchLanguage: String { t("한국어", "English") }
    var switchLanguageLabel: String { t("한국어로 보기", "View in English") }
    var skipToContent: String { t("Skip to content", "본문으로 건너뛰기") }

    // MARK: Accounts

    var logIn: String { t("Log in", "로그인") }
    var logOut: String { t("Log out", "로그아웃") }
    var signUp: String { t("Sign up", "가입하기") }
    var email: String { t("Email", "이메일") }
    var password: String { t("Password", "비밀번호") }
    var passwordHint: String { t("At least 10 characters.", "10자 이상으로 써 주세요.") }
    var displayName: String { t("Your name", "이름") }
    var timeZone: String { t("Time zone", "시간대") }
    var timeZoneHint: String { t("Such as Asia/Seoul or Europe/Berlin.", "Asia/Seoul이나 Europe/Berlin 같은 이름이에요.") }
    var noAccountYet: String { t("New here?", "처음이신가요?") }
    var haveAccount: String { t("Already have an account?", "이미 계정이 있나요?") }
    var welcome: String { t("Care for yourself, one tap at a time.", "한 번의 탭으로 나를 돌봐요.") }
    var save: String { t("Save", "저장") }
    var saved: String { t("Saved.", "저장했어요.") }
    var profile: String { t("Profile", "프로필") }
    var sessions: String { t("Sessions and tokens", "로그인된 기기와 토큰") }
    var sessionsHint: String {
        t("Browsers logged in to your account and the API tokens of tend and scripts. Revoke what you do not recognise.",
          "이 계정에 로그인한 브라우저와 tend·스크립트의 API 토큰이에요. 모르는 것은 끊어 주세요.")
    }
    var browserSession: String { t("Browser", "브라우저") }
    var apiToken: String { t("API token", "API 토큰") }
    var thisBrowser: String { t("this browser", "지금 이 브라우저") }
    var revoke: String { t("Revoke", "끊기") }
    var revoked: String { t("Revoked.", "끊었어요.") }
    func since(_ text: String) -> String { t("since \(text)", "\(text)부터") }
    var formExpired: String {
        t("This form had expired or came from another site. Please try again.",
          "양식이 만료됐거나 다른 사이트에서 왔어요. 다시 시도해 주세요.")
    }
    var wrongLogin: String { t("The email or the password is wrong.", "이메일이나 비밀번호가 틀렸어요.") }
    func tooManyAttempts(_ seconds: Int) -> String {
        t("Too many failed logins for this email. Try again in \(seconds) s.",
          "이 이메일로 로그인에 여러 번 실패했어요. \(seconds)초 뒤에 다시 시도해 주세요.")
    }
    var notFound: String { t("There is nothing here.", "여기에는 아무것도 없어요.") }
    var somethingWrong: String { t("Something went wrong. Please try again.", "문제가 생겼어요. 다시 시도해 주세요.") }

    // MARK: Dates

    static let koreanWeekdays = ["월", "화", "수", "목", "금", "토", "일"]
    static let englishWeekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let englishMonths = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                                "October", "November", "December"]

    func weekdays() -> [String] { ko ? Self.koreanWeekdays : Self.englishWeekdays }

    /// `11월 30일 (월)` / `Mon 30 November`.
    func date(_ date: LocalDate) -> String {
        ko ? "\(date.month)월 \(date.day)일 (\(Self.koreanWeekdays[date.isoWeekday - 1]))"
            : "\(Self.englishWeekdays[date.isoWeekday - 1]) \(date.day) \(Self.englishMonths[date.month - 1])"
    }

    /// `2026년 11월` / `November 2026`.
    func month(_ month: YearMonth) -> String {
        ko ? "\(month.year)년 \(month.month)월" : "\(Self.englishMonths[month.month - 1]) \(month.year)"
    }

    func units(_ value: Double) -> String { ko ? "\(formatUnits(value))단위" : "\(formatUnits(value)) u" }
}
