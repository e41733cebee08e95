import FoundationEssentials
import Core

/// A `multipart/form-data` body (RFC 7578): what a form with a file input posts. Our own small
/// parser, bounded so that a hostile body costs no more than the limits allow:
///
/// - the whole body is at most `maximumFileSize + textAllowance` (the route's body limit too),
/// - at most one file, of at most `maximumFileSize` bytes (the API's limit for the same upload),
/// - at most `maximumParts` parts, whose text fields together hold at most `textAllowance` bytes,
/// - each part's header block at most 8 KiB.
///
/// Text fields become a `FormBody` with `FormBody`'s rules (UTF-8, no control characters, the
/// first value of a repeated name wins), so the CSRF check and the handlers read them as usual.
public struct MultipartForm: Sendable {
    public struct File: Sendable {
        public let field: String
        public let filename: String
        public let contentType: String?
        public let data: Data
    }

    public let fields: FormBody
    /// The file parts by field name; a file input left empty (no name, no bytes) is absent.
    public let files: [String: File]

    /// The bytes besides the file: boundaries, part headers and the text fields (`csrf`, a caption).
    public static let textAllowance = 64 * 1024
    static let maximumParts = 16
    static let maximumHeaderBlock = 8 * 1024

    /// The body limit of a route that takes one file of `maximumFileSize` bytes.
    public static func bodyLimit(maximumFileSize: Int) -> Int { maximumFileSize + textAllowance }

    public init(_ body: Data, contentType: String?, maximumFileSize: Int) throws {
        guard body.count <= Self.bodyLimit(maximumFileSize: maximumFileSize) else {
            throw AppError(.tooLarge, code: "body_too_large", "the form is larger than \(Self.bodyLimit(maximumFileSize: maximumFileSize)) bytes")
        }
        guard let boundary = Self.boundary(contentType) else {
            throw AppError.invalidInput("the form must be multipart/form-data with a boundary", code: "invalid_form")
        }
        let bytes = [UInt8](body)
        let delimiter = Array("--\(boundary)".utf8)
        guard var position = Self.find(delimiter, in: bytes, from: 0) else {
            throw AppError.invalidInput("the form has no parts", code: "invalid_form")
        }
        var values: [String: String] = [:]
        var files: [String: File] = [:]
        var textBytes = 0
        var parts = 0
        let closing = [0x0D, 0x0A] + delimiter
        while true {
            position += delimiter.count
            // `--` after a delimiter ends the body; anything after it (an epilogue) is ignored.
            if position + 1 < bytes.count, bytes[position] == 0x2D, bytes[position + 1] == 0x2D { break }
            // Transport padding (spaces, tabs) may follow a delimiter before its CRLF.
            while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
            guard position + 1 < bytes.count, bytes[position] == 0x0D, bytes[position + 1] == 0x0A else {
                throw AppError.invalidInput("the form ends before its closing boundary", code: "invalid_form")
            }
            position += 2
            parts += 1
            guard parts <= Self.maximumParts else {
                throw AppError.invalidInput("the form has more than \(Self.maximumParts) parts", code: "invalid_form")
            }
            guard let headerEnd = Self.find([0x0D, 0x0A, 0x0D, 0x0A], in: bytes, from: position, limit: Self.maximumHeaderBlock + 4) else {
                throw AppError.invalidInput("a part's headers are unreadable or longer than 8 KiB", code: "invalid_form")
            }
            let header = try Self.partHeader(bytes[position..<headerEnd])
            let contentStart = headerEnd + 4
            guard let contentEnd = Self.find(closing, in: bytes, from: contentStart) else {
                throw AppError.invalidInput("the form ends before its closing boundary", code: "invalid_form")
            }
            let content = bytes[contentStart..<contentEnd]
            if let filename = header.filename {
                if files[header.name] == nil, !(filename.isEmpty && content.isEmpty) {
                    guard content.count <= maximumFileSize else {
                        throw AppError(.tooLarge, code: "image_too_large", "the file is larger than \(maximumFileSize >> 20) MiB")
                    }
                    guard files.isEmpty else { throw AppError.invalidInput("the form holds more than one file", code: "invalid_form") }
                    files[header.name] = File(field: header.name, filename: filename, contentType: header.contentType, data: Data(content))
                }
            } else {
                textBytes += content.count
                guard textBytes <= Self.textAllowance else {
                    throw AppError(.tooLarge, code: "body_too_large", "the form's text is larger than 64 KiB")
                }
                guard var text = String(validating: content, as: UTF8.self) else {
                    throw AppError.invalidInput("field '\(header.name)' is not valid UTF-8", code: "invalid_form")
                }
                if text.contains("\r\n") { text = text.split(separator: "\r\n", omittingEmptySubsequences: false).joined(separator: "\n") }
                guard !text.hasControlCharacters else {
                    throw AppError.invalidInput("field '\(header.name.printable)' holds a control character; text may hold newlines and tabs only",
                                                code: "invalid_text")
                }
                if values[header.name] == nil { values[header.name] = text }
            }
            position = contentEnd + 2 // at the delimiter, past its CRLF
        }
        fields = FormBody(values: values)
        self.files = files
    }

