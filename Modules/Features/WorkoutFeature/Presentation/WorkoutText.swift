import FoundationEssentials
import Core
import Console
import Domain

/// Sessions, records and stats for a person in a terminal.
public enum WorkoutText {
    /// A weight in the display unit: kg, or lb (converted back from the stored kg).
    public static func weight(_ kilograms: Double, unit: String) -> String {
        let value = unit == "lb" ? kilograms / SetParser.poundsToKilograms : kilograms
        let rounded = unit == "lb" ? (value * 10).rounded() / 10 : round2(value)
        return (rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)) + (unit == "lb" ? " lb" : " kg")
    }

    public static func describe(_ set: WorkoutSet, unit: String, language: Language = .en) -> String {
        var parts: [String] = []
        if let kilograms = set.weightKg { parts.append(weight(kilograms, unit: unit)) }
        if let reps = set.reps { parts.append("× \(reps)") }
        if let metres = set.metres { parts.append(metres >= 1000 ? "\(round2(metres / 1000)) km" : "\(Int(metres)) m") }
        if let calories = set.calories { parts.append("\(Int(calories)) cal") }
        if let seconds = set.seconds { parts.append(DurationText.clock(seconds)) }
        if let rpe = set.rpe { parts.append("@\(rpe == rpe.rounded() ? String(Int(rpe)) : String(rpe))") }
        if let rir = set.rir { parts.append("RIR \(rir)") }
        if set.isWarmup { parts.append(language == .ko ? "(웜업)" : "(warm-up)") }
        return parts.joined(separator: " ")
    }

    static func session(_ session: WorkoutSession, zone: TimeZone, unit: String = "kg", language: Language = .en) -> String {
        let words = WorkoutWords(language)
        var lines = ["\(words.kind(session.kind))\(session.title.map { " — \($0)" } ?? "") · \(words.dateTime(session.startedAt, zone: zone))"
            + (session.durationMinutes.map { " · \(words.minutes(Int($0.rounded())))" } ?? "")
            + (session.felt.map { " · \(words.felt) \($0)/5" } ?? "")]
        // Consecutive identical sets fold into one line: "back squat 100 kg × 5 (5 sets)".
        var index = 0
        while index < session.sets.count {
            let set = session.sets[index]
            var count = 1
            while index + count < session.sets.count, sameSet(session.sets[index + count], set) { count += 1 }
            lines.append("  \(set.exercise) \(describe(set, unit: unit, language: language))\(count > 1 ? " (\(words.sets(count)))" : "")")
            index += count
        }
        if let wod = session.wod {
            lines.append("  \(wod.format.title)\(wod.name.map { " \($0)" } ?? ""): \(words.wodSummary(wod))\(wod.rx ? " Rx" : " \(words.scaled)")"
                + (wod.capMinutes.map { " (\(words.cap) \(words.minutes(Int($0))))" } ?? "") + (wod.movements.map { " — \($0)" } ?? ""))
        }
        if let notes = session.notes { lines.append("  \(notes)") }
        return lines.joined(separator: "\n")
    }

    static func sameSet(_ a: WorkoutSet, _ b: WorkoutSet) -> Bool {
        var a = a
        a.order = b.order
        return a == b
    }

    static func list(_ sessions: [WorkoutSession], zone: TimeZone, language: Language = .en) -> String {
        let words = WorkoutWords(language)
        var table = Table(columns: words.listColumns.map { (title: $0, alignment: Table.Alignment.left) })
        let handles = Handle.handles(for: sessions.map(\.id))
        for session in sessions.reversed() {
            let what = session.title ?? Array(Set(session.sets.map(\.exercise))).sorted().joined(separator: ", ")
            table.addRow([words.dateTime(session.startedAt, zone: zone), words.ko ? words.kind(session.kind) : session.kind.rawValue,
                          what.count > 40 ? String(what.prefix(39)) + "…" : what, handles[session.id] ?? session.id])
        }
        return table.render()
    }

    static func records(_ records: [PersonalRecords], unit: String = "kg", language: Language = .en) -> String {
        let kg = { (value: Double) in weight(value, unit: unit) }
        let ko = language == .ko
        var table = Table(columns: [(title: ko ? "운동" : "Exercise", alignment: .left), (title: ko ? "최고 중량" : "Heaviest", alignment: .right),
                                    (title: "e1RM", alignment: .right), (title: "1RM", alignment: .right),
                                    (title: "3RM", alignment: .right), (title: "5RM", alignment: .right),
                                    (title: "10RM", alignment: .right), (title: ko ? "최고 세트" : "Best set", alignment: .right)])
        for record in records {
            table.addRow([record.exercise, record.heaviestKg.map(kg) ?? "—", record.e1rmKg.map(kg) ?? "—"]
                + PersonalRecords.repMaxCounts.map { record.repMaxKg[$0].map(kg) ?? "—" } + [record.bestSetVolumeKg.map(kg) ?? "—"])
        }
        return table.render()
    }

    static func stats(_ stats: TrainingStats, language: Language = .en) -> String {
        let toNext = stats.nextLevelXP - stats.xp
        if language == .ko {
            let words = WorkoutWords(language)
            var lines = [
                "레벨 \(stats.level) · \(stats.xp) XP (레벨 \(stats.level + 1)까지 \(toNext) XP)",
                "\(stats.currentStreakDays)일 연속 (최장 \(stats.longestStreakDays)일) · 이번 주 \(stats.weekDone)/\(stats.weekGoal)회"
                    + (stats.weeksMeetingGoal > 0 ? " · \(stats.weeksMeetingGoal)주 연속 목표 달성" : ""),
                "이번 달 \(words.hours(stats.monthMinutes)) · \(stats.monthSessions)회",
            ]
            if let plan = stats.todayPlan { lines.append("오늘의 플랜: \(plan)") }
            return lines.joined(separator: "\n")
        }
        var lines = [
            "Level \(stats.level) · \(stats.xp) XP (\(toNext) to level \(stats.level + 1))",
            "\(stats.currentStreakDays)-day streak (longest \(stats.longestStreakDays)) · \(stats.weekDone)/\(stats.weekGoal) this week"
                + (stats.weeksMeetingGoal > 0 ? " · \(counted(stats.weeksMeetingGoal, "week")) in a row on goal" : ""),
            "\(hours(stats.monthMinutes)) this month in \(counted(stats.monthSessions, "session"))",
        ]
        if let plan = stats.todayPlan { lines.append("Today's plan: \(plan)") }
        return lines.joined(separator: "\n")
    }

    static func hours(_ minutes: Double) -> String {
        let total = Int(minutes.rounded())
        return total >= 60 ? "\(total / 60) h \(total % 60) min" : "\(total) min"
    }

    /// A month as a grid from Monday, today in brackets, ■ on a day trained, and the totals.
    static func calendar(_ month: YearMonth, minutes: [LocalDate: Double], today: LocalDate, language: Language = .en) -> String {
        let ko = language == .ko
        var lines = ko ? ["\(month.year)년 \(month.month)월", " 월   화   수   목   금   토   일"]
            : ["\(month)", " Mon  Tue  Wed  Thu  Fri  Sat  Sun"]
        var row = String(repeating: "     ", count: month.firstDay.isoWeekday - 1)
        for day in month.days {
            let number = day.day < 10 ? " \(day.day)" : "\(day.day)"
            let mark = minutes[day] != nil ? "■" : " "
            row += day == today ? "[\(number)\(mark)]" : " \(number)\(mark) "
            if day.isoWeekday == 7 { lines.append(trimmedRight(row)); row = "" }
        }
        if !row.isEmpty { lines.append(trimmedRight(row)) }
        let total = minutes.values.reduce(0, +)
        lines.append(ko ? "\n■ 운동한 날 · \(minutes.count)일, \(WorkoutWords(language).hours(total))"
            : "\n■ trained · \(counted(minutes.count, "day")), \(hours(total))")
        return lines.joined(separator: "\n")
    }

    static func trimmedRight(_ text: String) -> String {
        var text = text
        while text.last == " " { text.removeLast() }
        return text
    }

    /// An amount as written: 5, or 2.5.
    static func number(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(round2(value)) }
}

