import Core
@testable import Domain
import Foundation
import Synchronization
import Testing

// MARK: - CoupleRepository

/// The couple space's tables: soft-deleted rows are left out of reads, `couples(accountID:)` is
/// newest first, `erase` removes the couple and every row in it (the tables' ON DELETE CASCADE).
final class FakeCoupleRepository: CoupleRepository {
    let memory: FakeDatabase

    init(memory: FakeDatabase) { self.memory = memory }

    // MARK: Couples

    func insert(_ couple: Couple) throws {
        try memory.write(.coupleInsert, couple) { try $0.couples.insert(couple, key: couple.id, call: .coupleInsert) }
    }

    /// Saves the disconnection.
    func update(_ couple: Couple) throws {
        try memory.write(.coupleUpdate, couple) { tables in
            try tables.couples.update(key: couple.id, call: .coupleUpdate) { stored in
                stored.disconnectedAt = couple.disconnectedAt
                stored.disconnectedBy = couple.disconnectedBy
            }
        }
    }

    func couple(id: String) throws -> Couple? {
        memory.read { $0.couples[id] }
    }

    func couples(accountID: String) throws -> [Couple] {
        memory.read { tables in
            tables.couples.values.filter { $0.memberIDs.contains(accountID) }
                .sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }
        }
    }

    func disconnectedCouples(before date: Date) throws -> [Couple] {
        memory.read { tables in
            tables.couples.values.filter { couple in couple.disconnectedAt.map { $0 < date } ?? false }
        }
    }

    func erase(coupleID: String) throws {
        try memory.write(.coupleErase, coupleID) { tables in
            tables.couples[coupleID] = nil
            tables.moods.removeAll { $0.coupleID == coupleID }
            tables.meetings.removeAll { $0.coupleID == coupleID }
            tables.events.removeAll { $0.coupleID == coupleID }
            tables.checks.removeAll { $0.coupleID == coupleID }
            tables.care.removeAll { $0.coupleID == coupleID }
            tables.photos.removeAll { $0.coupleID == coupleID }
        }
    }

    // MARK: Invites and the throttle

    func insert(_ invite: Invite) throws {
        try memory.write(.inviteInsert, invite) { try $0.invites.insert(invite, key: invite.id, call: .inviteInsert) }
    }

    /// Saves the use or the revocation.
    func update(_ invite: Invite) throws {
        try memory.write(.inviteUpdate, invite) { tables in
            try tables.invites.update(key: invite.id, call: .inviteUpdate) { stored in
                stored.usedAt = invite.usedAt
                stored.revokedAt = invite.revokedAt
            }
        }
    }

    /// The newest invite with the code.
    func invite(code: String) throws -> Invite? {
        memory.read { tables in
            tables.invites.values.filter { $0.code == code }.max { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
        }
    }

    func usableInvites(accountID: String, at date: Date) throws -> [Invite] {
        memory.read { tables in
            tables.invites.values.filter { $0.accountID == accountID && $0.usedAt == nil && $0.revokedAt == nil && $0.expiresAt > date }
        }
    }

    func joinFailures(accountID: String) throws -> JoinFailures? {
        memory.read { $0.joinFailures[accountID] }
    }

    func save(_ failures: JoinFailures) throws {
        try memory.write(.joinFailuresSave, failures) { $0.joinFailures[failures.accountID] = failures }
    }

    func clearJoinFailures(accountID: String) throws {
        try memory.write(.joinFailuresClear, accountID) { $0.joinFailures[accountID] = nil }
    }

    // MARK: Locations

    func location(accountID: String) throws -> MemberLocation? {
        memory.read { $0.locations[accountID] }
    }

    /// An upsert on the account: the first save's creation stays.
    func save(_ location: MemberLocation) throws {
        try memory.write(.locationSave, location) { tables in
            if var stored = tables.locations[location.accountID] {
                stored.city = location.city
                stored.latitude = location.latitude
                stored.longitude = location.longitude
                stored.updatedAt = location.updatedAt
                tables.locations[location.accountID] = stored
            } else {
                tables.locations[location.accountID] = location
            }
        }
    }

    // MARK: Moods

    /// An upsert on the id.
    func save(_ mood: MoodEntry) throws {
        try memory.write(.moodSave, mood) { tables in
            if var stored = tables.moods[mood.id] {
                stored.mood = mood.mood
                stored.status = mood.status
                stored.note = mood.note
                stored.updatedAt = mood.updatedAt
                tables.moods[mood.id] = stored
            } else {
                tables.moods[mood.id] = mood
            }
        }
    }

    func mood(coupleID: String, authorID: String, day: LocalDate) throws -> MoodEntry? {
        memory.read { tables in
            tables.moods.values.first { $0.coupleID == coupleID && $0.authorID == authorID && $0.day == day }
        }
    }

    func moods(coupleID: String, from first: LocalDate, through last: LocalDate) throws -> [MoodEntry] {
        memory.read { tables in
            tables.moods.values.filter { $0.coupleID == coupleID && $0.day >= first && $0.day <= last }
                .sorted { ($0.day, $0.updatedAt) > ($1.day, $1.updatedAt) }
        }
    }

    // MARK: Meetings

    /// An upsert on the id.
    func save(_ meeting: Meeting) throws {
        try memory.write(.meetingSave, meeting) { tables in
            if var stored = tables.meetings[meeting.id] {
                stored.authorID = meeting.authorID
                stored.day = meeting.day
                stored.place = meeting.place
                stored.updatedAt = meeting.updatedAt
                tables.meetings[meeting.id] = stored
            } else {
                tables.meetings[meeting.id] = meeting
            }
        }
    }

    func meetings(coupleID: String) throws -> [Meeting] {
        memory.read { tables in
            tables.meetings.values.filter { $0.coupleID == coupleID }.sorted { $0.day < $1.day }
        }
    }

    // MARK: Calendar

    /// An upsert on the id.
    func save(_ event: CalendarEvent) throws {
        try memory.write(.eventSave, event) { tables in
            if var stored = tables.events[event.id] {
                stored.title = event.title
                stored.whoseAccountID = event.whoseAccountID
                stored.isAllDay = event.isAllDay
                stored.startDay = event.startDay
                stored.endDay = event.endDay
                stored.startsAt = event.startsAt
                stored.endsAt = event.endsAt
                stored.timeZone = event.timeZone
                stored.recurrence = event.recurrence
                stored.updatedAt = event.updatedAt
                stored.deletedAt = event.deletedAt
                tables.events[event.id] = stored
            } else {
                tables.events[event.id] = event
            }
        }
    }

    func events(coupleID: String) throws -> [CalendarEvent] {
        memory.read { tables in
            tables.events.values.filter { $0.coupleID == coupleID && $0.deletedAt == nil }.sorted { $0.startDay < $1.startDay }
        }
    }

    func event(coupleID: String, id: String) throws -> CalendarEvent? {
        memory.read { tables in
            guard let event = tables.events[id], event.coupleID == coupleID, event.deletedAt == nil else { return nil }
            return event
        }
    }

    func insert(_ check: CalendarCheck) throws {
        try memory.write(.checkInsert, check) { try $0.checks.insert(check, key: check.id, call: .checkInsert) }
    }

    func checks(coupleID: String, from first: LocalDate, through last: LocalDate) throws -> [CalendarCheck] {
        memory.read { tables in
            tables.checks.values.filter { $0.coupleID == coupleID && $0.day >= first && $0.day <= last }.sorted { $0.day < $1.day }
        }
    }

    // MARK: Care

    /// An upsert on the id.
    func save(_ item: CareItem) throws {
        try memory.write(.careSave, item) { tables in
            if var stored = tables.care[item.id] {
                stored.text = item.text
                stored.due = item.due
                stored.doneBy = item.doneBy
                stored.doneAt = item.doneAt
                stored.doneDay = item.doneDay
                stored.updatedAt = item.updatedAt
                stored.deletedAt = item.deletedAt
                tables.care[item.id] = stored
            } else {
                tables.care[item.id] = item
            }
        }
    }

    func careItems(coupleID: String) throws -> [CareItem] {
        memory.read { tables in
            tables.care.values.filter { $0.coupleID == coupleID && $0.deletedAt == nil }.sorted { $0.createdAt < $1.createdAt }
        }
    }

    func careItem(coupleID: String, id: String) throws -> CareItem? {
        memory.read { tables in
            guard let item = tables.care[id], item.coupleID == coupleID, item.deletedAt == nil else { return nil }
            return item
        }
    }

    // MARK: Photos

    /// An upsert on the id.
    func save(_ photo: CouplePhoto) throws {
        try memory.write(.photoSave, photo) { tables in
            if var stored = tables.photos[photo.id] {
                stored.sha256 = photo.sha256
                stored.format = photo.format
                stored.byteCount = photo.byteCount
                stored.caption = photo.caption
                stored.updatedAt = photo.updatedAt
                stored.deletedAt = photo.deletedAt
                tables.photos[photo.id] = stored
            } else {
                tables.photos[photo.id] = photo
            }
        }
    }

    func photos(coupleID: String, from first: LocalDate, through last: LocalDate) throws -> [CouplePhoto] {
        memory.read { tables in
            tables.photos.values.filter { $0.coupleID == coupleID && $0.day >= first && $0.day <= last && $0.deletedAt == nil }
                .sorted { ($0.day, $0.updatedAt) > ($1.day, $1.updatedAt) }
        }
    }

    func photo(coupleID: String, id: String) throws -> CouplePhoto? {
        memory.read { tables in
            guard let photo = tables.photos[id], photo.coupleID == coupleID, photo.deletedAt == nil else { return nil }
            return photo
        }
    }

    func photoReferences(sha256: String) throws -> Int {
        memory.read { tables in tables.photos.values.count { $0.sha256 == sha256 && $0.deletedAt == nil } }
    }
}