    /// The `boundary` parameter of a `multipart/form-data` type: 1 to 70 characters (RFC 2046).
    static func boundary(_ contentType: String?) -> String? {
        guard let contentType else { return nil }
        let pieces = contentType.split(separator: ";").map { String($0).trimmed }
        guard pieces.first?.lowercased() == "multipart/form-data" else { return nil }
        for piece in pieces.dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2, pair[0].trimmed.lowercased() == "boundary" else { continue }
            var value = pair[1].trimmed
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            guard (1...70).contains(value.utf8.count), value.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F || $0 == 0x20 }) else { return nil }
            return value
        }
        return nil
    }

    struct PartHeader {
        var name: String
        var filename: String?
        var contentType: String?
    }

    /// `Content-Disposition: form-data; name="…"; filename="…"` and `Content-Type`.
    static func partHeader(_ block: ArraySlice<UInt8>) throws -> PartHeader {
        guard let text = String(validating: block, as: UTF8.self) else {
            throw AppError.invalidInput("a part's headers are not valid UTF-8", code: "invalid_form")
        }
        var name: String?
        var filename: String?
        var contentType: String?
        for line in text.split(separator: "\r\n") {
            let pair = line.split(separator: ":", maxSplits: 1).map(String.init)
            guard pair.count == 2 else { continue }
            switch pair[0].trimmed.lowercased() {
            case "content-disposition":
                let parameters = Self.parameters(pair[1])
                guard parameters.kind == "form-data" else { continue }
                name = parameters.values["name"]
                filename = parameters.values["filename"]
            case "content-type":
                contentType = pair[1].trimmed
            default:
                continue
            }
        }
        guard let name, !name.isEmpty, !name.hasControlCharacters else {
            throw AppError.invalidInput("a part of the form has no name", code: "invalid_form")
        }
        return PartHeader(name: name, filename: filename.map { $0.filter { !$0.isNewline } }, contentType: contentType)
    }

    /// `form-data; name="a"; filename="b c.jpg"`: the kind and the parameters, quotes removed
    /// (a browser escapes `"` in a name as `%22`, so a quoted value ends at the next quote).
    static func parameters(_ text: String) -> (kind: String, values: [String: String]) {
        var values: [String: String] = [:]
        var rest = Substring(text)
        let kind = String(rest.prefix { $0 != ";" }).trimmed.lowercased()
        rest = rest.drop { $0 != ";" }
        while rest.first == ";" {
            rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
            let key = String(rest.prefix { $0 != "=" && $0 != ";" }).trimmed.lowercased()
            rest = rest.drop { $0 != "=" && $0 != ";" }
            guard rest.first == "=" else { continue }
            rest = rest.dropFirst()
            let value: String
            if rest.first == "\"" {
                rest = rest.dropFirst()
                value = String(rest.prefix { $0 != "\"" })
                rest = rest.drop { $0 != "\"" }.dropFirst()
                rest = rest.drop { $0 != ";" }
            } else {
                value = String(rest.prefix { $0 != ";" }).trimmed
                rest = rest.drop { $0 != ";" }
            }
            if values[key] == nil { values[key] = value }
        }
        return (kind, values)
    }

    /// The index of `needle` in `haystack` at or after `start` (within `limit` bytes of it, when given).
    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int, limit: Int? = nil) -> Int? {
        guard let first = needle.first else { return nil }
        let end = min(haystack.count, limit.map { start + $0 } ?? haystack.count) - needle.count
        guard start <= end else { return nil }
        return haystack.withUnsafeBufferPointer { buffer -> Int? in
            var index = start
            while index <= end {
                if buffer[index] == first {
                    var matched = true
                    for offset in 1..<needle.count where buffer[index + offset] != needle[offset] {
                        matched = false
                        break
                    }
                    if matched { return index }
                }
                index += 1
            }
            return nil
        }
    }
}
