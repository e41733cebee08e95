import FoundationEssentials
import Core
import Domain

/// The couple space's page: pairing before, the home after (the seed's cards: 다음 만남,
/// 연결된 다리, 시간·날씨, 기분 공유).
enum CouplePages {
    static func pairing(_ context: WebContext) -> [Node] {
        let words = context.words
        return [
            el("p", .class("muted")) { words.notPaired },
            el("form", Attribute("method", "post"), Attribute("action", "/couple/invites"), .class("card")) {
                context.csrfField
                el("button", .type("submit"), .class("wide")) { words.makeInvite }
            },
            el("form", Attribute("method", "post"), Attribute("action", "/couple/join"), .class("card")) {
                context.csrfField
                Tags.field(words.inviteCode, name: "code", extra: [.required, Attribute("autocomplete", "off"),
                                                                  Attribute("autocapitalize", "characters")])
                el("button", .type("submit"), .class("wide")) { words.join }
            },
        ]
    }

    /// `tooLarge`: the refusal of an oversized photo in the person's language, which the script says before uploading.
    static func home(_ context: WebContext, _ home: CoupleHome, tooLarge: String) -> [Node] {
        let words = context.words
        let bridge = home.bridge
        return [
            el("section", .class("card"), Attribute("aria-labelledby", "bridge-title")) {
                el("h2", .id("bridge-title")) { words.bridge }
                el("p") { el("strong") { bridge.stage.label(context.language) } }
                el("progress", Attribute("max", "100"), .value("\(bridge.score)"), .aria(label: words.bridge)) { words.points(bridge.score) }
                el("p", .class("muted small")) { words.points(bridge.score) }
            },
            el("section", .class("card"), Attribute("aria-labelledby", "meeting-title")) {
                el("h2", .id("meeting-title")) { words.nextMeeting }
                if let meeting = home.meeting {
                    el("p") {
                        words.date(meeting.day) + (meeting.place.map { " · \($0)" } ?? "") + " · "
                        el("strong") { home.countdowns[home.viewerID] ?? "" }
                    }
                } else {
                    el("p", .class("muted")) { words.noMeeting }
                }
                CoupleSpacePages.meetingForm(context, home)
            },
            CoupleSpacePages.photoCard(context, home, tooLarge: tooLarge),
            el("section", .class("card"), Attribute("aria-labelledby", "members-title")) {
                el("h2", .id("members-title")) { words.timeAndWeather }
                el("ul", .class("plain")) {
                    for member in home.members {
                        el("li") {
                            el("div") {
                                el("strong") { member.account.displayName }
                                " · \(member.zone.localTime(of: home.now)) (\(member.isDaytime ? words.day : words.night))"
                                if let weather = member.weather.observation {
                                    el("br")
                                    el("span", .class("muted small")) { "\(Int(weather.temperatureC.rounded()))°C · \(weather.description) · \(weather.city)" }
                                }
                                el("br")
                                if let mood = member.mood {
                                    el("span") { "\(mood.mood.emoji) \(words.moodName(mood.mood))" + (mood.status.map { " — \($0)" } ?? "") }
                                } else {
                                    el("span", .class("muted small")) { words.noMoodYet }
                                }
                            }
                        }
                    }
                }
            },
            el("form", Attribute("method", "post"), Attribute("action", "/couple/mood"), .class("card")) {
                context.csrfField
                el("fieldset", .class("moods")) {
                    el("legend") { words.moodToday }
                    for mood in Mood.allCases {
                        el("label", .class("mood")) {
                            el("input", .type("radio"), .name("mood"), .value(mood.rawValue), .required)
                            " \(mood.emoji) \(words.moodName(mood))"
                        }
                    }
                }
                Tags.field(words.statusLine, name: "status", extra: [Attribute("maxlength", "60")])
                el("button", .type("submit"), .class("wide")) { words.setMood }
            },
            el("details", .class("card")) {
                el("summary") { words.disconnect }
                el("p") { words.disconnectWarning }
                el("form", Attribute("method", "post"), Attribute("action", "/couple/disconnect")) {
                    context.csrfField
                    Tags.hidden("confirm", "yes")
                    el("button", .type("submit"), .class("danger wide")) { words.disconnectConfirm }
                }
            },
        ]
    }
}
