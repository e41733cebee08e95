import FoundationEssentials
import Core
import Domain

/// The insulin screens' words. The untouched default names read as the seed's 지효성/속효성.
extension WebWords {
    func name(_ kind: InsulinKind, _ settings: InsulinSettings) -> String {
        guard ko, settings.hasDefaultName(kind) else { return settings.name(of: kind) }
        return kind == .long ? "지효성" : "속효성"
    }

    var logLong: String { t("Log long-acting", "지효성 기록") }
    var logRapid: String { t("Log rapid-acting", "속효성 기록") }
    var change: String { t("Change units or time", "단위·시각 바꾸기") }
    var units: String { t("Units", "단위") }
    var time: String { t("Time (empty: now)", "시각 (비우면 지금)") }
    var note: String { t("Note", "메모") }
    var kind: String { t("Kind", "종류") }
    var status: String { t("Status", "상태") }
    var recent: String { t("Recent doses", "최근 기록") }
    var allDoses: String { t("All doses of the month", "이달의 모든 기록") }
    var noDoses: String { t("No doses logged yet.", "아직 투여 기록이 없어요.") }
    var edit: String { t("Edit", "고치기") }
    var delete: String { t("Delete", "지우기") }
    var editDose: String { t("Edit the dose", "투여 기록 고치기") }
    var deleted: String { t("Deleted.", "지웠어요.") }
    var logAnyway: String { t("Log it anyway", "그래도 기록하기") }
    var saveAnyway: String { t("Save it anyway", "그래도 저장하기") }
    var cancel: String { t("Cancel", "취소") }
    var refusedTitle: String { t("Already logged?", "이미 기록했어요") }
    var rapidPattern: String { t("Rapid-acting pattern", "속효성 패턴") }
    var openChart: String { t("The month as a chart", "한 달 차트") }
    var previousMonth: String { t("Previous month", "이전 달") }
    var nextMonth: String { t("Next month", "다음 달") }

    func logged(_ kind: String, units: Double, at time: LocalTime) -> String {
        ko ? "✓ \(kind) \(formatUnits(units))단위 · \(time)에 맞았어요" : "✓ \(kind) \(formatUnits(units)) u · taken at \(time)"
    }

    func edited() -> String { t("✓ Saved the dose.", "✓ 고쳤어요.") }

    /// Why the guard refused, with the other dose's time, as the CLI's Korean catalog says it.
    func refusal(kind: InsulinKind, other: Dose, settings: InsulinSettings, today: LocalDate) -> String {
        let zone = settings.timeZone
        let wall = zone.wallClock(of: other.takenAt)
        let time = LocalTime(minutes: wall.secondOfDay / 60)!
        let when = wall.date == today ? (ko ? "오늘 \(time)" : "today at \(time)") : (ko ? "\(date(wall.date)) \(time)" : "\(date(wall.date)) at \(time)")
        let name = self.name(kind, settings)
        if kind == .long {
            let hours = formatUnits(Double(settings.longGuardMinutes) / 60)
            return ko ? "\(when)에 \(name) \(formatUnits(other.units))단위를 이미 기록했어요 (간격이 \(hours)시간보다 짧아요). 두 번 맞는 게 맞나요?"
                : "\(name) \(formatUnits(other.units)) u was already logged \(when) (less than \(hours) h apart). Is this really a second dose?"
        }
        return ko ? "\(when)에 같은 \(formatUnits(other.units))단위의 \(name)을 이미 기록했어요 (\(settings.rapidWindowMinutes)분 안). 두 번 누른 건 아닌가요?"
            : "The same \(formatUnits(other.units)) u of \(name) was logged \(when) (within \(settings.rapidWindowMinutes) min). A double tap?"
    }

    // Status lines (the card of `tend insulin status`, with the same facts).
    func longTaken(_ name: String, at time: LocalTime, units: Double) -> String {
        ko ? "\(name): ✓ \(time)에 맞았어요 (\(formatUnits(units))단위)" : "\(name): ✓ taken at \(time) (\(formatUnits(units)) u)"
    }

    func longNotYet(_ name: String, due: Bool, reminder: LocalTime) -> String {
        if ko { return "\(name): ✗ 아직 안 맞았어요" + (due ? " — \(reminder)부터 맞을 시간이에요" : " (알림 \(reminder))") }
        return "\(name): ✗ not taken yet" + (due ? " — due since \(reminder)" : " (reminder \(reminder))")
    }

    func lastDose(_ text: String, units: Double) -> String {
        ko ? "마지막 투여 \(text) (\(formatUnits(units))단위)" : "last \(text) (\(formatUnits(units)) u)"
    }

    func guardUntil(_ text: String) -> String { ko ? "중복 투여 방지는 \(text)까지예요" : "the double-dose guard holds until \(text)" }

    func rapidLast(_ name: String, _ text: String, units: Double, count: Int, total: Double) -> String {
        var line = ko ? "\(name): 마지막 \(text) (\(formatUnits(units))단위)" : "\(name): last at \(text) (\(formatUnits(units)) u)"
        if count > 0 { line += ko ? " · 오늘 \(count)번, \(formatUnits(total))단위" : " · \(count) today, \(formatUnits(total)) u" }
        return line
    }

    func rapidNone(_ name: String) -> String { ko ? "\(name): 아직 기록이 없어요" : "\(name): none logged yet" }

    // The calendar's figures (the seed's 투여일, 복약률, 평균 투여 시각, 연속 기록).
    var doseDays: String { t("Long-acting days", "투여일") }
    var adherence: String { t("Adherence", "복약률") }
    var averageTime: String { t("Average time", "평균 투여 시각") }
    var streak: String { t("Streak", "연속 기록") }
    var longestStreak: String { t("Longest streak", "최장 연속") }
    var rapidAverage: String { t("Rapid average", "속효성 평균") }
    func days(_ count: Int) -> String { ko ? "\(count)일" : "\(count) \(count == 1 ? "day" : "days")" }
    func legend() -> [String] {
        ko ? ["● 지효성 맞음", "◌ 놓침", "• 속효성", "□ 오늘"] : ["● long-acting taken", "◌ missed", "• rapid-acting", "□ today"]
    }
}
