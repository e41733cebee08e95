import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization
import Testing
import Core
@testable import HTTP
@testable import Server
#if canImport(Glibc)
import Glibc
#endif

/// What the streaming routes' producers did, seen from the test.
final class ProducerLog: Sendable {
    let written = Atomic<Int>(0)
    let running = Atomic<Int>(0)
    let cancelled = Flag()
    let failed = Flag()
}

enum StreamFixture {
    /// Deterministic bytes: piece `index` of `size` bytes.
    static func piece(_ index: Int, size: Int = 10_000) -> Data {
        Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index &* 7) })
    }

    static func expected(pieces: Int) -> Data {
        var data = Data()
        for index in 0..<pieces { data.append(piece(index)) }
        return data
    }

    static func routes(_ log: ProducerLog) -> [Route] {
        @Sendable func streamed(_ producer: @escaping @Sendable (ResponseBodyWriter) throws -> Void) -> HTTPResponse {
            .streamed(headers: [("Content-Type", "application/octet-stream")], ResponseStream(bufferCapacity: 64 * 1024) { writer in
                log.running.add(1, ordering: .sequentiallyConsistent)
                defer { log.running.subtract(1, ordering: .sequentiallyConsistent) }
                do {
                    try producer(writer)
                } catch is ResponseStreamCancelled {
                    log.cancelled.set()
                    throw ResponseStreamCancelled()
                } catch {
                    log.failed.set()
                    throw error
                }
            })
        }
        return [
            makeRoute("GET", "/stream") { request in
                let pieces = Int(request.query["pieces"] ?? "") ?? 400
                return streamed { writer in
                    for index in 0..<pieces {
                        try writer.write(piece(index))
                        log.written.add(10_000, ordering: .sequentiallyConsistent)
                    }
                }
            },
            // Writes a little at a time with pauses, so the connection waits suspended in between.
            makeRoute("GET", "/trickle") { _ in
                streamed { writer in
                    for index in 0..<10_000 {
                        try writer.write(piece(index, size: 100))
                        usleep(20_000)
                    }
                }
            },
            makeRoute("GET", "/fail") { _ in
                streamed { writer in
                    for index in 0..<20 { try writer.write(piece(index)) }
                    usleep(50_000)
                    throw AppError.unavailable("the disk went away", code: "disk")
                }
            },
        ]
    }

    static func start(_ log: ProducerLog) throws -> HTTPServer {
        try ServerFixture.start(routes(log))
    }

    /// The body of a chunked message, and whether its terminating chunk arrived.
    static func dechunk(_ raw: Data) -> (body: Data, complete: Bool) {
        let bytes = [UInt8](raw)
        var body = Data()
        var at = 0
        while let lineEnd = find(bytes, from: at) {
            let sizeText = String(decoding: bytes[at..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText, radix: 16) else { return (body, false) }
            let start = lineEnd + 2
            if size == 0 { return (body, bytes.count >= start + 2) }
            guard start + size + 2 <= bytes.count else {
                body.append(contentsOf: bytes[start..<min(bytes.count, start + size)])
                return (body, false)
            }
            body.append(contentsOf: bytes[start..<(start + size)])
            at = start + size + 2
        }
        return (body, false)
    }

    private static func find(_ bytes: [UInt8], from: Int) -> Int? {
        var index = from
        while index + 1 < bytes.count {
            if bytes[index] == 13, bytes[index + 1] == 10 { return index }
            index += 1
        }
        return nil
    }

    /// Waits up to `patience` for `condition`.
    static func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(patience)
        while Date() < deadline {
            if condition() { return true }
            usleep(5_000)
        }
        return condition()
    }
}

@Suite("Streamed responses on loopback", .serialized)
struct StreamedResponseTests {
    typealias S = StreamFixture

    @Test func http11SendsItChunkedWithItsTerminatingChunk() throws {
        let log = ProducerLog()
        let server = try S.start(log)
        defer { server.stop() }
        let response = try rawRequest(port: server.port, "GET /stream?pieces=400 HTTP/1.1\r\nHost: localhost")
        #expect(response.status == 200)
        #expect(response.headers["transfer-encoding"] == "chunked")
        #expect(response.headers["content-length"] == nil)
        let (body, complete) = S.dechunk(response.body)
        #expect(complete)
        #expect(body == S.expected(pieces: 400))
        #expect(S.eventually { server.streams.count == 0 && log.running.load(ordering: .sequentiallyConsistent) == 0 })
    }

    @Test func http10GetsTheBodyUntilTheConnectionCloses() throws {
        let server = try S.start(ProducerLog())
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        try connection.send("GET /stream?pieces=50 HTTP/1.0\r\nHost: localhost\r\n\r\n")
        let response = try RawResponse(connection.readToEnd())
        #expect(response.status == 200)
        #expect(response.headers["transfer-encoding"] == nil)
        #expect(response.body == S.expected(pieces: 50))
    }

    @Test func urlSessionReadsTheWholeBody() async throws {
        let server = try S.start(ProducerLog())
        defer { server.stop() }
        let url = URL(string: "http://127.0.0.1:\(server.port)/stream?pieces=300")!
        let (data, response) = try await URLSession(configuration: .ephemeral).data(from: url)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(data == S.expected(pieces: 300))
    }

