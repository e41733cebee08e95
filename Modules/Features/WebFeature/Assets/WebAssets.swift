import FoundationEssentials
import HTTP

/// The stylesheet, script and icons, read once from `Resources/Web` and served from memory
/// under names that carry a hash of their bytes (`app.3f09c1d2a4b5.css`), so a browser may keep
/// them for a year and still gets a changed file at once: the page names the new hash.
public struct WebAssets: Sendable {
    struct Asset: Sendable {
        let hashedName: String
        let contentType: String
        let body: Data
    }

    /// The files the web app ships; a missing one is left out (pages still render).
    static let files: [(name: String, type: String)] = [
        ("app.css", "text/css; charset=utf-8"), ("app.js", "text/javascript; charset=utf-8"),
        ("icon.svg", "image/svg+xml"), ("icon-192.png", "image/png"), ("icon-512.png", "image/png"),
    ]

    private let assets: [String: Asset]
    private let byHashedName: [String: Asset]

    public init(directory: String) {
        var assets: [String: Asset] = [:]
        for file in Self.files {
            guard let body = FileManager.default.contents(atPath: directory + "/" + file.name) else { continue }
            let dot = file.name.lastIndex(of: ".")!
            let hashed = "\(file.name[..<dot]).\(Self.hash(body))\(file.name[dot...])"
            assets[file.name] = Asset(hashedName: hashed, contentType: file.type, body: body)
        }
        self.assets = assets
        byHashedName = Dictionary(uniqueKeysWithValues: assets.values.map { ($0.hashedName, $0) })
    }

    /// Whether every file was found (the server warns when not).
    public var isComplete: Bool { assets.count == Self.files.count }

    /// The URL of a file under its hashed name.
    func url(_ name: String) -> String {
        "/static/" + (assets[name]?.hashedName ?? name)
    }

    /// A file by its hashed name, cached for a year; nil for any other name.
    func response(hashedName: String) -> HTTPResponse? {
        guard let asset = byHashedName[hashedName] else { return nil }
        return HTTPResponse(status: 200, headers: [
            ("Content-Type", asset.contentType), ("Cache-Control", "public, max-age=31536000, immutable"),
            ("X-Content-Type-Options", "nosniff"), ("ETag", "\"\(asset.hashedName)\""),
        ], body: asset.body)
    }

    /// FNV-1a (64 bits) of the bytes, the first 12 hex digits: stable across runs and machines.
    static func hash(_ bytes: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String((String(repeating: "0", count: 16 - hex.count) + hex).prefix(12))
    }
}
