import Foundation
import Testing
import Core
import Domain
@testable import Crypto

@Suite("SodiumPasswordHasher")
struct PasswordHasherTests {
    let hasher = SodiumPasswordHasher(strength: .minimum)

    @Test func hashIsAnArgon2idString() throws {
        let hash = try hasher.hash("correct horse battery staple")
        #expect(hash.hasPrefix("$argon2id$v=19$"))
        // libsodium's minimum limits: 8 KiB of memory, one pass.
        #expect(hash.contains("$m=8,t=1,p=1$"))
        #expect(hash.split(separator: "$").count == 5)
        #expect(hash.utf8.allSatisfy { $0 >= 0x21 && $0 < 0x7F }, "printable ASCII, no NUL")
    }

    @Test func rightPasswordVerifies() throws {
        let hash = try hasher.hash("correct horse battery staple")
        #expect(hasher.verify("correct horse battery staple", against: hash))
    }

    @Test(arguments: ["Correct horse battery staple", "correct horse battery stapl", "correct horse battery staple ",
                      "", "correct horse battery staple\u{0}"])
    func wrongPasswordDoesNotVerify(attempt: String) throws {
        let hash = try hasher.hash("correct horse battery staple")
        #expect(!hasher.verify(attempt, against: hash))
    }

    @Test(arguments: ["", "garbage", "$argon2id$", "$argon2id$v=19$m=8,t=1,p=1$AAAA$BBBB",
                      "$2b$12$R9h/cIPz0gi.URNNX3kh2OPST9/PgBkqquzi.Ss7KIUgO2t0jWMUW"])
    func garbageHashNeverVerifies(hash: String) {
        #expect(!hasher.verify("anything", against: hash))
        #expect(!hasher.verify("", against: hash))
    }

    @Test func truncatedHashDoesNotVerify() throws {
        let hash = try hasher.hash("pw")
        #expect(!hasher.verify("pw", against: String(hash.dropLast(4))))
    }

    @Test func samePasswordHashesDifferentlyEachTime() throws {
        let first = try hasher.hash("same password")
        let second = try hasher.hash("same password")
        #expect(first != second)
        let salts = [first, second].map { $0.split(separator: "$")[3] }
        #expect(salts[0] != salts[1], "each hash has its own salt")
        #expect(hasher.verify("same password", against: first))
        #expect(hasher.verify("same password", against: second))
    }

    @Test func nonASCIIPasswordRoundTrips() throws {
        let password = "비밀번호-пароль-🔑-café"
        let hash = try hasher.hash(password)
        #expect(hasher.verify(password, against: hash))
        #expect(!hasher.verify("비밀번호-пароль-🔑-cafe", against: hash))
    }

    @Test func passwordWithEmbeddedNULUsesEveryByte() throws {
        let password = "a\u{0}bcdef"
        let hash = try hasher.hash(password)
        #expect(hasher.verify(password, against: hash))
        #expect(!hasher.verify("a", against: hash), "the text before the NUL is not the password")
        #expect(!hasher.verify("a\u{0}bcdeg", against: hash))

        // And the other way round: a hash of the prefix is not fooled by what follows a NUL.
        let prefixHash = try hasher.hash("a")
        #expect(!hasher.verify(password, against: prefixHash))
    }

    @Test func emptyPasswordIsItsOwnPassword() throws {
        let hash = try hasher.hash("")
        #expect(hasher.verify("", against: hash))
        #expect(!hasher.verify(" ", against: hash))
    }

    @Test func concurrentHashesAllSucceed() async throws {
        let hasher = SodiumPasswordHasher(strength: .minimum, concurrency: 2)
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<8 {
                group.addTask {
                    let hash = try hasher.hash("password-\(index)")
                    return hasher.verify("password-\(index)", against: hash)
                        && !hasher.verify("password-\(index + 1)", against: hash)
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: 8))
    }

    @Test func usableAsTheDomainProtocol() throws {
        let hasher: any PasswordHasher = SodiumPasswordHasher(strength: .minimum)
        let hash = try hasher.hash("via protocol")
        #expect(hasher.verify("via protocol", against: hash))
    }

    @Test func interactiveStrengthWorks() throws {
        let hasher = SodiumPasswordHasher(strength: .interactive, concurrency: 1)
        let hash = try hasher.hash("production password")
        // libsodium 1.0.18's interactive limits: 64 MiB, two passes.
        #expect(hash.hasPrefix("$argon2id$v=19$m=65536,t=2,p=1$"))
        #expect(hasher.verify("production password", against: hash))
        #expect(!hasher.verify("production passwore", against: hash))
    }

    @Test func minimumHashVerifiesWithAnInteractiveHasherToo() throws {
        // The limits are read from the hash string, so a hasher's strength never locks out old hashes.
        let hash = try hasher.hash("portable")
        #expect(SodiumPasswordHasher(strength: .interactive).verify("portable", against: hash))
    }

    @Test func customStrengthCarriesItsLimitsAndNeverGoesBelowTheMinimum() throws {
        let hasher = SodiumPasswordHasher(strength: .custom(operations: 2, memoryBytes: 4 << 20))
        let hash = try hasher.hash("measured")
        #expect(hash.hasPrefix("$argon2id$v=19$m=4096,t=2,p=1$"))
        #expect(hasher.verify("measured", against: hash))
        let clamped = try SodiumPasswordHasher(strength: .custom(operations: 0, memoryBytes: 0)).hash("clamped")
        #expect(clamped.contains("$m=8,t=1,p=1$"))
    }

    /// What a failed login for an unknown email relies on: verifying against a hash of the same
    /// limits costs what verifying against an account's hash costs, whatever the password.
    @Test func aVerificationCostsTheSameRightOrWrong() throws {
        let hasher = SodiumPasswordHasher(strength: .custom(operations: 2, memoryBytes: 4 << 20))
        let account = try hasher.hash("the account's password")
        let dummy = try hasher.hash("nobody knows this one")
        func milliseconds(_ body: () -> Void) -> Double {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
        }
        var onAccount: [Double] = []
        var onDummy: [Double] = []
        for _ in 0..<9 {
            onAccount.append(milliseconds { _ = hasher.verify("a wrong guess", against: account) })
            onDummy.append(milliseconds { _ = hasher.verify("a wrong guess", against: dummy) })
        }
        let a = onAccount.sorted()[4]
        let d = onDummy.sorted()[4]
        #expect(d > a / 2 && d < a * 2, "median verification: account hash \(a) ms, dummy hash \(d) ms")
    }
}
