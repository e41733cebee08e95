import FoundationEssentials
import Core

/// What erasing an account removes beyond the person's own data (`PersonalDataStore.erase`):
/// its traces in the couple spaces it was in, its sessions, the failed logins of its email, and
/// the account row. The SQLite implementation lives in `Data/Accounts`.
public protocol AccountEraser: Sendable {
    /// Deletes, inside the caller's transaction:
    /// - in every couple space the account was in, what it authored (moods, meetings, events,
    ///   calendar checks, care, photos) and its membership; the partner's own rows stay, without
    ///   the account's id in them (a care item done by the account is open again, an event that
    ///   was the account's becomes "ours"); the partner's notifications that quote the account;
    ///   a space nobody is left in goes whole;
    /// - its invites, join failures and place; its sessions; the failed logins of its email;
    /// - the account row.
    /// Returns rows per table and the SHA-256 of every photo the account uploaded.
    func erase(accountID: String, email: String) throws -> AccountErasure
    /// Makes the deleted bytes leave the database file (checkpoint and vacuum); best effort,
    /// outside a transaction.
    func compact()
}

public struct AccountErasure: Sendable, Equatable {
    public var counts: [String: Int]
    public var photoHashes: Set<String>

    public init(counts: [String: Int], photoHashes: Set<String>) {
        self.counts = counts
        self.photoHashes = photoHashes
    }
}

/// Deleting an account for good (`DELETE /v1/me`, `tend account delete`): every row it owns, its
/// photos, sessions and tokens, notification channels and queued notifications, its sync history;
/// its partner keeps only what they authored, as on a disconnection; then the account itself.
/// Afterwards the email can sign up afresh and nothing of the old account is readable by anyone.
public struct DeleteAccount: Sendable {
    let accounts: AccountUseCases
    let couples: CoupleUseCases
    let personalData: any PersonalDataStore
    let eraser: any AccountEraser
    let transactor: any Transactor

    public init(accounts: AccountUseCases, couples: CoupleUseCases, personalData: any PersonalDataStore,
                eraser: any AccountEraser, transactor: any Transactor) {
        self.accounts = accounts
        self.couples = couples
        self.personalData = personalData
        self.eraser = eraser
        self.transactor = transactor
    }

    /// Deletes the account after checking its password (wrong ones counted and locked out as at
    /// login). Returns rows removed per table.
    public func delete(accountID: String, password: String) throws -> PersonalDataCounts {
        let account = try accounts.confirmPassword(accountID: accountID, password: password)
        // A live couple ends for both exactly as on a disconnection (the partner's pending couple
        // notifications are cancelled, their archive window starts).
        if (try? couples.activeCouple(accountID: account.id)) != nil {
            try couples.disconnect(accountID: account.id)
        }
        let erased: AccountErasure = try transactor.write {
            let own = try personalData.erase(ownerID: account.id)
            var erased = try eraser.erase(accountID: account.id, email: account.email)
            erased.counts.merge(own.counts) { $0 + $1 }
            return erased
        }
        // The store is content-addressed: a file goes once no photo of anyone points at it.
        // Counted and removed under the write lock, as a replaced photo's file is.
        try transactor.write {
            for hash in erased.photoHashes where try couples.couples.photoReferences(sha256: hash) == 0 {
                try? couples.photoStore.remove(sha256: hash)
            }
        }
        accounts.forgetSessions(accountID: account.id)
        eraser.compact()
        return PersonalDataCounts(erased.counts.filter { $0.value > 0 })
    }
}
