import FoundationEssentials
import Dispatch
import CSodium
import Core
import Domain

/// argon2id password hashes (`crypto_pwhash_str`). A hash with the interactive limits costs
/// about 70 ms and 64 MiB, so at most `concurrency` run at once: a burst of log-ins waits
/// instead of exhausting memory.
public final class SodiumPasswordHasher: PasswordHasher, @unchecked Sendable {
    public enum Strength: Sendable {
        /// libsodium's interactive limits: for production.
        case interactive
        /// The smallest limits libsodium allows: for tests only.
        case minimum
        /// Chosen limits (passes over memory, bytes of memory): for tests that measure time,
        /// where `.minimum` is too quick to tell a verification from none.
        case custom(operations: UInt64, memoryBytes: Int)
    }

    private let opsLimit: UInt64
    private let memLimit: Int
    private let gate: DispatchSemaphore

    public init(strength: Strength = .interactive, concurrency: Int = 2) {
        Sodium.ensureInitialized()
        switch strength {
        case .interactive:
            opsLimit = tend_pwhash_opslimit_interactive()
            memLimit = tend_pwhash_memlimit_interactive()
        case .minimum:
            opsLimit = tend_pwhash_opslimit_min()
            memLimit = tend_pwhash_memlimit_min()
        case .custom(let operations, let memoryBytes):
            opsLimit = max(operations, tend_pwhash_opslimit_min())
            memLimit = max(memoryBytes, tend_pwhash_memlimit_min())
        }
        gate = DispatchSemaphore(value: max(1, concurrency))
    }

    public func hash(_ password: String) throws -> String {
        gate.wait()
        defer { gate.signal() }
        var output = [CChar](repeating: 0, count: tend_pwhash_strbytes())
        let status = password.withCString { pointer in
            crypto_pwhash_str(&output, pointer, UInt64(password.utf8.count), opsLimit, memLimit)
        }
        guard status == 0 else {
            throw AppError.unavailable("could not hash the password (out of memory)", code: "hash_failed")
        }
        return String(decoding: output.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public func verify(_ password: String, against hash: String) -> Bool {
        gate.wait()
        defer { gate.signal() }
        return hash.withCString { hashPointer in
            password.withCString { pointer in
                crypto_pwhash_str_verify(hashPointer, pointer, UInt64(password.utf8.count)) == 0
            }
        }
    }
}
