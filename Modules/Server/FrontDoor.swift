import FoundationEssentials
import Dispatch
import Synchronization
import CMicroHTTPD
import Core
import HTTP
#if canImport(Glibc)
import Glibc
#endif

/// The server's listening socket and what stands in front of libmicrohttpd: one thread accepts
/// each connection, reads nothing from it but peeks (`MSG_PEEK`) at what has arrived until its
/// first request's head is complete, and checks that head (`HeadReader`, `HeadRules`; the
/// chunked body too, as far as it has arrived). A head it refuses gets the documented JSON
/// error and a close; one it accepts goes to libmicrohttpd (`MHD_add_connection`), which reads
/// the same bytes as if it had accepted the connection itself. libmicrohttpd 0.9.75 answers
/// what it cannot parse with its own HTML before any handler runs, and offers no hook: this is
/// where the first request of every connection meets the server's own rules instead.
///
/// A connection waiting here counts against the limits (`ConnectionGuard.enter`: the whole
/// limit, the per-address limit, the reserve) and carries the request deadline, which the
/// guard's sweep enforces by shutting the socket down; the thread then closes it. The thread
/// never blocks on a connection: every socket is non-blocking, watched by one epoll set,
/// edge-triggered, so that each arrival of bytes (which stay unread) is one event.
///
/// Later requests on a keep-alive connection are read by libmicrohttpd alone, which reads
/// ahead: a malformed one still meets libmicrohttpd's own HTML 400 (and a close).
final class FrontDoor: @unchecked Sendable {
    private struct Waiting {
        let id: Int
        var address: sockaddr_storage
        let addressLength: socklen_t
        var reader: HeadReader
        var began = false
        var lineReported = false
    }

    private let listener: Int32
    private let daemon: OpaquePointer
    private let connections: ConnectionGuard
    private let rules: HeadRules
    private let logger: Logger?
    private let epoll: Int32
    private let wake: Int32
    /// 0: running; 1: stop accepting; 2: stop.
    private let command = Atomic<Int>(0)
    private var thread = pthread_t()

    // The acceptor thread's own state.
    private var waiting: [Int32: Waiting] = [:]
    /// Refused connections, their response sent and their sending side shut, read and dropped
    /// until the peer closes, the time runs out or the bytes allowed are read: closing with
    /// unread bytes would reset the connection, and the peer could lose the response (a
    /// browser sends a whole body without waiting for an early 413).
    private var lingering: [Int32: Lingering] = [:]
    private struct Lingering {
        let until: ContinuousClock.Instant
        var bytesLeft: Int
    }
    /// Copies of sockets libmicrohttpd answered early and is closing (`lingerAfterClose`), for
    /// this thread to linger on; nil once it has stopped.
    private let handedBack = Mutex<[Int32]?>([])
    private var listening = true
    private var acceptPausedUntil: ContinuousClock.Instant?
    private let buffer: UnsafeMutableRawBufferPointer

    /// How much of a chunked body is checked along with the head, when it has arrived with it.
    static let chunkedBodyChecked = 64 * 1024
    static let lingerTime: Duration = .seconds(2)
    static let lingerBytes = 32 << 20
    static let maximumLingering = 256

    /// Takes over `listener` (listening, non-blocking) and starts the acceptor thread.
    init(listener: Int32, daemon: OpaquePointer, connections: ConnectionGuard, rules: HeadRules, logger: Logger?) throws {
        self.listener = listener
        self.daemon = daemon
        self.connections = connections
        self.rules = rules
        self.logger = logger
        buffer = .allocate(byteCount: rules.maximumHeadBytes + 1 + Self.chunkedBodyChecked, alignment: 16)
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        wake = tend_wake_fd()
        guard epoll >= 0, wake >= 0, tend_epoll_add(epoll, wake, tend_epoll_readable()) == 0,
              tend_epoll_add(epoll, listener, tend_epoll_readable()) == 0 else {
            throw AppError.unavailable("cannot watch the listening socket (epoll: errno \(errno))", code: "listen_failed")
        }
        let context = Unmanaged.passRetained(self).toOpaque()
        let started = pthread_create(&thread, nil, { context in
            let door = Unmanaged<FrontDoor>.fromOpaque(context!).takeRetainedValue()
            door.run()
            return nil
        }, context)
        guard started == 0 else {
            Unmanaged<FrontDoor>.fromOpaque(context).release()
            throw AppError.unavailable("cannot start the acceptor thread (errno \(started))", code: "listen_failed")
        }
    }

