import FoundationEssentials
import Core
import HTTP

/// `/static/…` (hashed names, cached for a year) and `/manifest.webmanifest`, which makes the
/// app installable to a phone's home screen, opening on the insulin log.
struct AssetController: Sendable {
    let assets: WebAssets

    func make() -> [Route] {
        let assets = assets
        return [
            Route("GET", "/static/{file}", requiresAuth: false, operation: WebRouteMaker.operation) { request in
                guard let response = assets.response(hashedName: request.pathParameters["file"] ?? "") else {
                    return HTTPResponse(status: 404, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Data("Not found\n".utf8))
                }
                return response
            },
            Route("GET", "/manifest.webmanifest", requiresAuth: false, operation: WebRouteMaker.operation) { request in
                let korean = request.preferredLanguage(among: ["en", "ko"]) == "ko"
                return HTTPResponse(status: 200, headers: [
                    ("Content-Type", "application/manifest+json"), ("Cache-Control", "no-cache"), ("X-Content-Type-Options", "nosniff"),
                ], body: Data(Self.manifest(assets: assets, korean: korean).utf8))
            },
        ]
    }

    /// The manifest as JSON text; its values are fixed words and this server's own URLs.
    static func manifest(assets: WebAssets, korean: Bool) -> String {
        """
        {"name":"Tend","short_name":"Tend","lang":"\(korean ? "ko" : "en")",\
        "description":"\(korean ? "인슐린, 운동, 식단, 우리 둘의 공간을 한 번의 탭으로." : "Insulin, training, food and the two of you, one tap away.")",\
        "start_url":"/insulin","scope":"/","display":"standalone","background_color":"#f6f4ef","theme_color":"#1f5d4c",\
        "icons":[{"src":"\(assets.url("icon-192.png"))","sizes":"192x192","type":"image/png","purpose":"any"},\
        {"src":"\(assets.url("icon-512.png"))","sizes":"512x512","type":"image/png","purpose":"any"},\
        {"src":"\(assets.url("icon.svg"))","sizes":"any","type":"image/svg+xml"}]}
        """
    }
}
