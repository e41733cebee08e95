import Testing
@testable import Data

/// The prepared-statement caches' key hashes only a statement's length and ends: statements
/// that differ only in the middle must still be told apart, and equal texts found.
@Suite("StatementKey")
struct StatementKeyTests {
    let head = "SELECT id, owner_id, kind, units, taken_at, note, created_at, updated_at FROM insulin_doses WHERE "
    let tail = " AND deleted_at IS NULL ORDER BY taken_at DESC, id DESC LIMIT 1 -- the same 64 bytes at the end of both"

    @Test("texts that differ only between their hashed ends are different keys, each finding its own value")
    func middlesTellApart() {
        let one = head + "owner_id = ?1 AND kind = ?2" + tail, other = head + "owner_id = ?1 AND kind = ?3" + tail
        #expect(one.utf8.count == other.utf8.count)
        #expect(StatementKey(one).hashValue == StatementKey(other).hashValue) // the case equality must settle
        #expect(StatementKey(one) != StatementKey(other))
        var cache: [StatementKey: Int] = [StatementKey(one): 1]
        cache[StatementKey(other)] = 2
        #expect(cache[StatementKey(one)] == 1 && cache[StatementKey(other)] == 2 && cache.count == 2)
    }

    @Test("an equal text built anew finds the cached value; short and empty texts work too")
    func equalTextsMatch() {
        let built = head + "owner_id = ?" + tail
        let copy = String(decoding: Array(built.utf8), as: UTF8.self) // other storage, same text
        #expect(StatementKey(built) == StatementKey(copy))
        #expect(StatementKey(built).hashValue == StatementKey(copy).hashValue)
        let cache: [StatementKey: Int] = [StatementKey(built): 7, StatementKey("BEGIN"): 8, StatementKey(""): 9]
        #expect(cache[StatementKey(copy)] == 7 && cache[StatementKey("BEGIN")] == 8 && cache[StatementKey("")] == 9)
        #expect(cache[StatementKey("COMMIT")] == nil && cache[StatementKey(head + "owner_id = ?" + tail + " ")] == nil)
    }
}