/// The words of `tend workout stats` and `tend supps today` in English and Korean (해요체,
/// times `22:14`, counts as `3회`, `2주`).
struct WorkoutWords {
    let ko: Bool

    init(_ language: Language) { ko = language == .ko }

    /// `1 h 5 min`, `1시간 5분`.
    func hours(_ minutes: Double) -> String {
        guard ko else { return WorkoutText.hours(minutes) }
        let total = Int(minutes.rounded())
        if total < 60 { return "\(total)분" }
        return total % 60 == 0 ? "\(total / 60)시간" : "\(total / 60)시간 \(total % 60)분"
    }

    var nothingScheduled: String { ko ? "오늘 예정된 보충제가 없어요." : "Nothing scheduled today." }

    var overdue: String { ko ? "  (시간이 지났어요)" : "  (overdue)" }

    // A session, as `tend workout log/edit/show` print it.

    func kind(_ kind: WorkoutKind) -> String {
        guard ko else { return kind.title }
        switch kind {
        case .strength: return "근력"
        case .wod: return "WOD"
        case .cardio: return "유산소"
        }
    }

    /// `2026-11-30 07:10`, `11월 30일 07:10`.
    func dateTime(_ instant: Date, zone: TimeZone) -> String {
        guard ko else { return zone.dateTimeText(of: instant) }
        let wall = zone.wallClock(of: instant)
        return "\(wall.date.month)월 \(wall.date.day)일 \(LocalTime(minutes: wall.secondOfDay / 60)!)"
    }

