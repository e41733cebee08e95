import FoundationEssentials

/// Reads the head of the first request on a connection from the bytes that have arrived, as
/// `FrontDoor` peeks them, and says whether it is complete, still arriving, or refused: the
/// syntax that libmicrohttpd would otherwise refuse itself with an HTML page (a request line
/// that is not `METHOD SP target SP HTTP/1.x`, a header line without a colon, a folded line,
/// a bare CR or LF, a head over its limit), then `HeadRules` on the head as a whole.
///
/// The reader keeps its place: each call reads only the bytes past those it has read before,
/// so a client that trickles its head a byte at a time costs one pass over it, not one per byte.
struct HeadReader {
    enum Outcome: Equatable {
        /// More bytes are needed.
        case incomplete
        /// The head is complete and acceptable; it ends `headBytes` into the stream.
        case complete(headBytes: Int, chunked: Bool)
        case refused(HeadRules.Refusal)
    }

    private enum Part {
        case blankLine, blankLineCR, method, target, http09CR, version, versionCR
        case lineStart, finalCR, name, value, valueCR, done
    }

    let rules: HeadRules
    /// Bytes read so far (from the start of the connection's stream).
    private(set) var offset = 0
    /// Whether the request line has arrived in full.
    private(set) var requestLineSeen = false
    private(set) var targetLength = 0
    private var part = Part.blankLine
    private var method: [UInt8] = []
    private var version: [UInt8] = []
    private var name: [UInt8] = []
    private var value: [UInt8] = []
    private var headers: [(name: String, value: String)] = []
    private var outcome = Outcome.incomplete

    init(rules: HeadRules) {
        self.rules = rules
    }

    /// Reads `stream` (every byte that has arrived, from the first) past the bytes read before.
    mutating func read(_ stream: UnsafeRawBufferPointer) -> Outcome {
        guard outcome == .incomplete else { return outcome }
        while offset < stream.count {
            let byte = stream[offset]
            offset += 1
            if let refusal = step(byte) {
                outcome = .refused(refusal)
                return outcome
            }
            if part == .done {
                outcome = finish()
                return outcome
            }
            if offset > rules.maximumHeadBytes {
                outcome = .refused(rules.headTooLarge)
                return outcome
            }
        }
        return .incomplete
    }

    /// One byte of the head; a refusal when it makes the head unacceptable.
    private mutating func step(_ byte: UInt8) -> HeadRules.Refusal? {
        let cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n"), space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
        switch part {
        case .blankLine:
            // One empty line before the request line is ignored, as RFC 9112 §2.2 asks.
            if byte == cr, offset == 1 { part = .blankLineCR } else if Self.isTokenByte(byte) {
                method.append(byte)
                part = .method
            } else { return Self.malformedRequestLine }
        case .blankLineCR:
            guard byte == lf else { return Self.bareCR }
            part = .blankLine
        case .method:
            if Self.isTokenByte(byte) { method.append(byte) } else if byte == space { part = .target } else {
                return byte == lf ? Self.bareLF : Self.malformedRequestLine
            }
        case .target:
            if byte == space {
                guard targetLength > 0 else { return Self.malformedRequestLine }
                part = .version
            } else if byte == cr, targetLength > 0 {
                part = .http09CR
            } else if byte > space && byte != 0x7F {
                targetLength += 1
                if targetLength > rules.maximumTargetBytes { return rules.targetTooLong }
            } else {
                return byte == lf ? Self.bareLF : Self.malformedRequestLine
            }
        case .http09CR:
            // `GET /path` with no version: HTTP/0.9's request form.
            guard byte == lf else { return Self.bareCR }
            return Self.versionNotSupported
        case .version:
            if byte == cr { part = .versionCR } else if byte > space && byte != 0x7F && version.count < 16 { version.append(byte) } else {
                return byte == lf ? Self.bareLF : Self.malformedRequestLine
            }
        case .versionCR:
            guard byte == lf else { return Self.bareCR }
            let text = String(decoding: version, as: UTF8.self)
            guard text == "HTTP/1.1" || text == "HTTP/1.0" else {
                return Self.looksLikeVersion(version) ? Self.versionNotSupported : Self.malformedRequestLine
            }
            requestLineSeen = true
            part = .lineStart
        case .lineStart:
            if byte == cr { part = .finalCR } else if Self.isTokenByte(byte) {
                name = [byte]
                part = .name
            } else if byte == space || byte == tab {
                return HeadRules.error(400, code: "invalid_header",
                                       "a header line continued onto the next line (obs-fold) is not accepted")
            } else if byte == lf {
                return Self.bareLF
            } else {
                return Self.invalidName
            }
        case .finalCR:
            guard byte == lf else { return Self.bareCR }
            part = .done
        case .name:
            if Self.isTokenByte(byte) { name.append(byte) } else if byte == UInt8(ascii: ":") {
                value = []
                part = .value
            } else if byte == cr || byte == lf {
                return HeadRules.error(400, code: "invalid_header", "a header line has no colon")
            } else {
                return Self.invalidName
            }
        case .value:
            if byte == cr { part = .valueCR } else if byte == lf { return Self.bareLF } else if byte == tab || (byte >= space && byte != 0x7F) {
                value.append(byte)
            } else {
                return HeadRules.error(400, code: "invalid_header", "a header value holds a control character")
            }
        case .valueCR:
            guard byte == lf else { return Self.bareCR }
            let trimmed = value.drop { $0 == space || $0 == tab }.reversed().drop { $0 == space || $0 == tab }.reversed()
            headers.append((String(decoding: name, as: UTF8.self), String(decoding: Array(trimmed), as: UTF8.self)))
            part = .lineStart
        case .done:
            break
        }
        return nil
    }

