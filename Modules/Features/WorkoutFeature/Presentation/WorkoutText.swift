import FoundationEssentials
import Core
import Console
import Domain

/// Sessions, records and stats for a person in a terminal.
enum WorkoutText {
    /// A weight in the display unit: kg, or lb (converted back from the stored kg).
    static func weight(_ kilograms: Double, unit: String) -> String {
        let value = unit == "lb" ? kilograms / SetParser.poundsToKilograms : kilograms
        let rounded = unit == "lb" ? (value * 10).rounded() / 10 : round2(value)
        return (rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)) + (unit == "lb" ? " lb" : " kg")
    }

    static func describe(_ set: WorkoutSet, unit: String) -> String {
        var parts: [String] = []
        if let kilograms = set.weightKg { parts.append(weight(kilograms, unit: unit)) }
        if let reps = set.reps { parts.append("× \(reps)") }
        if let metres = set.metres { parts.append(metres >= 1000 ? "\(round2(metres / 1000)) km" : "\(Int(metres)) m") }
        if let calories = set.calories { parts.append("\(Int(calories)) cal") }
        if let seconds = set.seconds { parts.append(SetParser.clock(seconds)) }
        if let rpe = set.rpe { parts.append("@\(rpe == rpe.rounded() ? String(Int(rpe)) : String(rpe))") }
        if let rir = set.rir { parts.append("RIR \(rir)") }
        if set.isWarmup { parts.append("(warm-up)") }
        return parts.joined(separator: " ")
    }

    static func session(_ session: WorkoutSession, zone: TimeZone, unit: String = "kg") -> String {
        var lines = ["\(session.kind.title)\(session.title.map { " — \($0)" } ?? "") · \(zone.dateTimeText(of: session.startedAt))"
            + (session.durationMinutes.map { " · \(Int($0.rounded())) min" } ?? "") + (session.felt.map { " · felt \($0)/5" } ?? "")]
        // Consecutive identical sets fold into one line: "back squat 100 kg × 5 (5 sets)".
        var index = 0
        while index < session.sets.count {
            let set = session.sets[index]
            var count = 1
            while index + count < session.sets.count, sameSet(session.sets[index + count], set) { count += 1 }
            lines.append("  \(set.exercise) \(describe(set, unit: unit))\(count > 1 ? " (\(count) sets)" : "")")
            index += count
        }
        if let wod = session.wod {
            lines.append("  \(wod.format.title)\(wod.name.map { " \($0)" } ?? ""): \(wod.summary)\(wod.rx ? " Rx" : " scaled")"
                + (wod.capMinutes.map { " (cap \(Int($0)) min)" } ?? "") + (wod.movements.map { " — \($0)" } ?? ""))
        }
        if let notes = session.notes { lines.append("  \(notes)") }
        return lines.joined(separator: "\n")
    }

    static func sameSet(_ a: WorkoutSet, _ b: WorkoutSet) -> Bool {
        var a = a
        a.order = b.order
        return a == b
    }

    static func list(_ sessions: [WorkoutSession], zone: TimeZone) -> String {
        var table = Table(columns: [(title: "When", alignment: .left), (title: "Kind", alignment: .left), (title: "What", alignment: .left),
                                    (title: "Handle", alignment: .left)])
        let handles = Handle.handles(for: sessions.map(\.id))
        for session in sessions.reversed() {
            let what = session.title ?? Array(Set(session.sets.map(\.exercise))).sorted().joined(separator: ", ")
            table.addRow([zone.dateTimeText(of: session.startedAt), session.kind.rawValue,
                          what.count > 40 ? String(what.prefix(39)) + "…" : what, handles[session.id] ?? session.id])
        }
        return table.render()
    }

    static func records(_ records: [PersonalRecords], unit: String = "kg") -> String {
        let kg = { (value: Double) in weight(value, unit: unit) }
        var table = Table(columns: [(title: "Exercise", alignment: .left), (title: "Heaviest", alignment: .right), (title: "e1RM", alignment: .right),
                                    (title: "1RM", alignment: .right), (title: "3RM", alignment: .right), (title: "5RM", alignment: .right),
                                    (title: "10RM", alignment: .right), (title: "Best set", alignment: .right)])
        for record in records {
            table.addRow([record.exercise, record.heaviestKg.map(kg) ?? "—", record.e1rmKg.map(kg) ?? "—"]
                + PersonalRecords.repMaxCounts.map { record.repMaxKg[$0].map(kg) ?? "—" } + [record.bestSetVolumeKg.map(kg) ?? "—"])
        }
        return table.render()
    }

    static func stats(_ stats: TrainingStats) -> String {
        let toNext = stats.nextLevelXP - stats.xp
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
}

