#if canImport(Glibc)
import Glibc
#endif

/// Lines from many threads, written to a file descriptor by one writer thread of its own, as
/// many at once as have queued up while it wrote the last batch.
///
/// Why: a server that logs each request with its own `write(2)` on the request's thread pays a
/// system call per request and serializes its threads on the file (measured: a quarter of the
/// throughput and twice the p99). Here a request only appends its line to a buffer under a
/// lock; under load one `write(2)` carries hundreds of lines.
///
/// Nothing is dropped: when the buffer holds `limit` bytes, a writer of a line waits for room
/// (the log slows the server rather than losing lines). `flush()` returns once every line queued
/// before it is written, and `close()` flushes and ends the thread: a graceful stop loses no
/// line. Only a crash can lose the lines of the last moment, which were not yet written.
public final class BatchedLineWriter: @unchecked Sendable {
    // @unchecked: every mutable field is guarded by `mutex`.
    private let descriptor: Int32
    private let limit: Int
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// Signalled when lines arrive or the writer is closed: wakes the writer thread.
    private let arrived = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Broadcast when a batch is written: wakes flushers and writers waiting for room.
    private let written = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var pending: [UInt8] = []
    /// Bytes ever queued and ever written: a flush waits for `writtenBytes` to reach what was queued.
    private var queuedBytes = 0
    private var writtenBytes = 0
    private var closing = false
    private var thread: pthread_t?

    /// How long the writer waits after a batch before it takes the next: the lines that arrive
    /// meanwhile go out together, so a busy server wakes it a few hundred times a second rather
    /// than once a request (each wake is two context switches on the cores serving requests).
    static let gatherMicroseconds: useconds_t = 2_000

    public init(descriptor: Int32, limit: Int = 1 << 20) {
        self.descriptor = descriptor
        self.limit = max(limit, 1)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(arrived, nil)
        pthread_cond_init(written, nil)
        pending.reserveCapacity(64 << 10)
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        if pthread_create(&thread, nil, { context in
            Unmanaged<BatchedLineWriter>.fromOpaque(context!).takeRetainedValue().drain()
            return nil
        }, context) == 0 {
            self.thread = thread
        } else {
            Unmanaged<BatchedLineWriter>.fromOpaque(context).release()
            closing = true // no thread: `append` writes each line itself
        }
    }

    deinit {
        pthread_cond_destroy(written)
        pthread_cond_destroy(arrived)
        pthread_mutex_destroy(mutex)
        written.deallocate()
        arrived.deallocate()
        mutex.deallocate()
    }

    /// Queues `line` (which carries its own newline) and returns without writing it.
    public func append(_ line: String) {
        pthread_mutex_lock(mutex)
        if closing {
            pthread_mutex_unlock(mutex)
            FileDescriptorStream(descriptor: descriptor).write(line)
            return
        }
        while pending.count >= limit && !closing { pthread_cond_wait(written, mutex) }
        let before = pending.count
        pending.append(contentsOf: line.utf8)
        queuedBytes += pending.count - before
        if before == 0 { pthread_cond_signal(arrived) }
        pthread_mutex_unlock(mutex)
    }

    /// Returns once every line queued before this call has been written.
    public func flush() {
        pthread_mutex_lock(mutex)
        let target = queuedBytes
        while writtenBytes < target && thread != nil { pthread_cond_wait(written, mutex) }
        pthread_mutex_unlock(mutex)
    }

    /// Writes what is queued and ends the writer thread; later lines are written directly.
    public func close() {
        pthread_mutex_lock(mutex)
        closing = true
        let running = thread
        thread = nil
        pthread_cond_signal(arrived)
        pthread_mutex_unlock(mutex)
        if let running { pthread_join(running, nil) }
    }

    /// The writer thread: takes the whole buffer, writes it outside the lock, repeats.
    private func drain() {
        var batch: [UInt8] = []
        batch.reserveCapacity(64 << 10)
        pthread_mutex_lock(mutex)
        while true {
            while pending.isEmpty && !closing { pthread_cond_wait(arrived, mutex) }
            if pending.isEmpty { break } // closing, and everything written
            swap(&batch, &pending)
            pthread_mutex_unlock(mutex)
            Self.writeAll(batch, to: descriptor)
            pthread_mutex_lock(mutex)
            writtenBytes += batch.count
            batch.removeAll(keepingCapacity: true)
            pthread_cond_broadcast(written)
            if !closing {
                pthread_mutex_unlock(mutex)
                usleep(Self.gatherMicroseconds)
                pthread_mutex_lock(mutex)
            }
        }
        pthread_cond_broadcast(written)
        pthread_mutex_unlock(mutex)
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        bytes.withUnsafeBufferPointer { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return // a closed pipe or a full disk: the lines cannot go anywhere else
                }
                offset += count
            }
        }
    }
}
