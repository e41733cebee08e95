import FoundationEssentials
import Core

/// Where the last `tend glucose pull` from one Nightscout site ended: the newest entry and the
/// newest treatment it had seen. Kept on this device only (another device pulls for itself).
public struct NightscoutPullCursor: Sendable, Equatable {
    /// The site's base URL as `NightscoutSiteURL` writes it (never a credential).
    public let site: String
    public var entriesThrough: Date?
    public var treatmentsThrough: Date?
    public var pulledAt: Date

    public init(site: String, entriesThrough: Date?, treatmentsThrough: Date?, pulledAt: Date) {
        self.site = site
        self.entriesThrough = entriesThrough
        self.treatmentsThrough = treatmentsThrough
        self.pulledAt = pulledAt
    }
}

/// Storage of the pull cursors, one per person and site.
public protocol NightscoutPullCursorRepository: Sendable {
    func cursor(site: String, ownerID: String) throws -> NightscoutPullCursor?
    /// Inserts the site's cursor or replaces it.
    func save(_ cursor: NightscoutPullCursor, ownerID: String, at date: Date) throws
}

/// One Nightscout site as a pull reads it: one request per call. `after` is exclusive; `upTo`
/// bounds the page from above. Answers newest first, at most `count` documents, as Nightscout's
/// API v1 answers `find[date][$gt]=…&find[date][$lte]=…&count=…`.
public protocol NightscoutSite: Sendable {
    func entries(after: Date, upTo: NightscoutPullBound?, count: Int) throws -> [DocumentValue]
    func treatments(after: Date, upTo: NightscoutPullBound?, count: Int) throws -> [DocumentValue]
}

/// The upper end of a page: through `date` (`$lte`), or before it (`$lt`) once a page showed
/// nothing older than `date` but was full (documents sharing one millisecond).
public struct NightscoutPullBound: Sendable, Equatable {
    public let date: Date
    public let inclusive: Bool

    public init(date: Date, inclusive: Bool) {
        self.date = date
        self.inclusive = inclusive
    }
}
