import FoundationEssentials
import Core
import Domain

/// The export archive (docs/export.md is its reference): `manifest.json`, `data/<table>.json` for
/// every table of `SyncSchema` (every row the owner has, deleted ones too, every column), CSV
/// for spreadsheets, one GPX file per tracked run or hike, the doses as Nightscout treatments,
/// the quest journeys as Markdown and, from the server, `couple/`. Everything is read in one
/// read transaction, so the archive is one consistent state, a page at a time and written as it
/// is read (`ArchiveExporter`), so memory stays bounded whatever the history holds.
extension SQLitePersonalDataStore: AccountExporter {
    public func export(ownerID: String, to path: String, appVersion: String, language: Language,
                       progress: (Int, Int) -> Void) throws -> PersonalDataCounts {
        let file = try ExportFile(path: path)
        let counts = try writeArchive(on: database, ownerID: ownerID, appVersion: appVersion, language: language, couplePhoto: nil,
                                      progress: progress, sink: file.write)
        try file.commit()
        return counts
    }

    /// The server's export, which streams to a client for as long as the client takes: on a
    /// database file it reads through a connection of its own, so its read transaction never
    /// holds the shared connection (and every other request) while the client downloads.
    public func exportAccount(accountID: String, appVersion: String, language: Language, photo: (String) throws -> Data?,
                              sink: (Data) throws -> Void) throws -> PersonalDataCounts {
        let reader: any SQLDatabase = if let file = database as? Database, Self.isFile(file.path) {
            try Database(path: file.path)
        } else {
            database // PostgreSQL: `read` takes a pooled connection of its own
        }
        defer { if reader !== database { reader.close() } }
        return try withoutActuallyEscaping(photo) { photo in
            try writeArchive(on: reader, ownerID: accountID, appVersion: appVersion, language: language, couplePhoto: photo,
                             progress: { _, _ in }, sink: sink)
        }
    }

    static func isFile(_ path: String) -> Bool {
        !(path.isEmpty || path == ":memory:" || path.hasPrefix("file:"))
    }

    /// The archive, to `sink`. `couplePhoto` set: the server's export, with `couple/`.
    func writeArchive(on database: any SQLDatabase, ownerID: String, appVersion: String, language: Language,
                      couplePhoto: ((String) throws -> Data?)?, progress: (Int, Int) -> Void,
                      sink: (Data) throws -> Void) throws -> PersonalDataCounts {
        // The titles are a courtesy of the Markdown: without the quest content (a damaged
        // Resources folder) the archive still comes, naming quests by number.
        let quests = (try? questContent?.content()).map { ExportQuestTitles(content: $0, language: language) }
        return try withoutActuallyEscaping(sink) { sink in try withoutActuallyEscaping(progress) { progress in
            try database.read {
                // One snapshot for every page of every table (PostgreSQL's `read` is one already).
                if database.dialect == .sqlite { try database.executeScript("BEGIN") }
                defer { if database.dialect == .sqlite { try? database.executeScript("COMMIT") } }
                let exporter = ArchiveExporter(database: database, ownerID: ownerID, zip: ZipWriter(sink: sink), quests: quests,
                                               progress: progress)
                return try exporter.run(appVersion: appVersion, now: clock.now, couplePhoto: couplePhoto)
            }
        } }
    }
}
