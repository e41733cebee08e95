import Core
@testable import Domain
import Foundation
import Testing

/// The account use cases on the fakes, around one movable clock, with sign-ups limited per
/// client address as the container wires them.
struct AccountWorld {
    let memory = FakeDatabase()
    let accounts: FakeAccountRepository
    let failures: FakeLoginFailureRepository
    let throttles: FakeClientThrottleRepository
    let hasher = CountingPasswordHasher()
    let clock: MovableClock
    let useCases: AccountUseCases

    init(now: Date = Date(timeIntervalSince1970: 1_795_000_000)) {
        accounts = FakeAccountRepository(memory: memory)
        failures = FakeLoginFailureRepository(memory: memory)
        throttles = FakeClientThrottleRepository(memory: memory)
        clock = MovableClock(now)
        let transactor = FakeTransactor(memory: memory)
        useCases = AccountUseCases(
            accounts: accounts, sessions: FakeSessionRepository(memory: memory), failures: failures, hasher: hasher,
            tokens: SequentialTokenGenerator(), transactor: transactor, clock: clock, events: RecordedEvents(),
            limiter: ClientLimiter(throttles: throttles, transactor: transactor, clock: clock, pseudonym: { "digest(\($0))" }))
    }

    @discardableResult
    func register(_ email: String, password: String = "correct horse battery", from address: String? = nil) throws -> Account {
        try useCases.register(.init(email: email, password: password, displayName: "Someone", timeZone: "Asia/Seoul"), from: address)
    }
}

