import FoundationEssentials
import FoundationInternationalization
import Core

/// The couple space: pairing, what it holds, the bridge and the home. Every call names the
/// account that makes it; an account outside a couple sees nothing of it (`not_paired`).
public struct CoupleUseCases: Sendable {
    public static let inviteLifetime: TimeInterval = 24 * 3600
    /// How long each member can still download what they wrote after a disconnection.
    public static let archiveWindow: TimeInterval = 30 * 24 * 3600
    /// Wrong codes allowed before the throttle starts.
    public static let freeJoinFailures = 5
    /// Unambiguous: no 0/O, 1/I/L.
    public static let codeAlphabet = Array("23456789ABCDEFGHJKMNPQRSTUVWXYZ")
    public static let codeLength = 8

    let couples: any CoupleRepository
    let accounts: any AccountRepository
    let photoStore: any PhotoStore
    /// Recognises an uploaded photo and strips its location-bearing metadata (`Photos`).
    let photos: any PhotoSanitizer
    let weather: WeatherService
    let transactor: any Transactor
    let clock: any Clock
    let makeCode: @Sendable () -> String
    /// Where couple events go (the notifications listen); sent after each write has landed.
    let events: any DomainEventSink
    /// Wrong invite codes per client address, whichever account types them; nil: not limited.
    let limiter: ClientLimiter?

    public init(couples: any CoupleRepository, accounts: any AccountRepository, photoStore: any PhotoStore,
                photos: any PhotoSanitizer, weather: WeatherService,
                transactor: any Transactor, clock: any Clock, events: any DomainEventSink,
                makeCode: @escaping @Sendable () -> String = CoupleUseCases.randomCode, limiter: ClientLimiter? = nil) {
        self.limiter = limiter
        self.events = events
        self.couples = couples
        self.accounts = accounts
        self.photoStore = photoStore
        self.photos = photos
        self.weather = weather
        self.transactor = transactor
        self.clock = clock
        self.makeCode = makeCode
    }

