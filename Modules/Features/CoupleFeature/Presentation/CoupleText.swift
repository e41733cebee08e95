import FoundationEssentials
import Console
import Core
import Domain

/// The couple screens as short, aligned text.
enum CoupleText {
    static func home(_ home: HomeJSON, language: Language) -> String {
        var lines: [String] = []
        let me = home.members.first { $0.isMe }
        let partner = home.members.first { !$0.isMe }
        if let meeting = home.meeting {
            let theirs = meeting.countdowns.first { $0.accountID == partner?.accountID }.map { " (\(partner?.displayName ?? ""): \($0.dDay))" } ?? ""
            lines.append(row("Next meeting", "\(meeting.dDay) · \(meeting.date)\(meeting.place.map { " · \($0)" } ?? "")\(theirs)"))
        } else {
            lines.append(row("Next meeting", "not planned — tend couple meet YYYY-MM-DD"))
        }
        lines.append(row("Bridge", bridgeLine(home.bridge)))
        lines.append(row("", parts(home.bridge.parts)))
        lines.append("")
        let people = [me, partner].compactMap { $0 }
        let names = people.map { $0.isMe ? "\($0.displayName) (you)" : $0.displayName }
        var table = Table(columns: [("", .left)] + names.map { ($0, .left) })
        table.addRow(["Time"] + people.map { "\(clock($0.localTime)) \($0.city ?? $0.timeZone) (UTC\($0.utcOffset == "Z" ? "+00:00" : $0.utcOffset))" })
        table.addRow(["Sky"] + people.map { $0.daytime ? "day" : "night" })
        table.addRow(["Weather"] + people.map(weather))
        table.addRow(["Mood"] + people.map { member in
            member.mood.map { mood in
                let emoji = Mood(rawValue: mood.mood)?.emoji ?? ""
                return "\(emoji) \(mood.mood)\(mood.status.map { " · \($0)" } ?? "")"
            } ?? "—"
        })
        table.addRow(["Photo"] + people.map { $0.photo.map { "✓ \($0.caption ?? "today's photo")" } ?? "—" })
        lines.append(table.render())
        if let partner {
            let hours = home.differenceHours
            let amount = Chart.format(abs(hours))
            let difference = hours == 0 ? "\(partner.displayName) shares your time" : "\(partner.displayName) is \(amount) h \(hours > 0 ? "ahead" : "behind")"
            let call = home.callWindow.map { window in
                let starts = ISO8601.parseInstant(window.startsAt)
                let now = me.flatMap { ISO8601.parseInstant($0.localTime) }
                let from = starts.flatMap { s in now.map { s <= $0 } } == true ? "now" : clock(window.startsAt)
                return "Good time to call: \(from) until \(clock(window.endsAt)) (your time)."
            } ?? "No time today when you are both awake."
            lines.append("")
            lines.append("\(difference). \(call)")
        }
        if !home.recent.isEmpty {
            lines.append("")
            lines.append("Recent")
            for moment in home.recent.prefix(6) {
                let who = home.members.first { $0.accountID == moment.accountID }.map { $0.isMe ? "you" : $0.displayName } ?? ""
                lines.append("  \(shortTime(moment.at))  \(who)  \(momentText(moment))")
            }
        }
        return lines.joined(separator: "\n")
    }

    static func row(_ label: String, _ value: String) -> String {
        TextWidth.pad(label, to: 14, alignment: .left) + value
    }

    static func bridgeLine(_ bridge: BridgeJSON) -> String {
        let filled = min(10, max(0, bridge.score / 10))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: 10 - filled)
        let streak = bridge.streak > 0 ? " · \(bridge.streak) day\(bridge.streak == 1 ? "" : "s") in a row" : ""
        return "\(bar) \(bridge.score)/100 · \(bridge.stageLabel)\(streak)"
    }

    static func parts(_ parts: BridgeParts) -> String {
        "mood \(parts.mood)/20 · photo \(parts.photo)/30 · care \(parts.care)/30 · calendar \(parts.calendar)/20"
    }

    static func weather(_ member: HomeJSON.Member) -> String {
        guard let weather = member.weather else {
            return member.weatherConfigured ? (member.city == nil ? "no place set" : "unavailable") : "weather not configured"
        }
        let temperature = Chart.format(weather.tempC)
        var text = "\(temperature)°C \(weather.description)"
        if weather.stale, let observed = ISO8601.parseInstant(weather.observedAt), let now = ISO8601.parseInstant(member.localTime) {
            text += " (\(age(now.timeIntervalSince(observed))) old)"
        }
        return text
    }

    static func momentText(_ moment: HomeJSON.RecentMoment) -> String {
        switch moment.kind {
        case "mood": "mood: \(moment.text)"
        case "photo": "shared today's photo\(moment.text.isEmpty ? "" : ": \(moment.text)")"
        case "care_added": "added to care: \(moment.text)"
        case "care_done": "cared: \(moment.text) ✓"
        case "event": "added to the calendar: \(moment.text)"
        case "meeting": "set the next meeting: \(moment.text)"
        default: moment.text
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

    static func age(_ seconds: TimeInterval) -> String {
        let minutes = Int(seconds / 60)
        if minutes < 1 { return "less than a minute" }
        if minutes < 60 { return "\(minutes) min" }
        if minutes < 48 * 60 { return "\(minutes / 60) h" }
        return "\(minutes / 1440) days"
    }
}
