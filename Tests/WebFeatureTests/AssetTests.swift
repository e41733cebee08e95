import Foundation
import Testing
import HTTP
@testable import WebFeature

@Suite("Web app: assets and the manifest")
struct AssetTests {
    @Test func assetsAreServedUnderHashedNamesForAYear() throws {
        let (_, app) = try WebWorld.make()
        let browser = WebBrowser(app)
        let page = browser.get("/login").html
        let css = try #require(page.range(of: #"/static/app\.[0-9a-f]{12}\.css"#, options: .regularExpression).map { String(page[$0]) })
        let js = try #require(page.range(of: #"/static/app\.[0-9a-f]{12}\.js"#, options: .regularExpression).map { String(page[$0]) })
        let style = browser.get(css)
        #expect(style.status == 200)
        #expect(style.response.header("Content-Type") == "text/css; charset=utf-8")
        #expect(style.response.header("Cache-Control") == "public, max-age=31536000, immutable")
        #expect(browser.get(js).response.header("Content-Type") == "text/javascript; charset=utf-8")
        #expect(browser.get("/static/app.css").status == 404, "only the hashed name is served")
        #expect(browser.get("/static/app.000000000000.css").status == 404)
    }

    @Test func theManifestNamesIconsThatExist() throws {
        let (_, app) = try WebWorld.make()
        let browser = WebBrowser(app)
        let manifest = browser.get("/manifest.webmanifest")
        #expect(manifest.response.header("Content-Type") == "application/manifest+json")
        let json = try #require(JSONSerialization.jsonObject(with: manifest.response.body) as? [String: Any])
        #expect(json["start_url"] as? String == "/insulin")
        #expect(json["display"] as? String == "standalone")
        let icons = try #require(json["icons"] as? [[String: Any]])
        #expect(icons.count == 3)
        for icon in icons {
            let source = try #require(icon["src"] as? String)
            let answer = browser.get(source)
            #expect(answer.status == 200, "\(source)")
            if source.hasSuffix(".png") { #expect(answer.response.body.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47])) }
        }
    }

    @Test func theHashFollowsTheBytes() {
        #expect(WebAssets.hash(Data("a".utf8)) != WebAssets.hash(Data("b".utf8)))
        #expect(WebAssets.hash(Data("a".utf8)) == WebAssets.hash(Data("a".utf8)))
        #expect(WebAssets.hash(Data()).count == 12)
    }
}
