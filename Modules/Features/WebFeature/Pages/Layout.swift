import Core
import Domain

/// The page around every screen: head (stylesheet, script, manifest, icons), a top bar with
/// the language switch, the content, and the tab bar a thumb reaches at the bottom.
struct Layout: Sendable {
    let assets: WebAssets

    /// The features reached from Today's cards (quest, training, food, weight) show the bar with no tab marked.
    enum Tab: Sendable, CaseIterable { case today, insulin, calendar, couple, account, quest, training, food, none }

    func document(_ context: WebContext, title: String, tab: Tab, @NodeBuilder content: () -> [Node]) -> HTMLPage {
        let words = context.words
        let page = el("html", .lang(context.language.rawValue)) {
            el("head") {
                el("meta", Attribute("charset", "utf-8"))
                el("meta", .name("viewport"), Attribute("content", "width=device-width, initial-scale=1, viewport-fit=cover"))
                el("meta", .name("theme-color"), Attribute("content", "#1f5d4c"))
                el("meta", .name("color-scheme"), Attribute("content", "light dark"))
                el("title") { title == words.appName ? title : "\(title) · \(words.appName)" }
                el("link", Attribute("rel", "stylesheet"), .href(assets.url("app.css")))
                el("link", Attribute("rel", "manifest"), .href("/manifest.webmanifest"))
                el("link", Attribute("rel", "icon"), .type("image/svg+xml"), .href(assets.url("icon.svg")))
                el("link", Attribute("rel", "apple-touch-icon"), .href(assets.url("icon-192.png")))
                el("script", Attribute("src", assets.url("app.js")), Attribute("defer", nil))
            }
            el("body") {
                el("a", .class("skip"), .href("#main")) { words.skipToContent }
                el("header", .class("top")) {
                    el("a", .class("brand"), .href(context.account == nil ? "/login" : "/today")) { words.appName }
                    el("a", .class("lang"), .href("/language?set=\(context.isKorean ? "en" : "ko")&back=\(Self.back(context))"),
                       .lang(context.isKorean ? "en" : "ko"), .aria(label: words.switchLanguageLabel)) { words.switchLanguage }
                }
                el("main", .id("main")) { content() }
                if context.account != nil, tab != .none { tabBar(words, tab: tab) }
            }
        }
        return HTMLPage(page.bytes(after: "<!doctype html>\n"))
    }

    private func tabBar(_ words: WebWords, tab: Tab) -> Node { Self.tabBars[words.ko]![tab]! }

    /// The bar for each language and marked tab, built once: it holds nothing of a person's.
    private static let tabBars: [Bool: [Tab: Node]] = Dictionary(uniqueKeysWithValues: [Language.en, .ko].map { language in
        let words = WebWords(language)
        return (words.ko, Dictionary(uniqueKeysWithValues: Tab.allCases.map { ($0, makeTabBar(words, tab: $0)) }))
    })

    private static func makeTabBar(_ words: WebWords, tab: Tab) -> Node {
        let tabs: [(Tab, String, String, String)] = [
            (.today, "/today", words.today, "◎"), (.insulin, "/insulin", words.insulin, "✚"),
            (.calendar, "/insulin/calendar", words.calendar, "▦"), (.couple, "/couple", words.us, "♡"),
            (.account, "/account", words.account, "☺"),
        ]
        return el("nav", .class("tabs"), .aria(label: words.mainNavigation)) {
            for (each, path, label, glyph) in tabs {
                el("a", attributes: [.href(path), each == tab ? Attribute("aria-current", "page") : nil]) {
                    el("span", .class("glyph"), Attribute("aria-hidden", "true")) { glyph }
                    el("span") { label }
                }
            }
        }
    }

    /// The page to come back to after switching the language: this one (a local path only).
    static func back(_ context: WebContext) -> String {
        PercentEncoding.encode(context.request.method == "GET" ? context.request.path : "/today")
    }
}
