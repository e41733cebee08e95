import Domain

extension MemoryAccountRepository {
    func update(_ account: Account) throws {
        accounts.withLock { $0[account.id] = account }
    }
}