private func accountError(sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) -> AppError? {
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

@Suite("Account rules")
struct AccountRulesTests {
    // MARK: A failed login costs the same, known email or not

    @Suite("A failed login does not tell whether the email has an account")
    struct LoginCost {
        @Test("an unknown email is verified once, against one hash made once by the same hasher")
        func unknownEmailVerifiesAgainstTheDummy() throws {
            let world = AccountWorld()
            for attempt in 1...3 {
                let error = accountError {
                    _ = try world.useCases.login(email: "nobody\(attempt)@example.com", password: "guess \(attempt)")
                }
                #expect(error?.code == "invalid_credentials")
            }
            #expect(world.hasher.hashed.count == 1, "the dummy hash is made once")
            #expect(world.hasher.verified.count == 3, "one verification per failed login")
            #expect(Set(world.hasher.verified).count == 1)
            #expect(world.hasher.verified.first?.hasPrefix("hash(") == true)
            #expect(world.hasher.hashed.first != "guess 1")
        }

        @Test("a server prepares the dummy hash at start: its first unknown email hashes nothing")
        func prepared() throws {
            let world = AccountWorld()
            try world.useCases.prepareForLogins()
            #expect(world.hasher.hashed.count == 1)
            _ = accountError { _ = try world.useCases.login(email: "nobody@example.com", password: "guess") }
            try world.useCases.prepareForLogins()
            #expect(world.hasher.hashed.count == 1)
            #expect(world.hasher.verified.count == 1)
        }

        @Test("a known email with a wrong password costs the same one verification, and answers the same")
        func knownEmailWrongPassword() throws {
            let world = AccountWorld()
            let account = try world.register("ana@example.com")
            let known = accountError { _ = try world.useCases.login(email: "ana@example.com", password: "wrong password") }
            let unknown = accountError { _ = try world.useCases.login(email: "ben@example.com", password: "wrong password") }
            #expect(known?.code == unknown?.code)
            #expect(known?.message == unknown?.message)
            #expect(known?.kind == .unauthorized)
            #expect(world.hasher.verified.count == 2)
            #expect(world.hasher.verified.first == account.passwordHash)
            // Both failures are counted, per email, the same way.
            #expect(try world.failures.failures(email: "ana@example.com")?.count == 1)
            #expect(try world.failures.failures(email: "ben@example.com")?.count == 1)
        }

        @Test("a locked-out email is refused without a verification, known or not, with the same wait")
        func lockoutCostsTheSame() throws {
            let world = AccountWorld()
            try world.register("ana@example.com")
            for email in ["ana@example.com", "ben@example.com"] {
                for _ in 1...AccountUseCases.freeFailures {
                    _ = accountError { _ = try world.useCases.login(email: email, password: "wrong password") }
                }
            }
            let verifications = world.hasher.verified.count
            #expect(verifications == 2 * AccountUseCases.freeFailures)
            let known = accountError { _ = try world.useCases.login(email: "ana@example.com", password: "correct horse battery") }
            let unknown = accountError { _ = try world.useCases.login(email: "ben@example.com", password: "correct horse battery") }
            #expect(known?.code == "too_many_attempts")
            #expect(unknown?.code == "too_many_attempts")
            #expect(known?.details as? Int == 30)
            #expect(unknown?.details as? Int == 30)
            #expect(world.hasher.verified.count == verifications, "a locked-out attempt verifies nothing, known or not")
        }

        @Test("the right password still logs in, and clears the failures")
        func rightPassword() throws {
            let world = AccountWorld()
            try world.register("ana@example.com")
            _ = accountError { _ = try world.useCases.login(email: "ana@example.com", password: "wrong password") }
            let result = try world.useCases.login(email: " ANA@example.com", password: "correct horse battery")
            #expect(result.token == "secret-1")
            #expect(try world.failures.failures(email: "ana@example.com") == nil)
            #expect(world.hasher.hashed.count == 1, "no dummy hash when no unknown email was tried")
        }
    }

    // MARK: Sign-ups per client address

    @Suite("Sign-ups per client address")
    struct Signups {
        @Test("5 at once from one address, then 429 too_many_signups with 12 minutes to wait; another address is not held")
        func burstThenRefused() throws {
            let world = AccountWorld()
            for index in 1...5 { try world.register("user\(index)@example.com", from: "203.0.113.7") }
            let refused = accountError { try world.register("user6@example.com", from: "203.0.113.7") }
            #expect(refused?.kind == .tooManyRequests)
            #expect(refused?.code == "too_many_signups")
            #expect(refused?.details as? Int == 720)
            #expect(try world.accounts.account(email: "user6@example.com") == nil)
            try world.register("user6@example.com", from: "203.0.113.8")

            world.clock.advance(by: 60)
            #expect(accountError { try world.register("user7@example.com", from: "203.0.113.7") }?.details as? Int == 660)
            world.clock.advance(by: 660)
            try world.register("user7@example.com", from: "203.0.113.7")
            #expect(accountError { try world.register("user8@example.com", from: "203.0.113.7") }?.details as? Int == 720)
        }

        @Test("email_taken counts, so probing which emails have an account is bounded; invalid input does not count")
        func whatCounts() throws {
            let world = AccountWorld()
            try world.register("ana@example.com", from: "198.51.100.1")
            for _ in 1...4 {
                #expect(accountError { try world.register("ana@example.com", from: "198.51.100.1") }?.code == "email_taken")
            }
            #expect(accountError { try world.register("ana@example.com", from: "198.51.100.1") }?.code == "too_many_signups")

            for _ in 1...10 {
                let weak = accountError { try world.register("ben@example.com", password: "short", from: "198.51.100.2") }
                #expect(weak?.code == "weak_password")
            }
            try world.register("ben@example.com", from: "198.51.100.2")
        }

        @Test("an IPv6 client is counted by its /64; an IPv4-mapped address as its IPv4 address")
        func addressKeys() throws {
            let world = AccountWorld()
            for index in 1...5 { try world.register("six\(index)@example.com", from: "2001:db8:1:2::\(index)") }
            #expect(accountError { try world.register("six6@example.com", from: "2001:db8:1:2:ffff::9") }?.code == "too_many_signups")
            try world.register("six6@example.com", from: "2001:db8:1:3::1")

            for index in 1...3 { try world.register("four\(index)@example.com", from: "192.0.2.9") }
            for index in 4...5 { try world.register("four\(index)@example.com", from: "::ffff:192.0.2.9") }
            #expect(accountError { try world.register("four6@example.com", from: "192.0.2.9") }?.code == "too_many_signups")
        }

        @Test("without an address (in process, no network client) nothing is limited")
        func noAddress() throws {
            let world = AccountWorld()
            for index in 1...12 { try world.register("user\(index)@example.com") }
            #expect(world.memory.tables.clientThrottles.isEmpty)
        }

        @Test("the address is stored only as its digest, and the row goes once the allowance is whole again")
        func storedAsDigestAndForgotten() throws {
            let world = AccountWorld()
            try world.register("ana@example.com", from: "203.0.113.7")
            let rows = world.memory.tables.clientThrottles.values
            let fullAt = world.clock.now.addingTimeInterval(720)
            #expect(rows == [ClientThrottle(scope: "signup", client: "digest(203.0.113.7)", fullAt: fullAt)])
            world.clock.advance(by: 720)
            try world.register("ben@example.com", from: "198.51.100.1")
            #expect(world.memory.tables.clientThrottles.values.map(\.client) == ["digest(198.51.100.1)"])
            #expect(world.memory.writesOutsideTransaction == 0)
        }
    }

    @Test("client keys", arguments: [
        ("203.0.113.7", "203.0.113.7"), (" 203.0.113.7 ", "203.0.113.7"),
        ("2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"), ("2001:DB8:1:2::1", "2001:db8:1:2::/64"), ("[2001:db8::1]", "2001:db8:0:0::/64"),
        ("fe80::1%eth0", "fe80:0:0:0::/64"), ("::1", "0:0:0:0::/64"), ("::ffff:198.51.100.4", "198.51.100.4"),
        ("::ffff:c633:6404", "198.51.100.4"), ("64:ff9b::192.0.2.1", "64:ff9b:0:0::/64"),
        ("unknown", "unknown"), ("1::2::3", "1::2::3"), ("12345::", "12345::"),
    ])
    func clientKeys(address: String, key: String) {
        #expect(ClientAddress.key(address) == key)
    }
}
