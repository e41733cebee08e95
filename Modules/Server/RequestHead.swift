import FoundationEssentials
import Core
import HTTP

/// A request as far as it has arrived when its headers are complete: what the server checks
/// before it reads a byte of the body or lets the application see it.
struct RequestHead {
    var method: String
    var version: String
    /// Every header line as it arrived, duplicates kept, names as the client spelled them.
    var headers: [(name: String, value: String)]
    /// Bytes of the request line and headers (0 when libmicrohttpd did not say).
    var size: Int
    /// Bytes of the request target as sent (path and query, still percent-encoded).
    var targetLength: Int

    /// The bytes of a head as its parts make it (`GET /t HTTP/1.1`, `Name: value` lines, CRLFs);
    /// whitespace libmicrohttpd trimmed is not counted.
    static func bytes(method: String, targetLength: Int, version: String, headers: [(name: String, value: String)]) -> Int {
        var total = method.utf8.count + 1 + targetLength + 1 + version.utf8.count + 2 + 2
        for header in headers { total += header.name.utf8.count + 2 + header.value.utf8.count + 2 }
        return total
    }

    /// The values of the headers named `name` (given in lowercase), compared on the bytes: it
    /// runs several times a request, and lowercasing every name each time cost about 5k instructions.
    func values(of name: String) -> [String] {
        var found: [String] = []
        for header in headers where Self.isNamed(header.name, name) { found.append(header.value) }
        return found
    }

    private static func isNamed(_ candidate: String, _ lowercased: String) -> Bool {
        guard candidate.utf8.count == lowercased.utf8.count else { return false }
        for (byte, wanted) in zip(candidate.utf8, lowercased.utf8) {
            let lower = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            if lower != wanted { return false }
        }
        return true
    }
}

/// The limits a request head must keep, and the refusals when it does not. Every refusal is
/// the documented JSON error and closes the connection (the server adds `Connection: close`):
/// after a head it does not trust, the server cannot know where the next request would start.
struct HeadRules: Sendable {
    /// The request line and headers together (431 above it).
    var maximumHeadBytes = 16 * 1024
    /// The request target, path and query (414 above it).
    var maximumTargetBytes = 8 * 1024