/// `tend workout calendar`: training days of a month, as a grid or an SVG picture.
enum WorkoutCalendar {
    static func command(context: @escaping WorkoutCommands.ContextProvider) -> Command {
        Command(
            name: "calendar", abstract: "The month's training days at a glance.",
            options: [.value("month", valueName: "YYYY-MM", help: "The month (default this one)."),
                      .value("svg", valueName: "FILE", help: "Also draw it as an SVG picture.")],
            run: { invocation in
                let month = try invocation.option("month", expected: "a month as YYYY-MM") { YearMonth($0) }
                let context = try context(invocation)
                let zone = context.zone
                let today = context.workouts.today(ownerID: context.ownerID)
                let shown = month ?? today.yearMonth
                let sessions = try context.workouts.list(ownerID: context.ownerID, from: shown.firstDay, through: shown.lastDay)
                var minutes: [LocalDate: Double] = [:]
                // A session without a duration marks its day trained and adds no time, as in `workout stats`.
                for session in sessions { minutes[zone.localDate(of: session.startedAt), default: 0] += session.durationMinutes ?? 0 }
                if let path = invocation.option("svg") { try TextFile.write(WorkoutSVG.calendar(shown, minutes: minutes, today: today), to: path) }
                if GlobalOptions.wantsJSON(invocation) {
                    try invocation.output.printJSON(CalendarJSON(month: shown.description, days: shown.days.map { day in
                        .init(date: day.description, sessions: sessions.filter { zone.localDate(of: $0.startedAt) == day }.count,
                              durationS: minutes[day].map { round2($0 * 60) })
                    }))
                    if let path = invocation.option("svg") { TextFile.announce(path, in: invocation) }
                    return
                }
                var lines = ["\(shown)", " Mon  Tue  Wed  Thu  Fri  Sat  Sun"]
                var row = String(repeating: "     ", count: shown.firstDay.isoWeekday - 1)
                for day in shown.days {
                    let number = day.day < 10 ? " \(day.day)" : "\(day.day)"
                    let mark = minutes[day] != nil ? "■" : " "
                    row += day == today ? "[\(number)\(mark)]" : " \(number)\(mark) "
                    if day.isoWeekday == 7 { lines.append(trimmedRight(row)); row = "" }
                }
                if !row.isEmpty { lines.append(trimmedRight(row)) }
                lines.append("\n■ trained · \(counted(minutes.count, "day")), \(WorkoutText.hours(minutes.values.reduce(0, +)))")
                invocation.output.print(lines.joined(separator: "\n"))
                if let path = invocation.option("svg") { invocation.output.print(); TextFile.announce(path, in: invocation) }
            })
    }

    static func trimmedRight(_ text: String) -> String {
        var text = text
        while text.last == " " { text.removeLast() }
        return text
    }

    struct CalendarJSON: Encodable {
        struct Day: Encodable {
            let date: String
            let sessions: Int
            /// Seconds trained (a session without a duration counts 30 min); null on a day without a session.
            let durationS: Double?

            enum CodingKeys: String, CodingKey { case date, sessions, durationS = "duration_s" }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(date, forKey: .date)
                try container.encode(sessions, forKey: .sessions)
                try container.encode(durationS, forKey: .durationS)
            }
        }

        let month: String
        let days: [Day]
    }
}
