import FoundationEssentials
import Dispatch
import Synchronization
import CMicroHTTPD
import Core
#if canImport(Glibc)
import Glibc
#endif

/// What the server keeps of each open connection, so that slow or greedy clients cannot hold
/// it: a deadline for each request to arrive in full, and a reserve of connections that an
/// address already holding several cannot take.
///
/// The deadline: a connection must send a request line within `requestTimeout` of opening or
/// of its previous response, then the rest of its head and body within `requestTimeout` more,
/// plus one second for every `minimumBodyRate` bytes of body received (a large upload that
/// flows is never cut; a trickle gains nothing). libmicrohttpd's own timeout is an idle one,
/// which a byte every few seconds resets; this one is not. A connection past its deadline gets
/// a JSON 408 if a request had begun, and is shut down; libmicrohttpd then closes it.
///
/// libmicrohttpd reports each connection's start and close on its own threads; the sweep runs
/// on a timer of its own. All of it meets under one lock, and a socket is shut down only while
/// its connection is still registered, which libmicrohttpd does before it closes the socket: the
/// sweep can never touch a descriptor number that the kernel has handed to someone else.
final class ConnectionGuard: Sendable {
    enum Phase: Sendable {
        /// Open, before the request line of its next request.
        case awaitingRequest
        /// The request line has arrived; the headers are arriving.
        case receivingHead
        /// The headers have arrived; the body is arriving.
        case receivingBody
        /// The request is in the application's hands or its response is being sent.
        case answering
    }

    struct Entry: Sendable {
        let fd: Int32
        /// The client's IP address as text.
        let address: String
        /// The reserve's unit: an IPv4 address, or an IPv6 /64 network.
        let group: String
        var phase: Phase = .awaitingRequest
        var deadline: ContinuousClock.Instant?
        var requestStarted: ContinuousClock.Instant
        var bodyBytes = 0
        var targetLength = 0
        /// The bytes read from the socket when the connection last began waiting for a request
        /// (nil when the kernel does not tell): more read since means a request has begun.
        var readWhenIdle: UInt64?
        /// Held by `FrontDoor` while its first head arrives (libmicrohttpd has not seen it).
        var atFrontDoor = false
        /// Given to libmicrohttpd and not yet reported started by it: when.
        var handedOff: ContinuousClock.Instant?
        /// The first request's line arrived at the front door: its clock runs from then, not
        /// from when libmicrohttpd reads the line again.
        var carriesRequestStart = false
    }

    struct State: Sendable {
        var entries: [Int: Entry] = [:]
        var perGroup: [String: Int] = [:]
        var perAddress: [String: Int] = [:]
        /// Connections handed to libmicrohttpd, by socket, until it reports them started.
        var handingOff: [Int32: Int] = [:]
        var nextID = 1
        /// Since the last report in the log.
        var cut = 0
        var refused = 0
        var refusedOverAddressLimit = 0
        /// Heads refused (ambiguous framing, no Host, too large...), by error code.
        var refusedHeads: [String: Int] = [:]
        var lastReport = ContinuousClock.now
        var messages = 0
        var suppressedMessages = 0
    }

    let connectionLimit: Int
    let reservedConnections: Int
    /// Once the reserve is reached, an address (or IPv6 /64) holding this many connections gets
    /// no more: a client opening its first or second connection still gets in, the many
    /// connections of a greedy address do not.
    let reserveFloor = 2
    /// Connections at once from one IP address (0: no limit).
    let connectionsPerAddress: Int
    let requestTimeout: Duration
    let minimumBodyRate: Int
    let logger: Logger?
    /// Taken several times a request by every thread: a lock that does not convoy (`Locked`).
    let state = Locked(State())
    private let sweeper = Mutex<(any DispatchSourceTimer)?>(nil)
    /// How often deadlines are checked, in milliseconds: the precision of `requestTimeout`.
    static let sweepMilliseconds = 250
    /// How often the log may tell of cut and refused connections, and of libmicrohttpd's own messages.
    static let reportInterval: Duration = .seconds(10)
    static let messagesPerReport = 10

