import FoundationEssentials
import Core

/// `tend glucose pull --nightscout URL`: the glucose readings (`sgv`, `mbg`) and the insulin
/// treatments of the person's own Nightscout site, copied into the local log from where the
/// last pull from that site ended. Each document goes the way an upload to Tend's own API goes
/// (`NightscoutEntries.post`, `NightscoutTreatments.post`: the same duplicates, the same doses
/// with the brand table, never refused by the double-dose guard), so pulling again adds nothing.
///
/// Nightscout answers newest first and at most `count` documents, so each collection is walked
/// from the newest back to the cursor a page at a time, every page one transaction; the cursor
/// moves only once a walk reached it, so a pull cut short is simply repeated.
public struct NightscoutPull: Sendable {
    public static let defaultPageSize = 1000
    /// Re-read before the cursor: late uploads land there (a sensor's backfill after a lost
    /// connection, LibreLink Up's 8 hours), and what is already here is skipped.
    public static let lookback: TimeInterval = 24 * 3600
    /// Where a first pull starts: before any CGM upload, and unambiguous as epoch milliseconds.
    public static let origin = Date(timeIntervalSince1970: 946_684_800) // 2000-01-01

    public struct Counts: Sendable, Equatable {
        /// New here.
        public var added = 0
        /// Already here (pulled before, uploaded here too, or re-read by the look-back).
        public var skipped = 0
        /// Not glucose or not insulin (calibrations, carbs, temp basals), or refused as an upload
        /// would be (a value outside 10–600 mg/dL, a date that is not one).
        public var ignored = 0
    }

    public struct Summary: Sendable, Equatable {
        public let site: String
        public var readings = Counts()
        public var treatments = Counts()
        public var dosesAdded = 0
        /// Requests sent to the site.
        public var requests = 0
        public var cursor: NightscoutPullCursor
        /// Where the pull started from: nil on the first pull from this site.
        public let previous: NightscoutPullCursor?
    }

    let entries: NightscoutEntries
    let treatments: NightscoutTreatments
    let documents: any NightscoutDocumentRepository
    let settings: InsulinSettingsService
    let cursors: any NightscoutPullCursorRepository
    let transactor: any Transactor
    let clock: any Clock
    let pageSize: Int

    public init(nightscout: NightscoutUseCases, documents: any NightscoutDocumentRepository, settings: InsulinSettingsService,
                cursors: any NightscoutPullCursorRepository, transactor: any Transactor, clock: any Clock,
                pageSize: Int = defaultPageSize) {
        entries = nightscout.entries
        treatments = nightscout.treatments
        self.documents = documents
        self.settings = settings
        self.cursors = cursors
        self.transactor = transactor
        self.clock = clock
        self.pageSize = max(2, pageSize)
    }

    /// Where this device's last pull from `site` ended, if it pulled from there before.
    public func cursor(site: String, ownerID: String) throws -> NightscoutPullCursor? {
        try cursors.cursor(site: site, ownerID: ownerID)
    }

    /// Pulls entries, then treatments; the cursor of each is saved as soon as its walk ended.
    public func callAsFunction(from site: any NightscoutSite, siteKey: String, ownerID: String) throws -> Summary {
        let previous = try cursors.cursor(site: siteKey, ownerID: ownerID)
        let settings = try settings.current(ownerID: ownerID)
        var summary = Summary(site: siteKey, cursor: previous ?? NightscoutPullCursor(site: siteKey, entriesThrough: nil,
                                                                                       treatmentsThrough: nil, pulledAt: clock.now),
                              previous: previous)

        let readings = try walk(after: start(previous?.entriesThrough), fetch: site.entries, summary: &summary,
                                time: { try? NightscoutDocuments.entryTime($0) },
                                key: { document, time in "\(NightscoutDocuments.milliseconds(time)):\(Self.readingType(document) ?? "")" },
                                store: { page, summary in try storeReadings(page, ownerID: ownerID, counts: &summary.readings) })
        summary.cursor.entriesThrough = latest(summary.cursor.entriesThrough, readings)
        try save(summary.cursor, ownerID: ownerID)

        let given = try walk(after: start(previous?.treatmentsThrough), fetch: site.treatments, summary: &summary,
                             time: { document in
                                 document["created_at"] == nil ? nil : try? NightscoutDocuments.treatmentTime(document, now: clock.now)
                             },
                             key: { document, time in
                                 document["identifier"]?.string.map { "identifier:" + $0 } ?? document["_id"]?.string.map { "id:" + $0 }
                                     ?? "\(NightscoutDocuments.milliseconds(time)):\(document["eventType"]?.string ?? "")"
                             },
                             store: { page, summary in try storeTreatments(page, ownerID: ownerID, settings: settings, summary: &summary) })
        summary.cursor.treatmentsThrough = latest(summary.cursor.treatmentsThrough, given)
        try save(summary.cursor, ownerID: ownerID)
        return summary
    }

    private func start(_ through: Date?) -> Date {
        through.map { max(Self.origin, $0.addingTimeInterval(-Self.lookback)) } ?? Self.origin
    }

