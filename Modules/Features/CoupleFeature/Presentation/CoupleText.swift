import FoundationEssentials
import Console
import Core
import Domain

/// The couple screens as short, aligned text.
enum CoupleText {
    static func home(_ home: HomeJSON, language: Language) -> String {
        let w = Words(language)
        var lines: [String] = []
        let me = home.members.first { $0.isMe }
        let partner = home.members.first { !$0.isMe }
        if let meeting = home.meeting {
            let partnerCountdown = meeting.countdowns.first { $0.accountID == partner?.accountID }
            let theirs = partnerCountdown.map { " (\(partner?.displayName ?? ""): \($0.dDay))" } ?? ""
            lines.append(row(w.nextMeeting, "\(meeting.dDay) · \(meeting.date)\(meeting.place.map { " · \($0)" } ?? "")\(theirs)"))
        } else {
            lines.append(row(w.nextMeeting, w.notPlanned))
        }
        lines.append(row(w.bridge, bridgeLine(home.bridge, language: language)))
        lines.append(row("", parts(home.bridge.parts, language: language)))
        lines.append("")
        let people = [me, partner].compactMap { $0 }
        let names = people.map { $0.isMe ? "\($0.displayName) (\(w.you))" : $0.displayName }
        var table = Table(columns: [("", .left)] + names.map { ($0, .left) })
        table.addRow([w.time] + people.map {
            "\(clock($0.localTime)) \($0.city ?? $0.timeZone) (UTC\($0.utcOffset == "Z" ? "+00:00" : $0.utcOffset))"
        })
        table.addRow([w.sky] + people.map { $0.daytime ? w.day : w.night })
        table.addRow([w.weather] + people.map { weather($0, language: language) })
        table.addRow([w.mood] + people.map { member in
            member.mood.map { mood in
                let emoji = Mood(rawValue: mood.mood)?.emoji ?? ""
                return "\(emoji) \(mood.mood)\(mood.status.map { " · \($0)" } ?? "")"
            } ?? "—"
        })
        table.addRow([w.photo] + people.map { $0.photo.map { "✓ \($0.caption ?? w.todaysPhoto)" } ?? "—" })
        lines.append(table.render())
        if let partner {
            let hours = Double(home.differenceS) / 3600
            let amount = Chart.format(abs(hours))
            let difference = hours == 0 ? w.sameTime(partner.displayName) : w.apart(partner.displayName, amount, ahead: hours > 0)
            let call = home.callWindow.map { window in
                let starts = ISO8601.parseInstant(window.startsAt)
                let now = me.flatMap { ISO8601.parseInstant($0.localTime) }
                let startsNow = starts.flatMap { s in now.map { s <= $0 } } == true
                return w.callWindow(from: startsNow ? nil : clock(window.startsAt), until: clock(window.endsAt))
            } ?? w.noCallWindow
            lines.append("")
            lines.append("\(difference) \(call)")
        }
        if !home.recent.isEmpty {
            lines.append("")
            lines.append(w.recent)
            for moment in home.recent.prefix(6) {
                let who = home.members.first { $0.accountID == moment.accountID }.map { $0.isMe ? w.you : $0.displayName } ?? ""
                lines.append("  \(shortTime(moment.at))  \(who)  \(momentText(moment, language: language))")
            }
        }
        return lines.joined(separator: "\n")
    }

    static func row(_ label: String, _ value: String) -> String {
        TextWidth.pad(label, to: 14, alignment: .left) + value
    }

