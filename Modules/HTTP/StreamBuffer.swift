import FoundationEssentials
import Dispatch
import Synchronization

/// The bounded queue between a streamed body's producer (on a thread of its own) and the
/// connection that sends it. The producer blocks while `capacity` bytes wait to be sent
/// (backpressure: a slow client slows the producer instead of growing memory); the consumer never
/// blocks: with nothing buffered, `read` answers `.empty` and `readable` is called once, on the
/// producer's thread, when there is something to read again (bytes, the end or a failure).
/// `cancel` (the client went away) makes the producer's next `write` throw, so it stops and
/// releases what it holds.
public final class StreamBuffer: Sendable {
    public enum ReadResult: Equatable, Sendable {
        /// This many bytes were copied.
        case bytes(Int)
        /// Nothing yet; `readable` will be called once when there is.
        case empty
        /// The producer finished; every byte was read.
        case end
        /// The producer failed or was cancelled: the body is incomplete.
        case failed
    }

    private struct State {
        var chunks: [Data] = []
        var head = 0
        var offset = 0
        var buffered = 0
        var finished = false
        var failed = false
        var cancelled = false
        var producerWaiting = false
        var consumerWaiting = false
    }

    public let capacity: Int
    private let state = Mutex(State())
    /// Signalled when the consumer made room or cancelled, while the producer waits.
    private let space = DispatchSemaphore(value: 0)
    private let readable: @Sendable () -> Void

    public init(capacity: Int = 256 << 10, readable: @escaping @Sendable () -> Void) {
        self.capacity = max(1, capacity)
        self.readable = readable
    }

    // MARK: - Producer side

    /// Queues `data`, waiting while the buffer is full. Throws `ResponseStreamCancelled` once the
    /// consumer has cancelled. Data larger than the buffer is queued in slices of half of it.
    public func write(_ data: Data) throws {
        var start = data.startIndex
        let slice = max(1, capacity / 2)
        while start < data.endIndex {
            let end = data.index(start, offsetBy: slice, limitedBy: data.endIndex) ?? data.endIndex
            try enqueue(data[start..<end])
            start = end
        }
    }

    private func enqueue(_ piece: Data) throws {
        while true {
            enum Outcome { case stored(wake: Bool), full, cancelled }
            let outcome = state.withLock { state -> Outcome in
                if state.cancelled { return .cancelled }
                guard state.buffered == 0 || state.buffered + piece.count <= capacity else {
                    state.producerWaiting = true
                    return .full
                }
                state.chunks.append(piece)
                state.buffered += piece.count
                defer { state.consumerWaiting = false }
                return .stored(wake: state.consumerWaiting)
            }
            switch outcome {
            case .cancelled: throw ResponseStreamCancelled()
            case .stored(let wake):
                if wake { readable() }
                return
            case .full: space.wait()
            }
        }
    }

    /// Whether the consumer has gone away.
    public var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Every byte is written: the consumer reads what is left, then `.end`.
    public func finish() { close(failed: false) }

    /// The producer failed: the consumer reads what is left, then `.failed` (never `.end`, so an
    /// incomplete body is never sent as a complete one).
    public func fail() { close(failed: true) }

    private func close(failed: Bool) {
        let wake = state.withLock { state -> Bool in
            if failed { state.failed = true } else { state.finished = true }
            defer { state.consumerWaiting = false }
            return state.consumerWaiting
        }
        if wake { readable() }
    }

    // MARK: - Consumer side

    /// Copies buffered bytes into `buffer` without waiting.
    public func read(into buffer: UnsafeMutableRawBufferPointer) -> ReadResult {
        let (result, wakeProducer) = state.withLock { state -> (ReadResult, Bool) in
            if state.cancelled { return (.failed, false) }
            if state.buffered == 0 {
                if state.failed { return (.failed, false) }
                if state.finished { return (.end, false) }
                state.consumerWaiting = true
                return (.empty, false)
            }
            var copied = 0
            while copied < buffer.count, state.head < state.chunks.count {
                let chunk = state.chunks[state.head]
                let available = chunk.count - state.offset
                let count = min(available, buffer.count - copied)
                let offset = state.offset
                chunk.withUnsafeBytes { bytes in
                    UnsafeMutableRawBufferPointer(rebasing: buffer[copied..<(copied + count)])
                        .copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)]))
                }
                copied += count
                state.offset += count
                if state.offset == chunk.count {
                    state.chunks[state.head] = Data() // release the chunk now, not at compaction
                    state.head += 1
                    state.offset = 0
                }
            }
            if state.head > 64, state.head * 2 > state.chunks.count {
                state.chunks.removeFirst(state.head)
                state.head = 0
            }
            state.buffered -= copied
            defer { state.producerWaiting = false }
            return (.bytes(copied), state.producerWaiting)
        }
        if wakeProducer { space.signal() }
        return result
    }

    /// The consumer is gone: the buffered bytes are dropped and the producer's next write throws.
    public func cancel() {
        let wakeProducer = state.withLock { state -> Bool in
            state.cancelled = true
            state.chunks = []
            state.head = 0
            state.buffered = 0
            defer { state.producerWaiting = false }
            return state.producerWaiting
        }
        if wakeProducer { space.signal() }
    }

    /// Bytes waiting to be read (for tests and the bench).
    public var bufferedBytes: Int { state.withLock { $0.buffered } }
}

/// Thrown by a streamed body's `write` once the client has gone away: the producer stops.
public struct ResponseStreamCancelled: Error, Equatable, Sendable {
    public init() {}
}
