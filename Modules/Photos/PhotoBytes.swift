import FoundationEssentials
import Core
import Domain

/// The uploaded bytes with the format they claim to be, so that every failure can say which
/// format was broken.
struct ImageBytes {
    let raw: [UInt8]
    let format: PhotoFormat

    var count: Int { raw.count }

    func broken(_ detail: String) -> AppError {
        AppError(.unprocessable, code: "invalid_image", "the \(format.displayName) image is damaged or truncated: \(detail)")
    }

    /// `a + b`, or `invalid_image` when a hostile length would overflow.
    func sum(_ a: Int, _ b: Int) throws -> Int {
        let (result, overflow) = a.addingReportingOverflow(b)
        guard !overflow else { throw broken("a length is out of range") }
        return result
    }

    /// The end of `length` bytes starting at `start`, checked to stay within `limit` (the file
    /// by default).
    func end(of length: Int, from start: Int, within limit: Int? = nil, _ what: @autoclosure () -> String) throws -> Int {
        let end = try sum(start, length)
        guard length >= 0, end <= (limit ?? count) else { throw broken("\(what()) runs past the end") }
        return end
    }

    func cursor(_ range: Range<Int>) -> ByteCursor { ByteCursor(image: self, position: range.lowerBound, end: range.upperBound) }
}

/// Reads big- or little-endian numbers from a window of the image and never past its end.
struct ByteCursor {
    let image: ImageBytes
    var position: Int
    let end: Int

    var remaining: Int { end - position }

    mutating func take(_ length: Int) throws -> Range<Int> {
        guard length >= 0, length <= remaining else { throw image.broken("a structure is cut short") }
        defer { position += length }
        return position..<(position + length)
    }

    mutating func skip(_ length: Int) throws { _ = try take(length) }

    /// An unsigned big-endian number of `size` bytes (0...8; 0 reads as 0, as ISOBMFF intends).
    mutating func bigEndian(_ size: Int) throws -> UInt64 {
        try image.raw[take(size)].reduce(0) { $0 << 8 | UInt64($1) }
    }

    mutating func littleEndian32() throws -> UInt32 {
        try image.raw[take(4)].reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    mutating func u8() throws -> Int { Int(try bigEndian(1)) }
    mutating func u16() throws -> Int { Int(try bigEndian(2)) }
    mutating func u32() throws -> Int { Int(try bigEndian(4)) }

    /// A `size`-byte number that must fit in an `Int` (a 64-bit length from a hostile file may not).
    mutating func integer(_ size: Int) throws -> Int {
        guard let value = Int(exactly: try bigEndian(size)) else { throw image.broken("a length is out of range") }
        return value
    }

    /// A four-character code such as a chunk or box type.
    mutating func fourCC() throws -> String { String(decoding: image.raw[try take(4)], as: UTF8.self) }

    /// A NUL-terminated string; a missing terminator ends the string at the window's end.
    mutating func cString() throws -> String {
        let window = image.raw[position..<end]
        let stop = window.firstIndex(of: 0) ?? end
        defer { position = min(stop + 1, end) }
        return String(decoding: image.raw[position..<stop], as: UTF8.self)
    }
}
