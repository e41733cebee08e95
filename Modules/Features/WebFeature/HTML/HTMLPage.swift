/// A whole page as the bytes a response sends. Built as UTF-8 and sent as UTF-8: decoding it
/// into a `String` in between would check and copy every byte of the page once more.
struct HTMLPage: Sendable, CustomStringConvertible {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The page as text, for tests and logs.
    var description: String { String(decoding: bytes, as: UTF8.self) }
}