    deinit {
        buffer.deallocate()
        if epoll >= 0 { close(epoll) }
        if wake >= 0 { close(wake) }
    }

    /// Stops accepting at once: the listening socket is shut down here (the kernel refuses new
    /// connections from now on) and closed by the acceptor thread. Connections held go on.
    func stopAccepting() {
        guard command.compareExchange(expected: 0, desired: 1, ordering: .sequentiallyConsistent).exchanged else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        tend_wake(wake)
    }

    /// Stops the thread and closes what it still holds; returns once it has.
    func stop() {
        stopAccepting()
        command.store(2, ordering: .sequentiallyConsistent)
        tend_wake(wake)
        pthread_join(thread, nil)
    }

    /// Lingers on `fd`, a copy of a connection's socket that libmicrohttpd has answered early
    /// (before reading the body) and is closing: the copy keeps the connection open, so this
    /// thread shuts its sending side and reads what still comes, as for its own refusals.
    func lingerAfterClose(_ fd: Int32) {
        let taken = handedBack.withLock { handed -> Bool in
            guard handed != nil else { return false }
            handed!.append(fd)
            return true
        }
        if taken { tend_wake(wake) } else { close(fd) }
    }

    // MARK: - The acceptor thread

    private func run() {
        var fds = [Int32](repeating: 0, count: 64)
        var events = [UInt32](repeating: 0, count: 64)
        while true {
            let count = tend_epoll_wait(epoll, &fds, &events, 64, timeoutMilliseconds())
            if count < 0 && errno != EINTR {
                logger?.error("front door: epoll_wait failed (errno \(errno))")
                usleep(10_000)
            }
            for index in 0..<max(0, Int(count)) {
                let fd = fds[index]
                if fd == wake {
                    tend_wake_clear(wake)
                    for handed in handedBack.withLock({ handed in defer { handed = [] }; return handed ?? [] }) { adopt(handed) }
                } else if fd == listener {
                    if listening { acceptAll() }
                } else if lingering[fd] != nil {
                    linger(fd)
                } else {
                    examine(fd, events: events[index])
                }
            }
            let order = command.load(ordering: .sequentiallyConsistent)
            if order >= 1, listening {
                listening = false
                _ = tend_epoll_remove(epoll, listener)
                close(listener)
            }
            if order >= 2 { break }
            expire()
        }
        for (fd, held) in waiting {
            connections.closed(id: held.id)
            _ = tend_discard(fd, 64 * 1024)
            release(fd)
        }
        waiting = [:]
        for fd in lingering.keys { release(fd) }
        lingering = [:]
        for fd in handedBack.withLock({ handed in defer { handed = nil }; return handed ?? [] }) { close(fd) }
    }

    private func timeoutMilliseconds() -> Int32 {
        let soonest = ([acceptPausedUntil].compactMap { $0 } + lingering.values.map(\.until)).min()
        guard let soonest else { return -1 }
        let (seconds, attoseconds) = max(.zero, soonest - .now).components
        return Int32(min(1_000, seconds * 1_000 + attoseconds / 1_000_000_000_000_000 + 1))
    }

    private func expire() {
        let now = ContinuousClock.now
        for (fd, held) in lingering where held.until <= now {
            lingering[fd] = nil
            release(fd)
        }
        if let until = acceptPausedUntil, until <= now, listening {
            acceptPausedUntil = nil
            _ = tend_epoll_add(epoll, listener, tend_epoll_readable())
        }
    }

