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
    /// Runs `body`'s reads (of any repository of this store) on one snapshot of the data; no
    /// write may happen inside.
    func reading<T>(_ body: () throws -> T) throws -> T
    /// What these members did toward the bridges of these dates: live moods and photos, care done
    /// (by whom, on their own date), calendar looks. In no particular order, repeats allowed;
    /// nothing of anyone else.
    func bridgeMarks(coupleID: String, members: [String], from first: LocalDate, through last: LocalDate) throws -> [BridgeMark]
    /// The recent moments of the live moods of these dates updated at `since` or later, newest
    /// day first, a day's in no particular order (the home sorts them by time; of two at the same
    /// instant the later day's comes first). `since`'s own millisecond may be added: filter exactly.
    func moodMoments(coupleID: String, from first: LocalDate, through last: LocalDate, since: Date) throws -> [Moment]
    /// The same of the live photos (their captions).
    func photoMoments(coupleID: String, from first: LocalDate, through last: LocalDate, since: Date) throws -> [Moment]
    /// The recent moments of the live care items: one `careAdded` for each added at `since` or
    /// later, one `careDone` for each done at `since` or later; items in `careItems(coupleID:)`'s
    /// order, an item's added before its done (a store counting in milliseconds may add ones of
    /// `since`'s own millisecond: filter exactly).
    func careMoments(coupleID: String, since: Date) throws -> [Moment]
    /// Live events created at `since` or later, in `events(coupleID:)`'s order (the same).
    func events(coupleID: String, createdSince since: Date) throws -> [CalendarEvent]
    /// The bridge of `day` as `rememberBridge` kept it, when none of the couple's marks or
    /// members has changed since it was counted; and the version of those now (nil: this store
    /// remembers nothing).
    func rememberedBridge(coupleID: String, day: LocalDate) throws -> RememberedBridge
    /// Keeps a bridge counted from the marks of `version`, until they change.
    func rememberBridge(_ bridge: Bridge, coupleID: String, version: Int64) throws
}

/// Photo bytes on disk, content-addressed.
public protocol PhotoStore: Sendable {
    /// Stores the bytes and returns their SHA-256 in hex.
    func store(_ data: Data) throws -> String
    func data(sha256: String) throws -> Data?
    func remove(sha256: String) throws
}
