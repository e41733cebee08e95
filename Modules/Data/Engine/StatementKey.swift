/// A statement's text as the key of a prepared-statement cache. The cache is asked once for
/// every statement run, and hashing the whole text (SipHash, every byte) cost more than the
/// index reads of a long statement: 29,000 instructions a request for the insulin status's
/// one statement of 3 KB. So the hash takes only the length and both ends; equality still
/// compares the whole text, at once when both are the same string (a `static let`, a literal).
public struct StatementKey: Hashable, Sendable {
    public let sql: String

    public init(_ sql: String) {
        self.sql = sql
    }

    /// Bytes hashed at each end: past the verb and the first table, and the last condition.
    static let end = 64

    public func hash(into hasher: inout Hasher) {
        let hashed: Void? = sql.utf8.withContiguousStorageIfAvailable { bytes in
            let raw = UnsafeRawBufferPointer(bytes)
            hasher.combine(raw.count)
            if raw.count <= 2 * Self.end {
                hasher.combine(bytes: raw)
            } else {
                hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: raw.prefix(Self.end)))
                hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: raw.suffix(Self.end)))
            }
        }
        if hashed == nil { hasher.combine(sql) }
    }
}
