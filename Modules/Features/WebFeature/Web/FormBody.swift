import FoundationEssentials
import Core
import HTTP

/// An `application/x-www-form-urlencoded` body (what a plain `<form method="post">` sends),
/// with the same refusal of control characters as a JSON body's strings.
public struct FormBody: Sendable {
    public private(set) var values: [String: String] = [:]

    public init(_ body: Data) throws {
        guard body.count <= 64 * 1024 else {
            throw AppError(.tooLarge, code: "body_too_large", "the form is larger than 64 KiB")
        }
        for pair in body.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(parts[0]) else {
                throw AppError.invalidInput("the form is not valid UTF-8", code: "invalid_form")
            }
            let value = parts.count > 1 ? Self.decode(parts[1]) : ""
            guard let value else { throw AppError.invalidInput("field '\(name)' is not valid UTF-8", code: "invalid_form") }
            guard !value.hasControlCharacters, !name.hasControlCharacters else {
                throw AppError.invalidInput("field '\(name.printable)' holds a control character; text may hold newlines and tabs only",
                                            code: "invalid_text")
            }
            // The first value wins, as for a query: a repeated field cannot override a hidden one.
            if values[name] == nil { values[name] = value }
        }
    }

    public init(values: [String: String]) { self.values = values }

    public subscript(_ name: String) -> String? { values[name] }

    /// The trimmed value, nil when missing or blank.
    public func text(_ name: String) -> String? {
        guard let value = values[name]?.trimmed, !value.isEmpty else { return nil }
        return value
    }

    /// `+` is a space, `%XX` a byte; bytes that are not UTF-8 make the field invalid.
    static func decode(_ bytes: Data.SubSequence) -> String? {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "+") {
                decoded.append(0x20)
            } else if byte == UInt8(ascii: "%"), bytes.distance(from: index, to: bytes.endIndex) >= 3,
                      let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                decoded.append(high << 4 | low)
                index += 2
            } else {
                decoded.append(byte)
            }
            index += 1
        }
        // A browser sends a textarea's line breaks as CRLF; the text keeps newlines only.
        var text = String(validating: decoded, as: UTF8.self)
        if text?.contains("\r\n") == true { text = text?.split(separator: "\r\n", omittingEmptySubsequences: false).joined(separator: "\n") }
        return text
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}

extension HTTPRequest {
    /// The posted form; an empty body is an empty form.
    func form() throws -> FormBody { try FormBody(body) }
}
