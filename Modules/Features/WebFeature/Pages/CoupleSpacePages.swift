import FoundationEssentials
import Core
import Domain

/// The couple home's photo of the day and next-meeting form, and the links between the couple
/// space's three screens (the seed's 홈, 캘린더, 챙김).
enum CoupleSpacePages {
    enum Section: Sendable { case home, calendar, care }

    static func sections(_ context: WebContext, current: Section) -> Node {
        let words = context.words
        let links: [(Section, String, String)] = [(.home, "/couple", words.home), (.calendar, "/couple/calendar", words.calendarShort),
                                                  (.care, "/couple/care", words.careShort)]
        return el("nav", .class("subnav"), .aria(label: words.coupleSections)) {
            for (section, path, label) in links {
                el("a", attributes: [.href(path), section == current ? Attribute("aria-current", "page") : nil]) { label }
            }
        }
    }

    /// Both members' photos of their own today, and the camera form. `capture` opens the
    /// phone's camera; the form posts the file itself (no script needed).
    static func photoCard(_ context: WebContext, _ home: CoupleHome, tooLarge: String) -> Node {
        let words = context.words
        return el("section", .class("card"), Attribute("aria-labelledby", "photo-title")) {
            el("h2", .id("photo-title")) { words.todaysPhoto }
            el("div", .class("photos")) {
                for member in home.members {
                    el("figure", .class("photo")) {
                        if let photo = member.photo {
                            el("img", Attribute("src", "/couple/photos/\(PercentEncoding.encode(photo.id))"),
                               Attribute("alt", words.photoOf(member.account.displayName) + (photo.caption.map { ": \($0)" } ?? "")),
                               Attribute("loading", "lazy"))
                        } else {
                            el("div", .class("no-photo"), Attribute("aria-hidden", "true")) { "📷" }
                        }
                        el("figcaption") {
                            el("strong") { member.account.displayName }
                            el("br")
                            if let photo = member.photo {
                                photo.caption ?? ""
                            } else {
                                el("span", .class("muted small")) { words.noPhotoYet }
                            }
                        }
                    }
                }
            }
            el("form", Attribute("method", "post"), Attribute("action", "/couple/photos"), Attribute("enctype", "multipart/form-data"),
               Attribute("data-max-bytes", String(CouplePhoto.maximumSize)),
               Attribute("data-too-large", tooLarge)) {
                context.csrfField
                el("div", .class("field")) {
                    el("label", .for("f-photo")) { words.takePhoto }
                    el("input", .id("f-photo"), .type("file"), .name("photo"), Attribute("accept", "image/*"), Attribute("capture", nil),
                       .required, Attribute("aria-describedby", "photo-hint"))
                    el("p", .class("hint"), .id("photo-hint")) { words.photoHint }
                }
                Tags.field(words.caption, name: "caption", extra: [Attribute("maxlength", "\(CoupleUseCases.maximumCaptionLength)")])
                el("button", .type("submit"), .class("wide")) { words.sharePhoto }
            }
        }
    }

    /// Sets (or moves) the next meeting: a date from today on, and a place.
    static func meetingForm(_ context: WebContext, _ home: CoupleHome) -> Node {
        let words = context.words
        let today = home.members.first { $0.account.id == home.viewerID }?.localDate
        let upcoming = home.meeting.flatMap { meeting in today.map { meeting.day >= $0 } == true ? meeting : nil }
        return el("details", .class("inline")) {
            el("summary") { words.setMeeting }
            el("form", Attribute("method", "post"), Attribute("action", "/couple/meeting")) {
                context.csrfField
                Tags.field(words.meetingDate, name: "date", type: "date", value: upcoming?.day.description,
                           extra: [.required] + (today.map { [Attribute("min", $0.description)] } ?? []))
                Tags.field(words.meetingPlace, name: "place", value: upcoming?.place,
                           extra: [Attribute("maxlength", "\(CoupleUseCases.maximumPlaceLength)")])
                el("button", .type("submit"), .class("wide")) { words.save }
            }
        }
    }
}
