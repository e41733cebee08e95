import Core
import Domain

/// The log-in and sign-up forms. Field names are the API's (`email`, `password`,
/// `display_name`, `time_zone`) and carry `autocomplete`, so password managers fill them.
enum AuthPages {
    static func login(_ context: WebContext, email: String = "", next: String, error: String? = nil) -> [Node] {
        let words = context.words
        return [
            el("h1") { words.logIn },
            el("p", .class("muted")) { words.welcome },
            error.map { message in el("p", .class("notice error"), Attribute("role", "alert"), Attribute("data-focus", nil)) { message } }
                ?? .fragment([]),
            el("form", Attribute("method", "post"), Attribute("action", "/login"), .class("card")) {
                context.csrfField
                Tags.hidden("next", next)
                Tags.field(words.email, name: "email", type: "email", value: email,
                           extra: [.required, Attribute("autocomplete", "username"), Attribute("inputmode", "email")])
                Tags.field(words.password, name: "password", type: "password",
                           extra: [.required, Attribute("autocomplete", "current-password")])
                el("button", .type("submit"), .class("wide")) { words.logIn }
            },
            el("p") {
                words.noAccountYet + " "
                el("a", .href("/signup")) { words.signUp }
            },
        ]
    }

    static func signup(_ context: WebContext, values: FormBody = FormBody(values: [:]), error: String? = nil) -> [Node] {
        let words = context.words
        let zone = values.text("time_zone") ?? (context.isKorean ? "Asia/Seoul" : "UTC")
        return [
            el("h1") { words.signUp },
            error.map { message in el("p", .class("notice error"), Attribute("role", "alert"), Attribute("data-focus", nil)) { message } }
                ?? .fragment([]),
            el("form", Attribute("method", "post"), Attribute("action", "/signup"), .class("card")) {
                context.csrfField
                Tags.field(words.displayName, name: "display_name", value: values["display_name"] ?? "",
                           extra: [.required, Attribute("autocomplete", "nickname"), Attribute("maxlength", "60")])
                Tags.field(words.email, name: "email", type: "email", value: values["email"] ?? "",
                           extra: [.required, Attribute("autocomplete", "username"), Attribute("inputmode", "email")])
                el("div", .class("field")) {
                    el("label", .for("f-password")) { words.password }
                    el("input", .id("f-password"), .name("password"), .type("password"), .required, Attribute("minlength", "10"),
                       Attribute("autocomplete", "new-password"), Attribute("aria-describedby", "password-hint"))
                    el("p", .class("hint"), .id("password-hint")) { words.passwordHint }
                }
                timeZoneField(words, zone: zone, guessed: values.text("time_zone") == nil)
                el("button", .type("submit"), .class("wide")) { words.signUp }
            },
            el("p") {
                words.haveAccount + " "
                el("a", .href("/login")) { words.logIn }
            },
        ]
    }

    /// A zone field with the common zones offered (any IANA name is accepted). A `guessed`
    /// zone (sign-up, from the language) is replaced by the browser's own by the script.
    static func timeZoneField(_ words: WebWords, zone: String, guessed: Bool = false) -> Node {
        el("div", .class("field")) {
            el("label", .for("f-time_zone")) { words.timeZone }
            el("input", .id("f-time_zone"), .name("time_zone"), .value(zone), .required, Attribute("list", "zones"),
               guessed ? Attribute("data-browser-zone", nil) : nil, Attribute("aria-describedby", "zone-hint"),
               Attribute("autocomplete", "off"))
            el("datalist", .id("zones")) {
                for name in commonZones { el("option", .value(name)) }
            }
            el("p", .class("hint"), .id("zone-hint")) { words.timeZoneHint }
        }
    }

    static let commonZones = ["Asia/Seoul", "Asia/Tokyo", "Asia/Shanghai", "Asia/Singapore", "Australia/Sydney", "Europe/London",
                              "Europe/Berlin", "Europe/Paris", "America/New_York", "America/Chicago", "America/Los_Angeles",
                              "America/Toronto", "Pacific/Auckland", "UTC"]
}