    @Test func aFailingProducerNeverLooksComplete() throws {
        let log = ProducerLog()
        let server = try S.start(log)
        defer { server.stop() }
        let response = try rawRequest(port: server.port, "GET /fail HTTP/1.1\r\nHost: localhost")
        #expect(response.status == 200)
        let (body, complete) = S.dechunk(response.body)
        #expect(!complete) // no terminating chunk: the client knows the transfer broke
        #expect(body == S.expected(pieces: 20))
        #expect(log.failed.isSet)
    }

    @Test func aSlowClientHoldsTheProducerBack() throws {
        let log = ProducerLog()
        let server = try S.start(log)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        // 64 MB on offer; the client reads nothing for a while.
        try connection.send("GET /stream?pieces=6400 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        usleep(500_000)
        let early = log.written.load(ordering: .sequentiallyConsistent)
        // The buffer (64 KB), libmicrohttpd's and the kernel's socket buffers: far below the body.
        #expect(early < 24 << 20, "the producer ran ahead by \(early) bytes")
        let (body, complete) = S.dechunk(try RawResponse(connection.readToEnd()).body)
        #expect(complete)
        #expect(body.count == 64_000_000)
    }

    @Test func aClientThatGoesAwayStopsTheProducer() throws {
        let log = ProducerLog()
        let server = try S.start(log)
        defer { server.stop() }
        do {
            let connection = try RawConnection(port: server.port)
            try connection.send("GET /stream?pieces=100000 HTTP/1.1\r\nHost: localhost\r\n\r\n")
            _ = connection.read(until: "\r\n\r\n")
            var buffer = [UInt8](repeating: 0, count: 100_000)
            _ = recv(connection.fd, &buffer, buffer.count, Int32(MSG_WAITALL))
        } // closed here, 1 GB unread
        #expect(S.eventually { log.cancelled.isSet })
        #expect(S.eventually { log.running.load(ordering: .sequentiallyConsistent) == 0 && server.streams.count == 0 })
        #expect(log.written.load(ordering: .sequentiallyConsistent) < 100 << 20)
    }

    @Test func stoppingTheServerMidStreamEndsItCleanly() throws {
        let log = ProducerLog()
        let server = try S.start(log)
        let connection = try RawConnection(port: server.port)
        try connection.send("GET /trickle HTTP/1.1\r\nHost: localhost\r\n\r\n")
        _ = connection.read(until: "\r\n\r\n")
        usleep(100_000) // the connection now waits suspended between the producer's writes
        server.stop(timeout: .zero)
        let (_, complete) = S.dechunk(connection.readToEnd())
        #expect(!complete)
        #expect(S.eventually { log.running.load(ordering: .sequentiallyConsistent) == 0 })
        #expect(log.cancelled.isSet)
        #expect(server.streams.count == 0)
    }

    @Test func theWholeBodyPathIsUnchanged() throws {
        let server = try S.start(ProducerLog())
        defer { server.stop() }
        let response = try rawRequest(port: server.port, "GET /nowhere HTTP/1.1\r\nHost: localhost")
        #expect(response.status == 404)
        #expect(response.headers["content-length"] != nil)
        #expect(response.headers["transfer-encoding"] == nil)
    }
}

@Suite("StreamBuffer")
struct StreamBufferTests {
    @Test func readsInOrderWakesOnceAndBoundsTheProducer() throws {
        let wakes = Atomic<Int>(0)
        let buffer = StreamBuffer(capacity: 10) { wakes.add(1, ordering: .sequentiallyConsistent) }
        var out = [UInt8](repeating: 0, count: 4)
        #expect(out.withUnsafeMutableBytes { buffer.read(into: $0) } == .empty)
        try buffer.write(Data([1, 2, 3]))
        #expect(wakes.load(ordering: .sequentiallyConsistent) == 1)
        try buffer.write(Data([4, 5, 6]))
        #expect(wakes.load(ordering: .sequentiallyConsistent) == 1) // nobody was waiting
        #expect(out.withUnsafeMutableBytes { buffer.read(into: $0) } == .bytes(4))
        #expect(out == [1, 2, 3, 4])
        #expect(out.withUnsafeMutableBytes { buffer.read(into: $0) } == .bytes(2))
        #expect(Array(out[0..<2]) == [5, 6])
        buffer.finish()
        #expect(out.withUnsafeMutableBytes { buffer.read(into: $0) } == .end)
    }

    @Test func cancellingReleasesAWaitingProducer() async throws {
        let buffer = StreamBuffer(capacity: 8) {}
        let stopped = Flag()
        Thread.detachNewThread {
            do {
                while true { try buffer.write(Data(repeating: 7, count: 4)) }
            } catch {
                if error is ResponseStreamCancelled { stopped.set() }
            }
        }
        #expect(StreamFixture.eventually { buffer.bufferedBytes == 8 })
        buffer.cancel()
        #expect(StreamFixture.eventually { stopped.isSet })
        var out = [UInt8](repeating: 0, count: 4)
        #expect(out.withUnsafeMutableBytes { buffer.read(into: $0) } == .failed)
    }
}