// MARK: - PhotoStore

/// Photo bytes in a dictionary (outside the database, as files are), content-addressed by a deterministic 64-hex-digit digest
/// (four FNV-1a 64-bit hashes with different seeds: not SHA-256, but stable and distinct for
/// the test images).
final class FakePhotoStore: PhotoStore {
    struct State {
        var blobs: [String: Data] = [:]
        var stores = 0
        var removals: [String] = []
    }

    let state = Mutex(State())

    static func digest(_ data: Data) -> String {
        let seeds: [UInt64] = [0xcbf2_9ce4_8422_2325, 0x8422_2325_cbf2_9ce4, 0x9e37_79b9_7f4a_7c15, 0xc2b2_ae3d_27d4_eb4f]
        return seeds.map { seed -> String in
            var hash = seed
            for byte in data {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01B3
            }
            hash ^= UInt64(truncatingIfNeeded: data.count) &* seed
            let hex = String(hash, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    func store(_ data: Data) throws -> String {
        let hash = Self.digest(data)
        state.withLock { state in
            state.blobs[hash] = data
            state.stores += 1
        }
        return hash
    }

    func data(sha256: String) throws -> Data? {
        state.withLock { $0.blobs[sha256] }
    }

    func remove(sha256: String) throws {
        state.withLock { state in
            state.blobs[sha256] = nil
            state.removals.append(sha256)
        }
    }

    var hashes: Set<String> { state.withLock { Set($0.blobs.keys) } }
}

// MARK: - Weather

struct CoupleWeatherFailure: Error {}

/// A provider that answers for any place (the city is the place's cache key) or fails on demand,
/// and counts its calls.
final class CoupleWeatherProvider: WeatherProvider {
    struct State {
        var isConfigured = true
        var fails = false
        var temperatureC = 12.5
        var calls = 0
    }

    let state = Mutex(State())
    let clock: any Clock

    init(clock: any Clock) { self.clock = clock }

    var isConfigured: Bool { state.withLock { $0.isConfigured } }
    var calls: Int { state.withLock { $0.calls } }
    func set(_ change: (inout State) -> Void) { state.withLock { change(&$0) } }

    func current(latitude: Double, longitude: Double) throws -> WeatherObservation {
        let now = clock.now
        return try state.withLock { state in
            state.calls += 1
            if state.fails { throw CoupleWeatherFailure() }
            return WeatherObservation(temperatureC: state.temperatureC, description: "clear sky", icon: "01d",
                                      city: WeatherService.cacheKey(latitude: latitude, longitude: longitude), observedAt: now)
        }
    }
}

// MARK: - Invite codes

/// Invite codes in a set order (then `K0000001`-like codes from a counter), so that a test knows
/// which code comes next and codes never clash by chance.
final class CoupleCodeSequence: Sendable {
    let state: Mutex<(queue: [String], counter: Int)>

    init(_ codes: [String] = []) { state = Mutex((codes, 0)) }

    func next() -> String {
        state.withLock { state in
            if !state.queue.isEmpty { return state.queue.removeFirst() }
            state.counter += 1
            var number = state.counter
            var digits: [Character] = []
            for _ in 0..<7 {
                digits.append(CoupleUseCases.codeAlphabet[number % CoupleUseCases.codeAlphabet.count])
                number /= CoupleUseCases.codeAlphabet.count
            }
            return "K" + String(digits.reversed())
        }
    }
}

// MARK: - A world to run the couple use cases in

/// The fakes wired together around one movable clock.
struct CoupleWorld {
    /// What the use cases published.
    let events = RecordedEvents()
    let memory = FakeDatabase()
    let couples: FakeCoupleRepository
    let accounts: FakeAccountRepository
    let photoStore = FakePhotoStore()
    let weatherCache: FakeWeatherCache
    let weatherProvider: CoupleWeatherProvider
    let transactor: FakeTransactor
    let clock: MovableClock
    let codes: CoupleCodeSequence
    /// Wrong codes per client address (digests `digest(<key>)`).
    let throttles: FakeClientThrottleRepository
    let useCases: CoupleUseCases

    init(now: Date, codes: [String] = []) {
        throttles = FakeClientThrottleRepository(memory: memory)
        couples = FakeCoupleRepository(memory: memory)
        accounts = FakeAccountRepository(memory: memory)
        weatherCache = FakeWeatherCache(memory: memory)
        transactor = FakeTransactor(memory: memory)
        clock = MovableClock(now)
        weatherProvider = CoupleWeatherProvider(clock: clock)
        let sequence = CoupleCodeSequence(codes)
        self.codes = sequence
        useCases = CoupleUseCases(couples: couples, accounts: accounts, photoStore: photoStore, photos: FakePhotoSanitizer(),
                                  weather: WeatherService(provider: weatherProvider, cache: weatherCache, clock: clock),
                                  transactor: transactor, clock: clock, events: events, makeCode: { sequence.next() },
                                  limiter: ClientLimiter(throttles: throttles, transactor: transactor, clock: clock,
                                                         pseudonym: { "digest(\($0))" }))
    }

    var now: Date { clock.now }

    /// Moves the clock to `date` (forwards or backwards).
    func move(to date: Date) { clock.advance(by: date.timeIntervalSince(clock.now)) }

    func advance(days: Double = 0, hours: Double = 0, minutes: Double = 0, seconds: Double = 0) {
        clock.advance(by: days * 86_400 + hours * 3600 + minutes * 60 + seconds)
    }

    @discardableResult
    func addAccount(_ id: String, zone: String = "Asia/Seoul") throws -> Account {
        let account = Account(id: id, email: "\(id)@example.com", displayName: id.capitalized, timeZoneIdentifier: zone,
                              passwordHash: "x", createdAt: now, updatedAt: now)
        // Set-up, as the account use cases would write it: in a transaction of its own.
        try FakeTransactor(memory: memory).write { try accounts.insert(account) }
        return account
    }

    /// Two new accounts paired through an invite: `inviter` first.
    @discardableResult
    func pair(_ inviter: String, zone inviterZone: String = "Asia/Seoul", with joiner: String,
              zone joinerZone: String = "Asia/Seoul") throws -> Couple {
        try addAccount(inviter, zone: inviterZone)
        try addAccount(joiner, zone: joinerZone)
        let invite = try useCases.createInvite(accountID: inviter)
        return try useCases.join(accountID: joiner, code: invite.code)
    }
}

/// The `AppError` a call throws (records an issue when it succeeds or throws something else).
func coupleError(sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) -> AppError? {
    do {
        try body()
        Issue.record("expected an AppError, but the call succeeded", sourceLocation: sourceLocation)
        return nil
    } catch let error as AppError {
        return error
    } catch {
        Issue.record("expected an AppError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}
