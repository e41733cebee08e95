import FoundationEssentials
import Core
import Domain
import HTTP

/// `GET /v1/export`, declared once.
public enum ExportAPI {
    public static let export = Endpoint("GET", "/v1/export",
                                        answer: .bytes(headers: [("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff"),
                                                                 ("Content-Disposition", "attachment; filename=\"tend-export.zip\"")]))
}

/// `GET /v1/export`: the account's export zip (docs/export.md), as `tend export` writes it, with
/// `couple/` holding the couple content the account authored and its photos' stored bytes.
/// The HTTP layer answers with a whole body, so the zip is built in memory (the ZIP writer itself
/// streams: it writes each entry once, in order, and never seeks back).
public enum ExportRoutes {
    /// `photo(sha256)`: a stored photo's bytes (`CoupleUseCases.storedPhoto`).
    public static func make(store: any PersonalDataStore, appVersion: String,
                            photo: @escaping @Sendable (String) throws -> Data?) -> [Route] {
        [
            Route(ExportAPI.export, operation: OpenAPIOperation(
                summary: "Everything the account holds as one zip of open formats (JSON, CSV, GPX, Nightscout, Markdown), "
                    + "with the couple content it authored and its photos", tag: "export",
                responses: [("200", ["description": "The export zip",
                                     "content": ["application/zip": ["schema": ["type": "string", "format": "binary"]]]])]
            )) { received in
                guard let exporter = store as? any AccountExporter else {
                    throw AppError.unavailable("export is not available on this server", code: "export_unavailable")
                }
                var zip = Data()
                _ = try exporter.exportAccount(accountID: received.accountID, appVersion: appVersion,
                                               photo: photo, sink: { zip.append($0) })
                return MediaBytes(zip, mediaType: "application/zip")
            },
        ]
    }

}
