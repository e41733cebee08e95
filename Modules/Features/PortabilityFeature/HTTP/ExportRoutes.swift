import FoundationEssentials
import Core
import Domain
import HTTP

/// `GET /v1/export`, declared once.
public enum ExportAPI {
    public static let export = Endpoint("GET", "/v1/export",
                                        answer: .streamedBytes(headers: [("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff"),
                                                                         ("Content-Disposition", "attachment; filename=\"tend-export.zip\"")]))
}

/// `GET /v1/export`: the account's export zip (docs/export.md), as `tend export` writes it, with
/// `couple/` holding the couple content the account authored and its photos' stored bytes.
/// The zip is streamed: the exporter writes it page by page into the response as the client
/// reads it (chunked on HTTP/1.1), so the server's memory stays bounded whatever the account
/// holds. A failure halfway breaks the transfer (no last chunk), so the client never takes a
/// truncated zip for a whole one; a client that goes away stops the exporter.
public enum ExportRoutes {
    /// `photo(sha256)`: a stored photo's bytes (`CoupleUseCases.storedPhoto`).
    public static func make(store: any PersonalDataStore, appVersion: String,
                            photo: @escaping @Sendable (String) throws -> Data?) -> [Route] {
        [
            Route(ExportAPI.export, operation: OpenAPIOperation(
                summary: "Everything the account holds as one zip of open formats (JSON, CSV, GPX, Nightscout, Markdown), "
                    + "with the couple content it authored and its photos; streamed (chunked)", tag: "export",
                responses: [("200", ["description": "The export zip",
                                     "content": ["application/zip": ["schema": ["type": "string", "format": "binary"]]]])]
            )) { received in
                guard let exporter = store as? any AccountExporter else {
                    throw AppError.unavailable("export is not available on this server", code: "export_unavailable")
                }
                let accountID = received.accountID
                let language = Self.language(acceptLanguage: received.request.header("accept-language"))
                return StreamedBytes(mediaType: "application/zip", stream: ResponseStream { body in
                    _ = try exporter.exportAccount(accountID: accountID, appVersion: appVersion, language: language,
                                                   photo: photo, sink: body.write)
                })
            },
        ]
    }

    /// The quests' titles in Korean when the client prefers Korean (`Accept-Language: ko…`
    /// first), else in English.
    static func language(acceptLanguage: String?) -> Language {
        let first = acceptLanguage?.split(separator: ",").first?.split(separator: ";").first
        return first.map { String($0).trimmed.lowercased().hasPrefix("ko") } == true ? .ko : .en
    }
}