    /// The refusal for `head`, or nil when it may go on. Framing is checked so that no two
    /// readers of these bytes (a proxy in front, this server) can disagree on where the body
    /// ends: one `Content-Length` of digits, or one `Transfer-Encoding: chunked`, never both,
    /// nothing folded over lines that could hide either.
    func refusal(for head: RequestHead) -> Refusal? {
        guard head.version == "HTTP/1.1" || head.version == "HTTP/1.0" else {
            return Self.error(505, code: "http_version_not_supported", "only HTTP/1.1 and HTTP/1.0 are served")
        }
        if head.size > maximumHeadBytes { return headTooLarge }
        if head.targetLength > maximumTargetBytes { return targetTooLong }
        for header in head.headers {
            if Self.runsOnFromFramingHeader(header.name) {
                return Self.framing("a header line continued onto the next line holds a framing header")
            }
            guard Self.isToken(header.name) else {
                return Self.error(400, code: "invalid_header", "a header name holds a character a name cannot hold")
            }
            guard !header.value.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F }) else {
                return Self.error(400, code: "invalid_header", "a header value holds a control character")
            }
            if Self.hidesFramingHeader(header.value) {
                return Self.framing("a header line continued onto the next line carries a framing header")
            }
        }
        let hosts = head.values(of: "host")
        if hosts.count > 1 {
            return Self.error(400, code: "conflicting_host", "the request has more than one Host header")
        }
        if head.version == "HTTP/1.1" {
            guard let host = hosts.first else {
                return Self.error(400, code: "missing_host", "an HTTP/1.1 request must have a Host header")
            }
            if host.contains(where: { $0 == " " || $0 == "\t" || $0 == "," }) {
                return Self.error(400, code: "invalid_host", "the Host header is not one host")
            }
        }
        let lengths = head.values(of: "content-length")
        let encodings = head.values(of: "transfer-encoding")
        if lengths.count > 1 {
            return Self.framing("the request has more than one Content-Length header")
        }
        if let length = lengths.first, length.isEmpty || !length.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            return Self.framing("Content-Length must be a number of bytes, digits only")
        }
        if let length = lengths.first, length.drop(while: { $0 == "0" }).count > Self.maximumLengthDigits {
            return Self.framing("Content-Length is larger than any body this server reads")
        }
        if !encodings.isEmpty {
            if !lengths.isEmpty {
                return Self.framing("Content-Length and Transfer-Encoding together leave the body's length ambiguous")
            }
            if head.version == "HTTP/1.0" {
                return Self.framing("Transfer-Encoding is not part of HTTP/1.0")
            }
            guard encodings.count == 1, Self.trimmed(encodings[0]).lowercased() == "chunked" else {
                return Self.framing("the only Transfer-Encoding served is one 'chunked'")
            }
        }
        return nil
    }

    var headTooLarge: Refusal {
        Self.error(431, code: "headers_too_large", "the request line and headers are larger than \(maximumHeadBytes) bytes")
    }

    var targetTooLong: Refusal {
        Self.error(414, code: "uri_too_long", "the request target is longer than \(maximumTargetBytes) bytes")
    }

    /// A `Content-Length` of more digits than this (leading zeros aside) is refused: it could
    /// not be read as a 64-bit number, and no route takes a body of an exabyte.
    static let maximumLengthDigits = 18

    /// Why a head is refused: a status and the documented JSON error.
    struct Refusal: Sendable, Equatable {
        let status: Int
        let code: String
        let message: String

        var response: HTTPResponse {
            var response = HTTPResponse.error(AppError(.invalidInput, code: code, message))
            response.status = status
            return response
        }
    }

    static func error(_ status: Int, code: String, _ message: String) -> Refusal {
        Refusal(status: status, code: code, message: message)
    }

    private static func framing(_ message: String) -> Refusal {
        error(400, code: "invalid_framing", message)
    }

    /// RFC 9110 `token`: the characters a field name may hold.
    static func isToken(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            default:
                "!#$%&'*+-.^_`|~".utf8.contains(byte)
            }
        }
    }

    /// Whether a name starts with `Content-Length` or `Transfer-Encoding` and goes on: what
    /// libmicrohttpd 0.9.75 makes of a folded line (obs-fold). It appends the continuation to
    /// the header's *name*, without its white space: `Transfer-Encoding:\r\n chunked` arrives
    /// as a header named `Transfer-Encodingchunked`, which a reader that folds as the RFC says
    /// takes for `Transfer-Encoding: chunked`.
    static func runsOnFromFramingHeader(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return ["content-length", "transfer-encoding"].contains { lowered.hasPrefix($0) && lowered.count > $0.count }
    }

    /// Whether a value holds `Content-Length:` or `Transfer-Encoding:`: what a library that
    /// folds into the value (libmicrohttpd from 0.9.77) makes of `X: a\r\n Transfer-Encoding:
    /// chunked`, which a reader that does not fold takes for a header of its own. (0.9.75 folds
    /// into the name, which then holds a colon and is refused as no name at all.)
    ///
    /// On the bytes, ASCII letters folded by hand (the two names are ASCII, and no other letter
    /// lowercases to one of theirs): it runs on every header of every request, where lowercasing
    /// the value and a generic substring search cost about 110k instructions a request.
    static func hidesFramingHeader(_ value: String) -> Bool {
        var value = value
        return value.withUTF8 { bytes in
            for name in framingNames where bytes.count >= name.count {
                for start in 0...(bytes.count - name.count) {
                    var offset = 0
                    while offset < name.count, asciiLowercased(bytes[start + offset]) == name[offset] { offset += 1 }
                    guard offset == name.count else { continue }
                    var after = start + offset
                    while after < bytes.count, bytes[after] == 0x20 || bytes[after] == 0x09 { after += 1 }
                    if after < bytes.count, bytes[after] == 0x3A { return true }
                }
            }
            return false
        }
    }

    private static let framingNames: [[UInt8]] = [Array("content-length".utf8), Array("transfer-encoding".utf8)]

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    private static func trimmed(_ text: String) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
