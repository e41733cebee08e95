import Testing
import Dispatch
import Synchronization
@testable import Core
#if canImport(Glibc)
import Glibc
#endif

@Suite struct BatchedLineWriterTests {
    /// Reads everything from the pipe's read end until every writer closed it.
    private static func readAll(_ descriptor: Int32) -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count <= 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func everyLineOfEveryThreadArrivesInItsThreadsOrderAfterClose() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        // The reader drains concurrently, so the pipe never fills and blocks the writer thread.
        let output = Output()
        let readEnd = ends[0]
        let reading = DispatchGroup()
        reading.enter()
        DispatchQueue.global().async { let text = Self.readAll(readEnd); output.text.withLock { $0 = text }; reading.leave() }
        let writer = BatchedLineWriter(descriptor: ends[1], limit: 512) // small: writers must wait for room
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for number in 0..<2_000 { writer.append("t\(thread) n\(number)\n") }
        }
        writer.close()
        close(ends[1])
        reading.wait()
        close(ends[0])
        let lines = output.text.withLock { $0 }.split(separator: "\n")
        #expect(lines.count == 8_000)
        for thread in 0..<4 {
            let mine = lines.filter { $0.hasPrefix("t\(thread) ") }.map { Int($0.split(separator: "n").last!)! }
            #expect(mine == Array(0..<2_000), "thread \(thread)'s lines are missing or out of order")
        }
    }

    @Test func flushReturnsOnlyOnceTheQueuedLinesAreWritten() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let writer = BatchedLineWriter(descriptor: ends[1])
        writer.append("one\n")
        writer.append("two\n")
        writer.flush()
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress!, $0.count) } // nothing left to wait for
        #expect(String(decoding: buffer[0..<max(count, 0)], as: UTF8.self) == "one\ntwo\n")
        writer.close()
        writer.append("after close\n") // written directly, not lost
        close(ends[1])
        #expect(Self.readAll(ends[0]) == "after close\n")
        close(ends[0])
    }
}

/// What the reading thread read.
private final class Output: Sendable {
    let text = Mutex("")
}
