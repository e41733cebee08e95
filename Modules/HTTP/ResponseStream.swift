import FoundationEssentials
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A response body produced while it is sent (an export of years of data): the producer writes
/// chunks in order and may take as long as it needs; nothing holds the whole body at once.
/// The server runs the producer on a thread of its own into a `StreamBuffer`, so a slow client
/// slows it down (backpressure) and a client that goes away makes its next `write` throw
/// `ResponseStreamCancelled`. A producer that throws leaves the body incomplete, and the server
/// sends it so that the client cannot take it for a complete one.
public struct ResponseStream: Sendable {
    public typealias Producer = @Sendable (ResponseBodyWriter) throws -> Void

    let producer: Producer
    /// Bytes the server buffers between the producer and the socket.
    public let bufferCapacity: Int

    public init(bufferCapacity: Int = 256 << 10, _ producer: @escaping Producer) {
        self.bufferCapacity = bufferCapacity
        self.producer = producer
    }

    /// Runs the producer into `writer` on the calling thread.
    public func produce(into writer: ResponseBodyWriter) throws {
        try producer(writer)
    }

    /// The whole body in memory: for in-process clients and tests, never for the network.
    public func collect() throws -> Data {
        var body = Data()
        try withoutActuallyEscaping({ (chunk: Data) in body.append(chunk) }) { append in
            try produce(into: ResponseBodyWriter(write: append, isCancelled: { false }))
        }
        return body
    }

    /// Starts the producer on a new thread writing into a buffer of `bufferCapacity` bytes, and
    /// returns the buffer to read from. `readable` is the buffer's wake-up (see `StreamBuffer`).
    /// `finished(error)` runs on the producer's thread once it has returned (nil) or thrown.
    public func start(readable: @escaping @Sendable () -> Void,
                      finished: @escaping @Sendable ((any Error)?) -> Void = { _ in }) -> StreamBuffer {
        let buffer = StreamBuffer(capacity: bufferCapacity, readable: readable)
        let producer = producer
        let started = ProducerThread.run {
            let writer = ResponseBodyWriter(write: { try buffer.write($0) }, isCancelled: { buffer.isCancelled })
            do {
                try producer(writer)
                buffer.finish()
                finished(nil)
            } catch {
                buffer.fail()
                finished(error)
            }
        }
        if !started {
            buffer.fail()
            finished(ProducerThread.Unavailable())
        }
        return buffer
    }
}

/// Where a streamed body's producer writes its bytes, in order.
public struct ResponseBodyWriter {
    private let writeChunk: (Data) throws -> Void
    private let cancelled: () -> Bool

    public init(write: @escaping (Data) throws -> Void, isCancelled: @escaping () -> Bool) {
        writeChunk = write
        cancelled = isCancelled
    }

    /// Sends `data` after what was written before; waits while the client is behind, and throws
    /// `ResponseStreamCancelled` once it has gone away.
    public func write(_ data: Data) throws {
        try writeChunk(data)
    }

    /// Whether the client has gone away (a long step between writes may stop early).
    public var isCancelled: Bool { cancelled() }
}

/// A detached POSIX thread for one producer: a producer blocks while its client is behind,
/// which must not take a thread of the shared pools (Dispatch's, Swift concurrency's).
enum ProducerThread {
    private final class Box {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    struct Unavailable: Error {}

    /// Whether the thread started; when not, `body` never runs.
    static func run(_ body: @escaping @Sendable () -> Void) -> Bool {
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        defer { pthread_attr_destroy(&attributes) }
        let status = pthread_create(&thread, &attributes, { context in
            let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
            box.body()
            return nil
        }, box)
        if status != 0 {
            // Never on the caller's thread instead: the producer would wait for a consumer that
            // this very thread is.
            Unmanaged<Box>.fromOpaque(box).release()
            return false
        }
        return true
    }
}