    private func acceptAll() {
        for _ in 0..<64 {
            var address = sockaddr_storage()
            var length = socklen_t(0)
            let fd = tend_accept(listener, &address, &length)
            if fd < 0 {
                switch errno {
                case EINTR, ECONNABORTED:
                    continue
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    // Out of descriptors or memory: the listening socket would stay readable and
                    // spin this thread; look again in a moment.
                    logger?.warning("front door: cannot accept a connection (errno \(errno)); pausing 100 ms")
                    _ = tend_epoll_remove(epoll, listener)
                    acceptPausedUntil = .now + .milliseconds(100)
                    return
                default:
                    return
                }
            }
            admit(fd, address: address, length: length)
        }
    }

    private func admit(_ fd: Int32, address: sockaddr_storage, length: socklen_t) {
        var address = address
        let (text, group) = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { ($0.addressText(prefix64: false), $0.addressText(prefix64: true)) }
        }
        let peer = text ?? "unknown"
        guard let id = connections.enter(fd: fd, address: peer, group: group ?? peer) else {
            close(fd)
            return
        }
        guard tend_epoll_add(epoll, fd, tend_epoll_arrivals()) == 0 else {
            connections.closed(id: id)
            close(fd)
            return
        }
        waiting[fd] = Waiting(id: id, address: address, addressLength: length, reader: HeadReader(rules: rules))
    }

    /// Bytes arrived on a waiting connection, or it ended.
    private func examine(_ fd: Int32, events: UInt32) {
        guard var held = waiting[fd] else { return }
        if events & tend_epoll_finished() != 0 {
            // Shut down by the guard (deadline, stop) or reset by the peer.
            finish(fd)
            return
        }
        let peerDone = events & tend_epoll_peer_done() != 0
        let count = recv(fd, buffer.baseAddress, rules.maximumHeadBytes + 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        if count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
            finish(fd)
            return
        }
        guard count > 0 else { return }
        switch held.reader.read(UnsafeRawBufferPointer(start: buffer.baseAddress, count: count)) {
        case .incomplete:
            if peerDone {
                refuse(fd, held, HeadRules.error(400, code: "malformed_request", "the connection ended before the request's head did"))
                return
            }
            if held.reader.requestLineSeen {
                if !held.lineReported { connections.requestLineArrived(id: held.id, targetLength: held.reader.targetLength) }
                held.lineReported = true
            } else if !held.began {
                connections.requestBegan(id: held.id)
            }
            held.began = true
            waiting[fd] = held
        case .refused(let refusal):
            refuse(fd, held, refusal)
        case .complete(let headBytes, let chunked):
            // The request's clock runs from its line, also when the whole head came at once.
            if !held.lineReported { connections.requestLineArrived(id: held.id, targetLength: held.reader.targetLength) }
            if chunked {
                let available = recv(fd, buffer.baseAddress, buffer.count, Int32(MSG_PEEK | MSG_DONTWAIT))
                if available > headBytes,
                   let refusal = ChunkedBody.refusal(UnsafeRawBufferPointer(start: buffer.baseAddress! + headBytes, count: available - headBytes)) {
                    refuse(fd, held, refusal)
                    return
                }
            }
            handOff(fd, held)
        }
    }

    /// Gives the connection to libmicrohttpd, which reads the bytes the front door peeked at.
    private func handOff(_ fd: Int32, _ held: Waiting) {
        _ = tend_epoll_remove(epoll, fd)
        waiting[fd] = nil
        connections.handingOff(id: held.id)
        var address = held.address
        let added = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { MHD_add_connection(daemon, fd, $0, held.addressLength) }
        }
        if added != tend_mhd_yes() {
            // libmicrohttpd has closed the socket.
            let reason = errno
            connections.closed(id: held.id)
            logger?.warning("front door: libmicrohttpd did not take a connection (errno \(reason))")
        }
    }

    /// Answers with the refusal, closes the sending side, and reads what else comes for a
    /// moment before closing.
    private func refuse(_ fd: Int32, _ held: Waiting, _ refusal: HeadRules.Refusal) {
        connections.refusedHead(code: refusal.code)
        ConnectionGuard.send(Self.wire(refusal), to: fd)
        shutdown(fd, Int32(SHUT_WR))
        // From here the guard no longer holds it: its sweep and drain never touch the socket again.
        connections.closed(id: held.id)
        waiting[fd] = nil
        // Level-triggered from here: a body larger than one read is read on the next turns.
        startLingering(fd, watched: tend_epoll_change(epoll, fd, tend_epoll_readable()))
    }

    /// A socket handed back by `lingerAfterClose`.
    private func adopt(_ fd: Int32) {
        shutdown(fd, Int32(SHUT_WR))
        startLingering(fd, watched: tend_epoll_add(epoll, fd, tend_epoll_readable()))
    }

    /// Lingers on `fd` once epoll watches it (`watched`: 0), or closes it now when it cannot.
    private func startLingering(_ fd: Int32, watched: Int32) {
        guard lingering.count < Self.maximumLingering, watched == 0 else {
            _ = tend_discard(fd, 64 * 1024)
            release(fd)
            return
        }
        lingering[fd] = Lingering(until: .now + Self.lingerTime, bytesLeft: Self.lingerBytes)
        linger(fd)
    }

    /// Reads and drops a turn's worth (the socket is level-triggered: more is read next turn);
    /// closes once the peer has, or the bytes allowed are spent.
    private func linger(_ fd: Int32) {
        guard var held = lingering[fd] else { return }
        let turn = min(256 * 1024, held.bytesLeft)
        switch tend_discard(fd, turn) {
        case 1:
            break // nothing more for now
        case 2 where held.bytesLeft > turn:
            held.bytesLeft -= turn
            lingering[fd] = held
        default:
            lingering[fd] = nil
            release(fd)
        }
    }

    /// Closes a waiting connection, dropping what it sent so that the close is no reset.
    private func finish(_ fd: Int32) {
        if let held = waiting.removeValue(forKey: fd) { connections.closed(id: held.id) }
        _ = tend_discard(fd, 64 * 1024)
        release(fd)
    }

    /// Stops watching `fd`, then closes it. epoll forgets a socket only once its last descriptor
    /// is closed, and a process forked at that moment (a test spawning a program; its copies go
    /// at exec) holds one: the old socket's events would then come under its number, which the
    /// next accepted connection may already have, and close that connection unanswered.
    private func release(_ fd: Int32) {
        _ = tend_epoll_remove(epoll, fd)
        close(fd)
    }

    /// A refusal as the bytes of a whole response, closing the connection.
    static func wire(_ refusal: HeadRules.Refusal) -> [UInt8] {
        let response = refusal.response
        var head = "HTTP/1.1 \(response.status) \(reason(response.status))\r\n"
        for header in response.headers where !["content-length", "connection"].contains(header.name.lowercased()) {
            head += "\(header.name): \(header.value)\r\n"
        }
        head += "Content-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + Array(response.body)
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 408: "Request Timeout"
        case 414: "URI Too Long"
        case 431: "Request Header Fields Too Large"
        case 505: "HTTP Version Not Supported"
        default: HTTPStatus.reason(status)
        }
    }
}

extension UnsafePointer<sockaddr> {
    /// The address as `tend_address_text` writes it (an IPv6 /64 with `prefix64`).
    func addressText(prefix64: Bool) -> String? {
        var text = [CChar](repeating: 0, count: 80)
        guard tend_address_text(self, &text, text.count, prefix64 ? 1 : 0) == 0 else { return nil }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