    init(connectionLimit: Int, reservedConnections: Int, connectionsPerAddress: Int = 0, requestTimeout: Duration,
         minimumBodyRate: Int, logger: Logger?) {
        self.connectionLimit = connectionLimit
        self.reservedConnections = min(reservedConnections, connectionLimit)
        self.connectionsPerAddress = max(0, connectionsPerAddress)
        self.requestTimeout = requestTimeout
        self.minimumBodyRate = max(1, minimumBodyRate)
        self.logger = logger
    }

    var openConnections: Int { state.withLock { $0.entries.count } }

    func start() {
        sweeper.withLock { slot in
            let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "tend.server.deadlines"))
            let interval = DispatchTimeInterval.milliseconds(Self.sweepMilliseconds)
            timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(20))
            timer.setEventHandler { [weak self] in self?.sweep(now: .now) }
            timer.resume()
            slot?.cancel()
            slot = timer
        }
    }

    /// Stops the sweep and reports what it has not reported yet.
    func stop() {
        let wasRunning = sweeper.withLock { timer -> Bool in
            defer { timer = nil }
            timer?.cancel()
            return timer != nil
        }
        if wasRunning { sweep(now: .now, reportNow: true) }
    }

    // MARK: - Called on libmicrohttpd's threads

    /// Registers a connection libmicrohttpd reports started; returns its id (never 0). One the
    /// front door handed over keeps its id, its place in the counts and its request's clock.
    func opened(fd: Int32, address: String, group: String) -> Int {
        let now = ContinuousClock.now
        return state.withLock { state in
            if let id = state.handingOff.removeValue(forKey: fd), var entry = state.entries[id] {
                entry.handedOff = nil
                entry.phase = .receivingHead
                entry.deadline = entry.requestStarted + requestTimeout
                entry.carriesRequestStart = true
                state.entries[id] = entry
                return id
            }
            let id = state.nextID
            state.nextID += 1
            state.entries[id] = Entry(fd: fd, address: address, group: group, deadline: now + requestTimeout, requestStarted: now,
                                      readWhenIdle: Self.bytesRead(from: fd))
            state.perGroup[group, default: 0] += 1
            state.perAddress[address, default: 0] += 1
            return id
        }
    }

    func closed(id: Int) {
        state.withLock { state in
            guard let entry = state.entries.removeValue(forKey: id) else { return }
            let left = state.perGroup[entry.group, default: 1] - 1
            state.perGroup[entry.group] = left > 0 ? left : nil
            let fromAddress = state.perAddress[entry.address, default: 1] - 1
            state.perAddress[entry.address] = fromAddress > 0 ? fromAddress : nil
            if entry.handedOff != nil, state.handingOff[entry.fd] == id { state.handingOff[entry.fd] = nil }
        }
    }

    func requestLineArrived(id: Int, targetLength: Int) {
        let now = ContinuousClock.now
        state.withLock { state in
            guard var entry = state.entries[id] else { return }
            entry.phase = .receivingHead
            if entry.carriesRequestStart {
                entry.carriesRequestStart = false
            } else {
                entry.requestStarted = now
                entry.deadline = now + requestTimeout
            }
            entry.bodyBytes = 0
            entry.targetLength = targetLength
            state.entries[id] = entry
        }
    }

    /// The headers are in: returns the client's address and the target's length.
    func headArrived(id: Int) -> (address: String, targetLength: Int)? {
        state.withLock { state in
            guard let index = state.entries.index(forKey: id) else { return nil }
            state.entries.values[index].phase = .receivingBody
            return (state.entries.values[index].address, state.entries.values[index].targetLength)
        }
    }

    func bodyArrived(id: Int, bytes: Int) {
        state.withLock { state in
            guard var entry = state.entries[id], entry.phase == .receivingBody else { return }
            entry.bodyBytes += bytes
            entry.deadline = entry.requestStarted + requestTimeout + .seconds(Double(entry.bodyBytes) / Double(minimumBodyRate))
            state.entries[id] = entry
        }
    }

    /// The request is answered (or refused): no deadline while the response goes out.
    func answering(id: Int) {
        state.withLock { state in
            guard let index = state.entries.index(forKey: id) else { return }
            state.entries.values[index].phase = .answering
            state.entries.values[index].deadline = nil
        }
    }

    /// The response went out: the next request's clock starts. Called on libmicrohttpd's thread
    /// before it reads a byte of the next request (unless one was pipelined and read with this
    /// one), so the bytes read so far are those of the requests answered.
    /// `fd` is the connection's socket: its count of bytes read is taken before the lock (three
    /// system calls that other threads need not wait for).
    func answered(id: Int, fd: Int32) {
        let read = Self.bytesRead(from: fd)
        let deadline = ContinuousClock.now + requestTimeout
        state.withLock { state in
            guard let index = state.entries.index(forKey: id), state.entries.values[index].fd == fd else { return }
            state.entries.values[index].phase = .awaitingRequest
            state.entries.values[index].deadline = deadline
            state.entries.values[index].readWhenIdle = read
        }
    }

    /// A request refused for its head, counted for the next report.
    func refusedHead(code: String) {
        state.withLock { $0.refusedHeads[code, default: 0] += 1 }
    }

    /// One of libmicrohttpd's own messages: logged, at most `messagesPerReport` per report interval.
    func libraryMessage(_ text: String) {
        guard let logger else { return }
        let shown = state.withLock { state -> Bool in
            if state.messages < Self.messagesPerReport {
                state.messages += 1
                return true
            }
            state.suppressedMessages += 1
            return false
        }
        if shown { logger.warning("libmicrohttpd: \(text)") }
    }

    // MARK: - The drain

    /// For a stop: closes every connection that has no request the server will answer, and
    /// returns how many still have one. A connection waiting for a request with nothing
    /// arrived is shut down (its client learns of it as of any idle keep-alive close); one
    /// whose request has begun but whose head is not complete gets a JSON 503 and is shut down
    /// (it would only get a 503 once its head were in). Busy: a request in the application's
    /// hands or with its response going out, a body arriving for a request taken before the
    /// stop, bytes of a next request not read yet (that request gets a 503 and a close).
    ///
    /// A request has begun as soon as libmicrohttpd has read a byte of it, which is before it
    /// reports the request line: bytes read since the connection went idle (`readWhenIdle`)
    /// count, not only the phase, or a request read in that moment would meet a silent close.
    /// (A request pipelined behind the previous one, read with it, can still meet the close:
    /// HTTP lets a server close there, and a pipelining client retries what went unanswered.)
    func drain() -> Int {
        state.withLock { state in
            var busy = 0
            for (id, entry) in state.entries {
                if let handedOff = entry.handedOff {
                    // libmicrohttpd is about to read its request, and will answer it with a 503.
                    if ContinuousClock.now - handedOff < .seconds(1) { busy += 1 }
                    continue
                }
                if entry.atFrontDoor {
                    // Nothing read from it yet: any byte that has arrived begins a request.
                    if tend_unread_bytes(entry.fd) > 0 { Self.send(Self.shuttingDownResponse, to: entry.fd) }
                    shutdown(entry.fd, Int32(SHUT_RDWR))
                    state.entries[id]?.deadline = nil
                    continue
                }
                switch entry.phase {
                case .awaitingRequest:
                    if tend_unread_bytes(entry.fd) > 0 {
                        busy += 1
                    } else if let idle = entry.readWhenIdle, let read = Self.bytesRead(from: entry.fd), read > idle {
                        Self.send(Self.shuttingDownResponse, to: entry.fd)
                        shutdown(entry.fd, Int32(SHUT_RDWR))
                        state.entries[id]?.deadline = nil
                    } else {
                        shutdown(entry.fd, Int32(SHUT_RDWR))
                        state.entries[id]?.deadline = nil
                    }
                case .receivingHead:
                    Self.send(Self.shuttingDownResponse, to: entry.fd)
                    shutdown(entry.fd, Int32(SHUT_RDWR))
                    state.entries[id]?.deadline = nil
                case .receivingBody, .answering:
                    busy += 1
                }
            }
            return busy
        }
    }

    // MARK: - The sweep

    /// Shuts down every connection past its deadline; reports in the log now and then.
    func sweep(now: ContinuousClock.Instant, reportNow: Bool = false) {
        var report: [String] = []
        state.withLock { state in
            for (id, entry) in state.entries {
                guard let deadline = entry.deadline, deadline <= now else { continue }
                if entry.phase == .receivingHead || entry.phase == .receivingBody {
                    Self.send(Self.timeoutResponse, to: entry.fd)
                }
                shutdown(entry.fd, Int32(SHUT_RDWR))
                state.entries[id]?.deadline = nil
                state.cut += 1
            }
            guard reportNow || now - state.lastReport >= Self.reportInterval else { return }
            if state.cut > 0 {
                report.append("closed \(state.cut) connection(s) whose request did not arrive in time")
            }
            if state.refused > 0 {
                report.append("refused \(state.refused) connection(s) from addresses holding \(reserveFloor) or more "
                                  + "while the last \(reservedConnections) of \(connectionLimit) were reserved")
            }
            if state.refusedOverAddressLimit > 0 {
                report.append("refused \(state.refusedOverAddressLimit) connection(s) from addresses already holding "
                                  + "\(connectionsPerAddress)")
            }
            if !state.refusedHeads.isEmpty {
                let counts = state.refusedHeads.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }
                report.append("refused request(s) for their head: " + counts.joined(separator: ", "))
            }
            if state.suppressedMessages > 0 {
                report.append("libmicrohttpd: \(state.suppressedMessages) more message(s) not shown")
            }
            state.cut = 0
            state.refused = 0
            state.refusedOverAddressLimit = 0
            state.refusedHeads = [:]
            state.messages = 0
            state.suppressedMessages = 0
            state.lastReport = now
        }
        for line in report { logger?.warning(line) }
    }

    /// The bytes read from a TCP socket so far: received in order, less those not read yet (and
    /// less the client's FIN, which the kernel counts as one). Nil when the kernel does not
    /// tell (`tcpi_bytes_received` is Linux 4.1 and later) or bytes keep arriving meanwhile.
    static func bytesRead(from fd: Int32) -> UInt64? {
        /// `struct tcp_info` as the kernel fills it, beyond the part glibc declares.
        func received() -> (bytes: UInt64, finReceived: Bool)? {
            // On the stack: this runs after every response.
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 32) { words in
                words.initialize(repeating: 0)
                var length = socklen_t(words.count * MemoryLayout<UInt64>.size)
                let bytesReceivedOffset = 128
                let status = getsockopt(fd, Int32(IPPROTO_TCP), TCP_INFO, words.baseAddress, &length)
                guard status == 0, Int(length) >= bytesReceivedOffset + 8 else { return nil }
                let tcpState = Int32(UnsafeRawBufferPointer(words)[0])  // tcpi_state, the first byte
                let finReceived = tcpState == Int32(TCP_CLOSE_WAIT) || tcpState == Int32(TCP_LAST_ACK) || tcpState == Int32(TCP_CLOSING)
                return (words[bytesReceivedOffset / 8], finReceived)
            }
        }
        for _ in 0..<4 {
            guard let before = received() else { return nil }
            let unread = tend_unread_bytes(fd)
            guard unread >= 0, let after = received() else { return nil }
            let notRead = UInt64(unread) + (after.finReceived ? 1 : 0)
            if before.bytes == after.bytes, before.finReceived == after.finReceived, after.bytes >= notRead {
                return after.bytes - notRead
            }
        }
        return nil
    }

    /// Writes what fits of a whole response without waiting (the connection is closed next).
    static func send(_ response: [UInt8], to fd: Int32) {
        response.withUnsafeBytes { bytes in
            _ = Glibc.send(fd, bytes.baseAddress, bytes.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL))
        }
    }

    /// A JSON error response, written on the socket directly: the request it answers never
    /// reached libmicrohttpd's handler.
    static func rawResponse(_ status: Int, _ reason: String, code: String, _ message: String) -> [UInt8] {
        let body = #"{"error":{"code":"\#(code)","message":"\#(message)"}}"#
        let head = "HTTP/1.1 \(status) \(reason)\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
            + "Connection: close\r\n\r\n"
        return Array((head + body).utf8)
    }

    private static let timeoutResponse = rawResponse(408, "Request Timeout", code: "request_timeout",
                                                     "the request did not arrive in full in time")
    private static let shuttingDownResponse = rawResponse(503, "Service Unavailable", code: "shutting_down",
                                                          "the server is shutting down; retry on a new connection")
}