    func minutes(_ count: Int) -> String { ko ? "\(count)분" : "\(count) min" }

    var felt: String { ko ? "컨디션" : "felt" }

    func sets(_ count: Int) -> String { ko ? "\(count)세트" : "\(count) sets" }

    var scaled: String { ko ? "스케일" : "scaled" }

    var cap: String { ko ? "제한" : "cap" }

    func wodSummary(_ wod: WODResult) -> String {
        guard ko else { return wod.summary }
        switch wod.format {
        case .emom, .tabata: return "\(wod.rounds ?? 0)라운드"
        case .amrap, .fortime: return wod.summary
        }
    }

    // `tend workout list`, `prs`, `tend supps list`

    var listColumns: [String] { ko ? ["시각", "종류", "운동", "핸들"] : ["When", "Kind", "What", "Handle"] }

    var noSessions: String {
        ko ? "아직 운동 기록이 없어요: tend workout log \"back squat 100kg 5x5\""
            : "No sessions yet: tend workout log \"back squat 100kg 5x5\""
    }

    var noRecords: String { ko ? "아직 기록이 없어요." : "No records yet." }

    var supplementColumns: [String] { ko ? ["보충제", "양", "시각", "이번 달"] : ["Supplement", "Amount", "When", "This month"] }

    var noSupplements: String {
        ko ? "아직 보충제가 없어요: tend supps add creatine --amount 5 --unit g --at 08:00"
            : "No supplements yet: tend supps add creatine --amount 5 --unit g --at 08:00"
    }

    /// `daily`, `mon,wed`; `매일`, `월,수`.
    func schedule(_ weekdays: [Int]) -> String {
        if weekdays.isEmpty { return ko ? "매일" : "daily" }
        return ko ? weekdays.map { WorkoutWords.koreanWeekdays[$0 - 1] }.joined(separator: ",")
            : SupplementCommands.weekdayNames(weekdays, separator: ",")
    }

    // The lines `tend workout log/edit/delete` add.

    func newRecord(_ exercise: String, _ records: [String]) -> String {
        ko ? "🏆 새 기록: \(exercise) (\(records.joined(separator: ", ")))"
            : "🏆 new PR: \(exercise) (\(records.joined(separator: ", ")))"
    }

    func earned(_ xp: Int, handle: String) -> String { ko ? "+\(xp) XP · 핸들 \(handle)" : "+\(xp) XP · handle \(handle)" }

    var updated: String { ko ? "✓ 고쳤어요." : "✓ Updated." }

    var deleted: String { ko ? "지웠어요." : "Deleted." }

    // `tend supps take`

    /// `✓ creatine taken (the 08:00 dose)`, `✓ creatine 먹었어요 (08:00 복용분)`.
    func taken(_ name: String, slot: LocalTime?, offSchedule weekdays: [Int]?) -> String {
        if ko {
            let note: String
            if let slot {
                note = " (\(slot) 복용분)"
            } else if let weekdays {
                let days = weekdays.map { WorkoutWords.koreanWeekdays[$0 - 1] }.joined(separator: ", ")
                note = " (오늘은 먹는 요일이 아니에요: \(days). 추가 복용으로 기록했어요)"
            } else {
                note = " (추가 복용)"
            }
            return "✓ \(name) 먹었어요" + note
        }
        let note: String
        if let slot {
            note = " (the \(slot) dose)"
        } else if let weekdays {
            note = " (today is not on its schedule: \(SupplementCommands.weekdayNames(weekdays, separator: ", ")); recorded as an extra)"
        } else {
            note = " (an extra dose)"
        }
        return "✓ \(name) taken" + note
    }

    static let koreanWeekdays = ["월", "화", "수", "목", "금", "토", "일"]
}
