import FoundationEssentials
import Client
import Core
import Domain

/// The couple card of `tend today`: today's bridge, the partner's mood and time, the meeting.
/// Shown only to someone logged in and paired; an unreachable server shows the last home.
public struct CoupleCard: Encodable, Sendable {
    let bridge: BridgeJSON
    let partner: String?
    let partnerMood: String?
    let partnerLocalTime: String?
    let meeting: String?
    /// Seconds since the home was received, when the server could not be reached.
    let offlineAgeSeconds: Int?

    enum CodingKeys: String, CodingKey {
        case bridge, partner, partnerMood = "partner_mood", partnerLocalTime = "partner_local_time", meeting,
             offlineAgeSeconds = "offline_age_s"
    }

    /// Every key, null when there is nothing to show (no partner mood yet, no meeting, online).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(bridge, forKey: .bridge)
        try container.encode(partner, forKey: .partner)
        try container.encode(partnerMood, forKey: .partnerMood)
        try container.encode(partnerLocalTime, forKey: .partnerLocalTime)
        try container.encode(meeting, forKey: .meeting)
        try container.encode(offlineAgeSeconds, forKey: .offlineAgeSeconds)
    }

    /// nil when nobody is logged in, the account is not paired, or nothing can be shown.
    public static func load(_ context: CoupleContext) -> CoupleCard? {
        guard (try? context.client.currentCredentials()) ?? nil != nil,
              let (home, age) = try? HomeCommand.load(context, date: nil, timeout: 3) else { return nil }
        let partner = home.members.first { !$0.isMe }
        return CoupleCard(bridge: home.bridge, partner: partner?.displayName,
                          partnerMood: partner?.mood.map { mood in "\(Mood(rawValue: mood.mood)?.emoji ?? "") \(mood.mood)" },
                          partnerLocalTime: partner?.localTime, meeting: home.meeting.map { "\($0.dDay) \($0.date)" },
                          offlineAgeSeconds: age.map { Int($0) })
    }

    public func lines(language: Language = .en) -> [String] {
        let ko = language == .ko
        var lines = [CoupleText.bridgeLine(bridge, language: language)]
        var about: [String] = []
        if let partner {
            about.append(partner + (partnerLocalTime.map { " · \(CoupleText.clock($0))" } ?? "") + (partnerMood.map { " · \($0)" } ?? ""))
        }
        if let meeting { about.append(ko ? "다음 만남 \(meeting)" : "next meeting \(meeting)") }
        if !about.isEmpty { lines.append(about.joined(separator: " · ")) }
        if let offlineAgeSeconds {
            let age = CoupleText.age(TimeInterval(offlineAgeSeconds), language: language)
            lines.append(ko ? "(오프라인: \(age) 전 기준)" : "(offline: as of \(age) ago)")
        }
        return lines
    }
}
