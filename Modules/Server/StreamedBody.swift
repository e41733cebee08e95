import FoundationEssentials
import Synchronization
import CMicroHTTPD
import HTTP

/// A `ResponseStream` sent by libmicrohttpd: `MHD_create_response_from_callback` with an unknown
/// size, so HTTP/1.1 gets chunked transfer encoding and HTTP/1.0 a body that ends when the
/// connection closes. The producer runs on its own thread into a bounded `StreamBuffer`;
/// libmicrohttpd's content reader, on its worker thread, only copies what is buffered and never
/// waits. With nothing buffered it suspends the connection (`MHD_suspend_connection`: returning 0
/// alone would make the internal polling thread call the reader again at once, a busy loop), and
/// the producer resumes it when it has written more. When the producer fails, the reader answers
/// `MHD_CONTENT_READER_END_WITH_ERROR` and libmicrohttpd closes the connection without the last
/// chunk: the client sees a broken transfer, never a complete-looking body. When the client goes
/// away, libmicrohttpd destroys the response, which cancels the buffer: the producer's next write
/// throws and it releases what it holds (the export's read transaction).
final class StreamedBody: Sendable {
    /// libmicrohttpd's values, which are macros Swift does not import.
    static let sizeUnknown = UInt64.max
    static let endOfStream = -1
    static let endWithError = -2
    /// Bytes libmicrohttpd asks the reader for at a time.
    static let blockSize = 32 * 1024

    let waker: ConnectionWaker
    let buffer: StreamBuffer
    private let streams: LiveStreams

    private init(waker: ConnectionWaker, buffer: StreamBuffer, streams: LiveStreams) {
        self.waker = waker
        self.buffer = buffer
        self.streams = streams
    }

    /// The native response for `stream` on `connection`, its producer started (so the first
    /// bytes are ready when libmicrohttpd first asks). nil when libmicrohttpd cannot make one;
    /// the producer is then cancelled.
    static func makeResponse(_ stream: ResponseStream, on connection: OpaquePointer, streams: LiveStreams) -> OpaquePointer? {
        let waker = ConnectionWaker(connection: connection)
        let buffer = stream.start(readable: { waker.wake() })
        let body = StreamedBody(waker: waker, buffer: buffer, streams: streams)
        streams.add(body)
        let context = Unmanaged.passRetained(body).toOpaque()
        guard let response = MHD_create_response_from_callback(sizeUnknown, blockSize, tendStreamRead, context, tendStreamFree) else {
            Unmanaged<StreamedBody>.fromOpaque(context).takeRetainedValue().release()
            return nil
        }
        return response
    }

    /// The content reader: buffered bytes, the end, an error, or 0 with the connection suspended.
    fileprivate func read(into destination: UnsafeMutableRawBufferPointer) -> Int {
        guard destination.count > 0 else { return 0 }
        switch buffer.read(into: destination) {
        case .bytes(let count): return count
        case .end: return Self.endOfStream
        case .failed: return Self.endWithError
        case .empty: return waker.suspendUntilWoken() ? 0 : Self.endWithError
        }
    }

    /// libmicrohttpd is done with the response (sent, failed, or the client went away).
    fileprivate func release() {
        buffer.cancel()
        waker.release()
        streams.remove(self)
    }

    /// The server stops: the producer is cancelled and a suspended connection resumed, as
    /// `MHD_stop_daemon` must never find a suspended one.
    func close() {
        buffer.cancel()
        waker.close()
    }
}

/// The suspension of one streaming connection, shared by libmicrohttpd's worker thread (which
/// suspends it) and the producer's thread (which resumes it). Both calls happen under one lock,
/// so a resume never comes before its suspend, and none comes after libmicrohttpd released
/// the connection. (libmicrohttpd calls its own callbacks without holding its locks, so calling
/// it under this one cannot deadlock.)
final class ConnectionWaker: Sendable {
    private struct State {
        var suspended = false
        /// The producer woke the reader before it could suspend: poll once more instead.
        var wakePending = false
        /// libmicrohttpd released the connection, or the server is stopping.
        var done = false
    }

    private let connection: UInt
    private let state = Mutex(State())

    init(connection: OpaquePointer) {
        self.connection = UInt(bitPattern: Int(bitPattern: connection))
    }

    private var handle: OpaquePointer { OpaquePointer(bitPattern: Int(bitPattern: connection))! }

    /// On libmicrohttpd's thread, from the reader. false when the stream must end instead.
    func suspendUntilWoken() -> Bool {
        state.withLock { state in
            if state.done { return false }
            if state.wakePending {
                state.wakePending = false
                return true
            }
            state.suspended = true
            MHD_suspend_connection(handle)
            return true
        }
    }

    /// On the producer's thread: there is something to read.
    func wake() {
        state.withLock { state in
            guard !state.done else { return }
            if state.suspended {
                state.suspended = false
                MHD_resume_connection(handle)
            } else {
                state.wakePending = true
            }
        }
    }

    /// libmicrohttpd has released the connection: never touch it again.
    func release() {
        state.withLock { $0.done = true }
    }

    /// The server stops: resume a suspended connection and suspend it no more.
    func close() {
        state.withLock { state in
            if state.suspended, !state.done { MHD_resume_connection(handle) }
            state.suspended = false
            state.done = true
        }
    }
}

/// The streams being sent, so that `HTTPServer.stop` can end them before it stops the daemon.
final class LiveStreams: Sendable {
    private let bodies = Mutex<[ObjectIdentifier: StreamedBody]>([:])

    func add(_ body: StreamedBody) { bodies.withLock { $0[ObjectIdentifier(body)] = body } }

    func remove(_ body: StreamedBody) { _ = bodies.withLock { $0.removeValue(forKey: ObjectIdentifier(body)) } }

    var count: Int { bodies.withLock { $0.count } }

    func closeAll() {
        for body in bodies.withLock({ Array($0.values) }) { body.close() }
    }
}

// C callbacks: plain functions, as libmicrohttpd calls them on its own threads.

private func tendStreamRead(_ context: UnsafeMutableRawPointer?, _ position: UInt64,
                            _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int) -> Int {
    guard let context, let buffer else { return StreamedBody.endWithError }
    let body = Unmanaged<StreamedBody>.fromOpaque(context).takeUnretainedValue()
    return body.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: size))
}

private func tendStreamFree(_ context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    Unmanaged<StreamedBody>.fromOpaque(context).takeRetainedValue().release()
}
