import FoundationEssentials
import Core

/// The couple space's storage. One protocol: every row belongs to one couple, and the use
/// cases read across its parts (the bridge needs moods, photos, care and checks at once).
public protocol CoupleRepository: Sendable {
    // The couple and its members
    func insert(_ couple: Couple) throws
    func update(_ couple: Couple) throws
    func couple(id: String) throws -> Couple?
    /// The couples an account has been in, newest first (at most one of them active).
    func couples(accountID: String) throws -> [Couple]
    /// Disconnected couples whose disconnection is older than `date`, to erase.
    func disconnectedCouples(before date: Date) throws -> [Couple]
    /// Removes the couple and everything in it for good.
    func erase(coupleID: String) throws

    // Invites and the throttle
    func insert(_ invite: Invite) throws
    func update(_ invite: Invite) throws
    func invite(code: String) throws -> Invite?
    func usableInvites(accountID: String, at date: Date) throws -> [Invite]
    func joinFailures(accountID: String) throws -> JoinFailures?
    func save(_ failures: JoinFailures) throws
    func clearJoinFailures(accountID: String) throws

    // Where each member is
    func location(accountID: String) throws -> MemberLocation?
    func save(_ location: MemberLocation) throws

    // What the space holds
    func save(_ mood: MoodEntry) throws
    func mood(coupleID: String, authorID: String, day: LocalDate) throws -> MoodEntry?
    func moods(coupleID: String, from first: LocalDate, through last: LocalDate) throws -> [MoodEntry]
    func save(_ meeting: Meeting) throws
    func meetings(coupleID: String) throws -> [Meeting]
    func save(_ event: CalendarEvent) throws
    func events(coupleID: String) throws -> [CalendarEvent]
    func event(coupleID: String, id: String) throws -> CalendarEvent?
    func insert(_ check: CalendarCheck) throws
    func checks(coupleID: String, from first: LocalDate, through last: LocalDate) throws -> [CalendarCheck]
    func save(_ item: CareItem) throws
    func careItems(coupleID: String) throws -> [CareItem]
    func careItem(coupleID: String, id: String) throws -> CareItem?
    func save(_ photo: CouplePhoto) throws
    func photos(coupleID: String, from first: LocalDate, through last: LocalDate) throws -> [CouplePhoto]
    func photo(coupleID: String, id: String) throws -> CouplePhoto?
    /// Live photos anywhere that point at these bytes (the store is content-addressed).
    func photoReferences(sha256: String) throws -> Int

    // The home's narrow reads (defaults in CoupleHomeReads.swift)
    /// What counts toward the bridges of these dates, care aside: live moods and photos,
    /// calendar looks (each indexed by date). In no particular order.
    func bridgeMarks(coupleID: String, from first: LocalDate, through last: LocalDate) throws -> [BridgeMark]
    /// Care done on these dates (by whom, on their date), live items only. In no particular
    /// order. Apart: care has no index by date (a store may have to scan it for each window).
    func careMarks(coupleID: String, from first: LocalDate, through last: LocalDate) throws -> [BridgeMark]
    /// Live care items added or done at `since` or later, in `careItems(coupleID:)`'s order (a
    /// store counting in milliseconds may add ones of `since`'s own millisecond: filter exactly).
    func careItems(coupleID: String, addedOrDoneSince since: Date) throws -> [CareItem]
    /// Live events created at `since` or later, in `events(coupleID:)`'s order (the same).
    func events(coupleID: String, createdSince since: Date) throws -> [CalendarEvent]
}

/// Photo bytes on disk, content-addressed.
public protocol PhotoStore: Sendable {
    /// Stores the bytes and returns their SHA-256 in hex.
    func store(_ data: Data) throws -> String
    func data(sha256: String) throws -> Data?
    func remove(sha256: String) throws
}
