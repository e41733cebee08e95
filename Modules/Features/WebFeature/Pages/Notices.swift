/// What the last action did (a status) or why it was refused (an alert), focused after a swap
/// by the script so a screen reader says it first. Nil text renders nothing.
enum Notices {
    static func status(_ text: String?) -> Node {
        guard let text else { return .fragment([]) }
        return el("p", .class("notice"), Attribute("role", "status"), Attribute("data-focus", nil)) { text }
    }

    static func alert(_ text: String?) -> Node {
        guard let text else { return .fragment([]) }
        return el("p", .class("notice error"), Attribute("role", "alert"), Attribute("data-focus", nil)) { text }
    }
}