    /// The later of the old cursor and the newest document seen, never later than now (a
    /// document dated in the future must not hide the ones that come before it).
    private func latest(_ old: Date?, _ seen: Date?) -> Date? {
        guard let seen = seen.map({ min($0, clock.now) }) else { return old }
        return old.map { max($0, seen) } ?? seen
    }

    private func save(_ cursor: NightscoutPullCursor, ownerID: String) throws {
        var cursor = cursor
        cursor.pulledAt = clock.now
        try transactor.write { try cursors.save(cursor, ownerID: ownerID, at: clock.now) }
    }

    /// Walks one collection from the newest document back to `after`, a page at a time, until a
    /// page comes back with fewer than `pageSize`. Each page's upper bound is the oldest time
    /// of the page before, inclusive (documents sharing that millisecond are not lost), so a
    /// document can come twice: `key` tells it, and it is stored once. Returns the newest time.
    private func walk(after: Date, fetch: (Date, NightscoutPullBound?, Int) throws -> [DocumentValue], summary: inout Summary,
                      time: (DocumentValue) -> Date?, key: (DocumentValue, Date) -> String,
                      store: ([DocumentValue], inout Summary) throws -> Void) throws -> Date? {
        var bound: NightscoutPullBound?
        var seen: Set<String> = []
        var newest: Date?
        while true {
            let page = try fetch(after, bound, pageSize)
            summary.requests += 1
            var fresh: [DocumentValue] = []
            var oldest: Date?
            for document in page {
                guard let instant = time(document) else {
                    fresh.append(document) // stored as an upload would be: refused, and counted as ignored
                    continue
                }
                oldest = min(oldest ?? instant, instant)
                newest = max(newest ?? instant, instant)
                if seen.insert(key(document, instant)).inserted { fresh.append(document) }
            }
            if !fresh.isEmpty { try transactor.write { try store(fresh, &summary) } }
            guard page.count >= pageSize, let oldest else { return newest }
            // A full page of one millisecond: the next goes below it.
            let stalled = bound == NightscoutPullBound(date: oldest, inclusive: true)
            if let bound, !bound.inclusive, bound.date == oldest { return newest } // a server that ignored the bound
            bound = NightscoutPullBound(date: oldest, inclusive: !stalled)
        }
    }

    /// `sgv` or `mbg`, as the API reads an entry's type; nil for other entries (calibrations).
    static func readingType(_ document: DocumentValue) -> String? {
        let type = document["type"]?.string?.nilIfBlank ?? (document["sgv"] != nil ? "sgv" : document["mbg"] != nil ? "mbg" : nil)
        return type == "sgv" || type == "mbg" ? type : nil
    }

    private func storeReadings(_ page: [DocumentValue], ownerID: String, counts: inout Counts) throws {
        for document in page {
            guard Self.readingType(document) != nil else {
                counts.ignored += 1
                continue
            }
            do {
                // One entry at a time (a savepoint each): one bad reading does not refuse a year's.
                if try entries.post([document], ownerID: ownerID, source: "nightscout").added > 0 {
                    counts.added += 1
                } else {
                    counts.skipped += 1
                }
            } catch let error as AppError where error.kind == .invalidInput {
                counts.ignored += 1
            }
        }
    }

    private func storeTreatments(_ page: [DocumentValue], ownerID: String, settings: InsulinSettings, summary: inout Summary) throws {
        for document in page {
            // Nightscout stamps every treatment's created_at; the cursor is read from it.
            guard case .object = document, document["created_at"] != nil,
                  let injections = try? TreatmentDoses.injections(of: document, settings: settings), !injections.isEmpty, let time = try? NightscoutDocuments.treatmentTime(document, now: clock.now) else {
                summary.treatments.ignored += 1
                continue
            }
            do {
                // A dose of a Tend log (this person's, synced to the server pulled from): one record.
                switch try storeOwnDose(document, ownerID: ownerID, settings: settings) {
                case .added: summary.treatments.added += 1; summary.dosesAdded += 1; continue
                case .alreadyHere: summary.treatments.skipped += 1; continue
                case .notTend: break
                }
                // A treatment is new when the instant it lands on holds one more stored document
                // (the duplicate rules are `NightscoutTreatments`' alone).
                let before = Set(try documents.documents(at: time, type: nil, ownerID: ownerID, collection: .treatments).map(\.id))
                // A treatment of a tend-server that made doses: they keep that server's ids.
                if case .array(let given)? = document[NightscoutTreatments.doseIDsField] {
                    _ = try treatments.postPulled(document, doseIDs: given.compactMap(\.string), ownerID: ownerID)
                } else {
                    _ = try treatments.post([document], ownerID: ownerID, source: "nightscout")
                }
                let made = try documents.documents(at: time, type: nil, ownerID: ownerID, collection: .treatments)
                    .filter { !before.contains($0.id) }
                if made.isEmpty {
                    summary.treatments.skipped += 1
                } else {
                    summary.treatments.added += 1
                    summary.dosesAdded += made.reduce(0) { $0 + $1.doseIDs.count }
                }
            } catch let error as AppError where error.kind == .invalidInput {
                summary.treatments.ignored += 1
            }
        }
    }
}
