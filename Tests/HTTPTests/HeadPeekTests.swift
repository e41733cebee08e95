import Foundation
import Testing
@testable import Server

/// Reads `text` into a fresh reader in pieces of `step` bytes, each time from the start of the
/// stream as a peek sees it.
private func read(_ text: String, step: Int? = nil, rules: HeadRules = HeadRules()) -> (HeadReader.Outcome, HeadReader) {
    let bytes = Array(text.utf8)
    var reader = HeadReader(rules: rules)
    var outcome = HeadReader.Outcome.incomplete
    var end = 0
    repeat {
        end = min(bytes.count, end + (step ?? bytes.count))
        outcome = bytes[..<end].withUnsafeBytes { reader.read($0) }
    } while end < bytes.count && outcome == .incomplete
    return (outcome, reader)
}

private func code(_ outcome: HeadReader.Outcome) -> String? {
    if case .refused(let refusal) = outcome { return refusal.code }
    return nil
}

private func chunkedCode(_ body: String) -> String? {
    Array(body.utf8).withUnsafeBytes { ChunkedBody.refusal($0)?.code }
}

@Suite("HeadReader: the head as the front door peeks it")
struct HeadReaderTests {
    @Test func aCompleteHeadEndsWhereItsBlankLineDoes() {
        let head = "POST /upload?x=1 HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n"
        let (outcome, reader) = read(head + "5\r\nhello\r\n0\r\n\r\n")
        #expect(outcome == .complete(headBytes: head.utf8.count, chunked: true))
        #expect(reader.targetLength == "/upload?x=1".utf8.count)
        #expect(read("GET / HTTP/1.0\r\n\r\n").0 == .complete(headBytes: 18, chunked: false))
    }

    /// A byte at a time reaches the same outcome as all at once, for heads accepted and refused.
    @Test func readingInPiecesGivesTheSameOutcome() {
        let heads = ["GET /hello HTTP/1.1\r\nHost: t\r\nX-A:  spaced value \t\r\n\r\n", "GET /hello HTTP/2.0\r\n\r\n",
                     "GET /hello HTTP/1.1\r\nHost: t\r\nFoo bar\r\n\r\n", "GET /hello HTTP/1.1\r\nHost: t\r\nContent-Length: 1e3\r\n\r\n",
                     "GET /hello HTTP/1.1\r\nHost: t\r\n folded\r\n\r\n", "GET /hello HTTP/1.1\r\n\r\n"]
        for head in heads {
            let whole = read(head).0
            for step in [1, 2, 7] { #expect(read(head, step: step).0 == whole, "\(head.debugDescription) in steps of \(step)") }
        }
    }

    @Test func progressIsReportedBeforeTheHeadIsComplete() {
        let (outcome, reader) = read("GET /hello HTTP/1.1\r\nHost: t\r\n")
        #expect(outcome == .incomplete)
        #expect(reader.requestLineSeen)
        let (partial, early) = read("GET /hel")
        #expect(partial == .incomplete)
        #expect(!early.requestLineSeen)
    }

    @Test func refusalsComeAsSoonAsTheBytesShowThem() {
        // No need to wait for the end of a head that can only be refused.
        #expect(code(read("\u{16}\u{03}").0) == "malformed_request")
        #expect(code(read("GET /" + String(repeating: "a", count: 8200)).0) == "uri_too_long")
        #expect(code(read("GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 16_400)).0) == "headers_too_large")
        #expect(code(read("GET / HTTP/1.1\r\nX: a\u{0}").0) == "invalid_header")
    }

    @Test func theLimitsAreTheRulesOwn() {
        let rules = HeadRules(maximumHeadBytes: 64, maximumTargetBytes: 8)
        #expect(code(read("GET /123456789 HTTP/1.1\r\n\r\n", rules: rules).0) == "uri_too_long")
        #expect(code(read("GET /1234567 HTTP/1.1\r\nHost: t\r\nX: \(String(repeating: "a", count: 40))\r\n\r\n", rules: rules).0)
                    == "headers_too_large")
        #expect(read("GET /1234567 HTTP/1.1\r\nHost: t\r\n\r\n", rules: rules).0 == .complete(headBytes: 34, chunked: false))
    }

    @Test func theHeadRulesApplyToTheWholeHead() {
        #expect(code(read("GET / HTTP/1.1\r\n\r\n").0) == "missing_host")
        #expect(code(read("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nContent-Length: 5\r\n\r\n").0) == "invalid_framing")
        #expect(code(read("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: \(String(repeating: "9", count: 19))\r\n\r\n").0)
                    == "invalid_framing")
        #expect(read("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 000000000000000000000005\r\n\r\n").0
                    == .complete(headBytes: 70, chunked: false))
    }
}

@Suite("ChunkedBody: the framing of what has arrived")
struct ChunkedBodyTests {
    @Test func soundBodiesCompleteOrNotAreAccepted() {
        for body in ["", "5", "5\r", "5\r\nhel", "5\r\nhello", "5\r\nhello\r", "5\r\nhello\r\n0\r\n", "5;a=b\r\nhello\r\n0\r\n\r\n",
                     "A\r\n0123456789\r\n0\r\nX-T: done\r\n\r\n", "0000000000000000005\r\nhello\r\n0\r\n\r\n", "0\r\nX-T: a"] {
            #expect(chunkedCode(body) == nil, "\(body.debugDescription)")
        }
    }

    @Test func framingErrorsAreFoundWhereverTheyArrive() {
        for body in ["zz", "5x", " 5\r\n", "5\n", "5\r\r", "5\r\nhelloX", "5\r\nhello\rX", "5;\u{1}", "1000000000000000\r\n",
                     "0\r\nbad\r\n", "0\r\nX-T: \u{7}", "0\r\nX-T: a\rb", "0\r\n\rx"] {
            #expect(chunkedCode(body) == "malformed_chunked_body", "\(body.debugDescription)")
        }
    }
}