    /// A code from the system's secure generator.
    public static func randomCode() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<codeLength).map { _ in codeAlphabet.randomElement(using: &generator)! })
    }

    /// A typed code as stored: upper case, spaces and dashes dropped.
    public static func normalizedCode(_ raw: String) -> String {
        String(raw.uppercased().filter { $0 != " " && $0 != "-" })
    }

    // MARK: Membership

    /// The active couple of an account, or 404 `not_paired`.
    public func activeCouple(accountID: String) throws -> Couple {
        guard let couple = try couples.couples(accountID: accountID).first(where: \.isActive) else {
            throw AppError.notFound("you are not in a couple: create an invite or join one with a code", code: "not_paired")
        }
        return couple
    }

    func account(_ id: String) throws -> Account {
        guard let account = try accounts.account(id: id) else {
            throw AppError.notFound("no account \(id)", code: "account_not_found")
        }
        return account
    }

    public func zone(of accountID: String) -> TimeZone {
        TimeZone(stored: (try? accounts.account(id: accountID))?.timeZoneIdentifier ?? "UTC")
    }

    /// The member's local date now.
    public func today(of accountID: String) -> LocalDate { zone(of: accountID).localDate(of: clock.now) }

    /// The couple with its members' accounts and places, for `GET /v1/couple`.
    public struct Members: Sendable {
        public let couple: Couple
        public let accounts: [Account]
        public let locations: [String: MemberLocation]
    }

    public func members(accountID: String) throws -> Members {
        let couple = try activeCouple(accountID: accountID)
        return try members(of: couple)
    }

    func members(of couple: Couple) throws -> Members {
        let list = try couple.memberIDs.map(account)
        var locations: [String: MemberLocation] = [:]
        for id in couple.memberIDs { locations[id] = try couples.location(accountID: id) }
        return Members(couple: couple, accounts: list, locations: locations)
    }

    // MARK: Pairing

    /// A new invite; the previous usable one of this account is revoked.
    public func createInvite(accountID: String) throws -> Invite {
        _ = try account(accountID)
        let now = clock.now
        return try transactor.write {
            if try couples.couples(accountID: accountID).contains(where: \.isActive) {
                throw AppError.conflict("you are already in a couple", code: "already_paired")
            }
            for var old in try couples.usableInvites(accountID: accountID, at: now) {
                old.revokedAt = now
                try couples.update(old)
            }
            var code = makeCode()
            // A clash with a live code is astronomically rare but would make a code ambiguous.
            while let existing = try couples.invite(code: code), existing.isUsable(at: now) { code = makeCode() }
            let invite = Invite(id: UUIDv7.makeString(at: now), code: code, accountID: accountID, createdAt: now,
                                expiresAt: now.addingTimeInterval(Self.inviteLifetime))
            try couples.insert(invite)
            return invite
        }
    }

    /// Joins the inviter's space with a code. Refusals: own invite, already paired (either
    /// side), unknown code (counted against guessing), expired/used/revoked code, throttled.
    /// A wrong code counts against the account (`freeJoinFailures`, then a lock that doubles) and
    /// against the client address (`ClientLimit.inviteGuesses`), so that guessing from many new
    /// accounts is bounded as well; either throttle refuses even the right code.
    public func join(accountID: String, code rawCode: String, from clientAddress: String? = nil) throws -> Couple {
        _ = try account(accountID)
        let now = clock.now
        if let record = try couples.joinFailures(accountID: accountID), let until = record.lockedUntil, until > now {
            throw Self.throttled(until: until, now: now)
        }
        let code = Self.normalizedCode(rawCode)
        let outcome: Result<Couple, AppError> = try transactor.write {
            // Checked and taken in one transaction: no other process takes the allowance between.
            try limiter?.check(.inviteGuesses, address: clientAddress)
            guard code.count == Self.codeLength, code.allSatisfy(Self.codeAlphabet.contains),
                  let invite = try couples.invite(code: code) else {
                try recordFailure(accountID: accountID, at: now)
                try limiter?.take(.inviteGuesses, address: clientAddress)
                return .failure(AppError.notFound("no invite has this code", code: "invite_not_found"))
            }
            if invite.accountID == accountID {
                return .failure(AppError.conflict("this is your own invite: send it to your partner", code: "own_invite"))
            }
            if try couples.couples(accountID: accountID).contains(where: \.isActive) {
                return .failure(AppError.conflict("you are already in a couple", code: "already_paired"))
            }
            guard invite.isUsable(at: now) else {
                return .failure(AppError(.gone, code: "invite_expired", "this invite has expired or was already used: ask for a new one"))
            }
            if try couples.couples(accountID: invite.accountID).contains(where: \.isActive) {
                return .failure(AppError.conflict("the person who made this invite is already in a couple", code: "already_paired"))
            }
            var used = invite
            used.usedAt = now
            try couples.update(used)
            for var other in try couples.usableInvites(accountID: accountID, at: now) {
                other.revokedAt = now
                try couples.update(other)
            }
            let couple = Couple(id: UUIDv7.makeString(at: now), memberIDs: [invite.accountID, accountID], createdAt: now)
            try couples.insert(couple)
            try couples.clearJoinFailures(accountID: accountID)
            return .success(couple)
        }
        return try outcome.get()
    }

    private func recordFailure(accountID: String, at now: Date) throws {
        var record = try couples.joinFailures(accountID: accountID)
            ?? JoinFailures(accountID: accountID, count: 0, lastFailureAt: now, lockedUntil: nil)
        record.count += 1
        record.lastFailureAt = now
        if record.count >= Self.freeJoinFailures {
            let exponent = min(record.count - Self.freeJoinFailures, 6)
            record.lockedUntil = now.addingTimeInterval(min(60 * Double(1 << exponent), 3600))
        }
        try couples.save(record)
    }

    static func throttled(until: Date, now: Date) -> AppError {
        let seconds = Int(until.timeIntervalSince(now).rounded(.up))
        return AppError(.tooManyRequests, code: "too_many_attempts",
                        "too many wrong invite codes; try again in \(seconds) s", details: seconds)
    }

    /// Ends the couple for both at once. Each keeps their own writings for the archive window.
    public func disconnect(accountID: String) throws {
        let now = clock.now
        let members: [String] = try transactor.write {
            var couple = try activeCouple(accountID: accountID)
            couple.disconnectedAt = now
            couple.disconnectedBy = accountID
            try couples.update(couple)
            return couple.memberIDs
        }
        events.send(.disconnected(memberIDs: members))
    }

    /// Erases couples whose archive window has passed, rows and photo files. Returns how many.
    @discardableResult
    public func eraseExpired() throws -> Int {
        let expired = try couples.disconnectedCouples(before: clock.now.addingTimeInterval(-Self.archiveWindow))
        for couple in expired {
            let hashes = Set(try couples.photos(coupleID: couple.id, from: LocalDate(dayNumber: -800_000),
                                                through: LocalDate(dayNumber: 800_000)).map(\.sha256))
            try transactor.write { try couples.erase(coupleID: couple.id) }
            // Counted and removed under the write lock, like a replaced photo: a photo of the same
            // bytes landing meanwhile keeps its file.
            try transactor.write {
                for hash in hashes where try couples.photoReferences(sha256: hash) == 0 { try? photoStore.remove(sha256: hash) }
            }
        }
        return expired.count
    }

    // MARK: Place

    public func setLocation(accountID: String, city rawCity: String, latitude: Double, longitude: Double) throws -> MemberLocation {
        _ = try account(accountID)
        let city = rawCity.trimmed
        guard (1...80).contains(city.count) else {
            throw AppError.invalidInput("city must be 1 to 80 characters", code: "invalid_city")
        }
        guard latitude.isFinite, (-90...90).contains(latitude) else {
            throw AppError.invalidInput("lat must be between -90 and 90", code: "invalid_latitude")
        }
        guard longitude.isFinite, (-180...180).contains(longitude) else {
            throw AppError.invalidInput("lon must be between -180 and 180", code: "invalid_longitude")
        }
        let now = clock.now
        return try transactor.write {
            var location = try couples.location(accountID: accountID)
                ?? MemberLocation(accountID: accountID, city: city, latitude: latitude, longitude: longitude,
                                  createdAt: now, updatedAt: now)
            location.city = city
            location.latitude = latitude
            location.longitude = longitude
            location.updatedAt = now
            try couples.save(location)
            return location
        }
    }
}