    /// The head is in: `HeadRules` on it as a whole.
    private func finish() -> Outcome {
        let head = RequestHead(method: String(decoding: method, as: UTF8.self), version: String(decoding: version, as: UTF8.self),
                               headers: headers, size: offset, targetLength: targetLength)
        if let refusal = rules.refusal(for: head) { return .refused(refusal) }
        return .complete(headBytes: offset, chunked: !head.values(of: "transfer-encoding").isEmpty)
    }

    // MARK: - Refusals of syntax

    private static let malformedRequestLine = HeadRules.error(400, code: "malformed_request",
                                                              "the request line is not 'METHOD target HTTP/1.1'")
    private static let bareCR = HeadRules.error(400, code: "malformed_request", "a CR that does not end a line")
    private static let bareLF = HeadRules.error(400, code: "malformed_request", "a line that ends in LF alone, not CRLF")
    private static let invalidName = HeadRules.error(400, code: "invalid_header",
                                                     "a header name holds a character a name cannot hold")
    private static let versionNotSupported = HeadRules.error(505, code: "http_version_not_supported",
                                                             "only HTTP/1.1 and HTTP/1.0 are served")

    /// `HTTP/` and digits with dots (`HTTP/2`, `HTTP/0.9`, `HTTP/1.2`): a version, not one served.
    private static func looksLikeVersion(_ bytes: [UInt8]) -> Bool {
        let prefix = Array("HTTP/".utf8)
        guard bytes.count > prefix.count, Array(bytes.prefix(prefix.count)) == prefix else { return false }
        let rest = bytes.dropFirst(prefix.count)
        return rest.first.map(isDigit) == true && rest.last.map(isDigit) == true
            && rest.allSatisfy { isDigit($0) || $0 == UInt8(ascii: ".") }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// RFC 9110 `tchar`.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
             UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
             UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}

/// The framing of a chunked body, as far as it has arrived: `chunkedBodyRefusal` finds the
/// first place where it cannot be a chunked body (a size that is not hex digits, data not
/// followed by CRLF, a trailer line that is not a header line), or nil when all that has
/// arrived is sound, complete or not.
enum ChunkedBody {
    /// A chunk size of more hex digits than this (leading zeros aside) cannot be read as a
    /// 64-bit number.
    static let maximumSizeDigits = 15

    static func refusal(_ body: UnsafeRawBufferPointer) -> HeadRules.Refusal? {
        message(body).map { HeadRules.error(400, code: "malformed_chunked_body", "the chunked body is malformed: \($0)") }
    }

    private static func message(_ body: UnsafeRawBufferPointer) -> String? {
        let cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
        var index = 0
        while true {
            // chunk-size [ ";" chunk-ext ] CRLF
            var size = 0
            var digits = 0
            var significant = 0
            while index < body.count, let digit = hexValue(body[index]) {
                if significant > 0 || digit != 0 { significant += 1 }
                if significant > maximumSizeDigits { return "a chunk size larger than any body this server reads" }
                size = size &* 16 &+ digit
                digits += 1
                index += 1
            }
            guard index < body.count else { return nil }
            guard digits > 0 else { return "a chunk size that is not hexadecimal digits" }
            if body[index] == UInt8(ascii: ";") {
                while index < body.count, body[index] != cr {
                    if body[index] == lf || (body[index] < 0x20 && body[index] != UInt8(ascii: "\t")) || body[index] == 0x7F {
                        return "a chunk extension that holds a control character"
                    }
                    index += 1
                }
                guard index < body.count else { return nil }
            }
            guard body[index] == cr else { return "a chunk size that is not hexadecimal digits" }
            guard index + 1 < body.count else { return nil }
            guard body[index + 1] == lf else { return "a chunk size line that does not end in CRLF" }
            index += 2
            if size == 0 { return trailerMessage(body, from: index) }
            // chunk-data CRLF
            guard body.count - index > size else { return nil }
            index += size
            guard body[index] == cr else { return "a chunk's data is not followed by CRLF" }
            guard index + 1 < body.count else { return nil }
            guard body[index + 1] == lf else { return "a chunk's data is not followed by CRLF" }
            index += 2
        }
    }

    /// The trailer section after the last chunk: header lines, then an empty line.
    private static func trailerMessage(_ body: UnsafeRawBufferPointer, from start: Int) -> String? {
        let cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
        var index = start
        while index < body.count {
            if body[index] == cr {
                guard index + 1 < body.count else { return nil }
                return body[index + 1] == lf ? nil : "a trailer line that does not end in CRLF"
            }
            var sawName = false
            while index < body.count, HeadReader.isTokenByte(body[index]) {
                sawName = true
                index += 1
            }
            guard index < body.count else { return nil }
            guard sawName, body[index] == UInt8(ascii: ":") else { return "a trailer line that is not 'name: value'" }
            index += 1
            while index < body.count, body[index] != cr {
                let byte = body[index]
                if (byte < 0x20 && byte != UInt8(ascii: "\t")) || byte == 0x7F { return "a trailer value that holds a control character" }
                index += 1
            }
            guard index + 1 < body.count else { return nil }
            guard body[index + 1] == lf else { return "a trailer line that does not end in CRLF" }
            index += 2
        }
        return nil
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }
}