    static func bridgeLine(_ bridge: BridgeJSON, language: Language = .en) -> String {
        let filled = min(10, max(0, bridge.score / 10))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: 10 - filled)
        let streak = bridge.streak > 0 ? " · " + Words(language).streak(bridge.streak) : ""
        return "\(bar) \(bridge.score)/100 · \(bridge.stageLabel)\(streak)"
    }

    static func parts(_ parts: BridgeParts, language: Language = .en) -> String {
        let w = Words(language)
        return "\(w.mood.lowercased()) \(parts.mood)/20 · \(w.photo.lowercased()) \(parts.photo)/30 · \(w.care) \(parts.care)/30 · "
            + "\(w.calendar) \(parts.calendar)/20"
    }

    static func weather(_ member: HomeJSON.Member, language: Language = .en) -> String {
        let w = Words(language)
        guard let weather = member.weather else {
            return member.weatherConfigured ? (member.city == nil ? w.noPlace : w.unavailable) : w.notConfigured
        }
        let temperature = Chart.format(weather.tempC)
        var text = "\(temperature)°C \(weather.description)"
        if weather.stale, let observed = ISO8601.parseInstant(weather.observedAt), let now = ISO8601.parseInstant(member.localTime) {
            text += " (" + w.old(age(now.timeIntervalSince(observed), language: language)) + ")"
        }
        return text
    }

    static func momentText(_ moment: HomeJSON.RecentMoment, language: Language = .en) -> String {
        let text = moment.text
        if language == .ko {
            switch moment.kind {
            case "mood": return "기분: \(text)"
            case "photo": return "오늘의 한 장을 올렸어요\(text.isEmpty ? "" : ": \(text)")"
            case "care_added": return "챙김 추가: \(text)"
            case "care_done": return "챙김 완료: \(text) ✓"
            case "event": return "캘린더 추가: \(text)"
            case "meeting": return "다음 만남: \(text)"
            default: return text
            }
        }
        switch moment.kind {
        case "mood": return "mood: \(text)"
        case "photo": return "shared today's photo\(text.isEmpty ? "" : ": \(text)")"
        case "care_added": return "added to care: \(text)"
        case "care_done": return "cared: \(text) ✓"
        case "event": return "added to the calendar: \(text)"
        case "meeting": return "set the next meeting: \(text)"
        default: return text
        }
    }

    /// `19:00` from an ISO 8601 local time.
    static func clock(_ iso: String) -> String {
        guard let t = iso.firstIndex(of: "T") else { return iso }
        return String(iso[iso.index(after: t)...].prefix(5))
    }

    /// `2026-12-01 10:00` from an ISO 8601 local time.
    static func shortTime(_ iso: String) -> String {
        guard iso.count >= 16 else { return iso }
        return iso.prefix(10) + " " + iso.dropFirst(11).prefix(5)
    }

    static func age(_ seconds: TimeInterval, language: Language = .en) -> String {
        let minutes = Int(seconds / 60)
        if language == .ko {
            if minutes < 1 { return "방금" }
            if minutes < 60 { return "\(minutes)분" }
            if minutes < 48 * 60 { return "\(minutes / 60)시간" }
            return "\(minutes / 1440)일"
        }
        if minutes < 1 { return "less than a minute" }
        if minutes < 60 { return "\(minutes) min" }
        if minutes < 48 * 60 { return "\(minutes / 60) h" }
        return "\(minutes / 1440) days"
    }
}

/// The home's words in English and Korean (`--lang`).
struct Words {
    let ko: Bool

    init(_ language: Language) { ko = language == .ko }

    private func t(_ en: String, _ korean: String) -> String { ko ? korean : en }

    var nextMeeting: String { t("Next meeting", "다음 만남") }
    var notPlanned: String { t("not planned — tend couple meet YYYY-MM-DD", "아직 없어요 — tend couple meet YYYY-MM-DD") }
    var bridge: String { t("Bridge", "오늘의 다리") }
    var you: String { t("you", "나") }
    var time: String { t("Time", "시간") }
    var sky: String { t("Sky", "하늘") }
    var day: String { t("day", "낮") }
    var night: String { t("night", "밤") }
    var weather: String { t("Weather", "날씨") }
    var mood: String { t("Mood", "기분") }
    var photo: String { t("Photo", "사진") }
    var care: String { t("care", "챙김") }
    var calendar: String { t("calendar", "캘린더") }
    var todaysPhoto: String { t("today's photo", "오늘의 한 장") }
    var recent: String { t("Recent", "최근의 순간들") }
    var noCallWindow: String { t("No time today when you are both awake.", "오늘은 둘 다 깨어 있는 시간이 없어요.") }
    var noPlace: String { t("no place set", "위치 없음") }
    var unavailable: String { t("unavailable", "알 수 없음") }
    var notConfigured: String { t("weather not configured", "날씨 설정 안 됨") }

    func streak(_ days: Int) -> String { ko ? "\(days)일 연속" : "\(days) day\(days == 1 ? "" : "s") in a row" }
    func sameTime(_ name: String) -> String { ko ? "\(name)와(과) 같은 시간이에요." : "\(name) shares your time." }
    func apart(_ name: String, _ hours: String, ahead: Bool) -> String {
        ko ? "\(name)은(는) \(hours)시간 \(ahead ? "빨라요" : "늦어요")." : "\(name) is \(hours) h \(ahead ? "ahead" : "behind")."
    }
    func callWindow(from: String?, until: String) -> String {
        if ko { return "통화하기 좋은 시간: \(from ?? "지금")부터 \(until)까지 (내 시간 기준)." }
        return "Good time to call: \(from ?? "now") until \(until) (your time)."
    }
    func old(_ age: String) -> String { ko ? "\(age) 전" : "\(age) old" }
}
