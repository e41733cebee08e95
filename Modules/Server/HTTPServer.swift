import FoundationEssentials
import Dispatch
import Synchronization
import CMicroHTTPD
import Core
import HTTP
#if canImport(Glibc)
import Glibc
#endif

/// The HTTP server on libmicrohttpd: `FrontDoor` accepts each connection and checks its first
/// request's head before libmicrohttpd sees a byte of it (so that what libmicrohttpd would
/// refuse with its own HTML gets the JSON error), then an internal epoll thread pool reads
/// requests, checks each head before its body (framing, `Host`, sizes; see `HeadRules`), bounds
/// bodies (413 from `Content-Length` before any byte of the body is read, so `Expect:
/// 100-continue` is answered without a 100), and hands the request to the application.
/// `ConnectionGuard` bounds how long a request may take to arrive, the connections of one
/// address, and keeps a reserve of connections. `stop` stops accepting and taking new requests,
/// lets requests in flight finish (their responses close their connections), then closes.
public final class HTTPServer: @unchecked Sendable {
    public struct Configuration: Sendable {
        public var host: String
        public var port: UInt16
        public var threads: Int
        /// Connections at once, over all clients.
        public var connectionLimit: Int
        /// Connections at once from one IP address (0: no limit). Behind a reverse proxy every
        /// connection comes from the proxy's address: set 0 there and let the proxy limit.
        public var connectionsPerAddress: Int
        /// The last connections of `connectionLimit`, which only an address (IPv6: a /64)
        /// holding fewer than two connections may take.
        public var reservedConnections: Int
        /// Seconds without a byte either way before a connection is closed (a client that
        /// stops reading its response).
        public var connectionTimeoutSeconds: Int
        /// How long a request may take to arrive: its request line within this of the
        /// connection opening or of the previous response, its head and body within this
        /// after the request line, plus a second per `minimumBodyRate` bytes of body.
        public var requestTimeout: Duration
        /// Bytes per second of body that earn an upload more time.
        public var minimumBodyRate: Int
        /// Limits on the request line and headers.
        public var maximumHeadBytes: Int
        public var maximumTargetBytes: Int

        public init(host: String = "127.0.0.1", port: UInt16 = 8080, threads: Int = 4,
                    connectionLimit: Int = 1024, connectionsPerAddress: Int = 32, reservedConnections: Int = 64,
                    connectionTimeoutSeconds: Int = 30, requestTimeout: Duration = .seconds(20),
                    minimumBodyRate: Int = 16 * 1024, maximumHeadBytes: Int = 16 * 1024, maximumTargetBytes: Int = 8 * 1024) {
            self.host = host
            self.port = port
            self.threads = threads
            self.connectionLimit = connectionLimit
            self.connectionsPerAddress = connectionsPerAddress
            self.reservedConnections = reservedConnections
            self.connectionTimeoutSeconds = connectionTimeoutSeconds
            self.requestTimeout = requestTimeout
            self.minimumBodyRate = minimumBodyRate
            self.maximumHeadBytes = maximumHeadBytes
            self.maximumTargetBytes = maximumTargetBytes
        }

        var headRules: HeadRules { HeadRules(maximumHeadBytes: maximumHeadBytes, maximumTargetBytes: maximumTargetBytes) }

        /// libmicrohttpd's memory per connection: the head must fit in it with room to spare,
        /// so that an oversized head meets `maximumHeadBytes` (a JSON 431) before it meets
        /// libmicrohttpd's own limit (an HTML one). No more than that: libmicrohttpd zeroes the
        /// whole pool after every request, and half of it again when the read buffer moves
        /// (64 KiB cost about 98k instructions a request under callgrind, a `rep stosb` counted
        /// byte by byte; ConnectionMemoryTests checks heads up to the limit on a keep-alive connection).
        var connectionMemory: Int { max(48 * 1024, 3 * maximumHeadBytes) }
    }

    let application: HTTPApplication
    let configuration: Configuration
    let connections: ConnectionGuard
    /// Requests in flight: entered when a request's head is admitted, left when it completes.
    /// `stop` waits on it rather than polling a count.
    let requestsInFlight = DispatchGroup()
    /// Set by `stop`: new requests are refused with 503 and every response closes its connection.
    /// Admission checks it and enters `requestsInFlight` under its lock, so a request is
    /// either counted before the drain waits or refused.
    private let draining = Locked(false) // read twice a request (`Locked`, not `Mutex`)
    /// Called by `stop` once the daemon accepts nothing new, just before it waits for the
    /// requests in flight: a test's event that the drain has begun.
    let drainBegins = Mutex<(@Sendable () -> Void)?>(nil)
    /// The running daemon's address (0 when stopped): a plain integer, as pointers are not Sendable.
    private let daemonAddress = Mutex<UInt>(0)
    /// The listening socket and its acceptor, while running.
    let frontDoor = Mutex<FrontDoor?>(nil)
    /// The port actually bound (useful when asked for port 0).
    public private(set) var port: UInt16 = 0
    /// Streamed bodies being sent (StreamedBody.swift): ended before the daemon stops.
    let streams = LiveStreams()

    public init(application: HTTPApplication, configuration: Configuration, logger: Logger? = nil) {
        self.application = application
        self.configuration = configuration
        connections = ConnectionGuard(connectionLimit: configuration.connectionLimit,
                                      reservedConnections: configuration.reservedConnections,
                                      connectionsPerAddress: configuration.connectionsPerAddress,
                                      requestTimeout: configuration.requestTimeout,
                                      minimumBodyRate: configuration.minimumBodyRate, logger: logger)
    }

    /// libmicrohttpd holds an unretained pointer to this object: never let it outlive a daemon.
    deinit { stop(timeout: .zero) }

    public func start() throws {
        let address = try SocketAddress(host: configuration.host, port: configuration.port)
        let context = Unmanaged.passUnretained(self).toOpaque()
        // The guard enforces the limits, for connections at the front door too; libmicrohttpd's
        // own are a backstop with room, as it counts a connection a moment after it is closed.
        let limit = max(1, configuration.connectionLimit)
        let limits = tend_mhd_limits(threads: UInt32(max(1, configuration.threads)),
                                     connection_limit: UInt32(limit + max(64, limit / 8)),
                                     per_address_limit: 0,
                                     idle_timeout_seconds: UInt32(max(0, configuration.connectionTimeoutSeconds)),
                                     connection_memory: configuration.connectionMemory)
        let callbacks = tend_mhd_callbacks(context: context, handler: tendAccessHandler, completed: tendRequestCompleted,
                                           connection_changed: tendConnectionChanged,
                                           request_line: tendRequestLine, log: tendLibraryLog)
        let listener = try address.listen(backlog: 1024, naming: "\(configuration.host):\(configuration.port)")
        draining.withLock { $0 = false }
        connections.start()
        let daemon = tend_mhd_start(limits, callbacks)
        let door = daemon.flatMap { try? FrontDoor(listener: listener, daemon: $0, connections: connections,
                                                   rules: configuration.headRules, logger: connections.logger) }
        guard let daemon, let door else {
            close(listener)
            connections.stop()
            if let daemon { MHD_stop_daemon(daemon) }
            throw AppError.unavailable("cannot start libmicrohttpd and its acceptor thread", code: "listen_failed")
        }
        frontDoor.withLock { $0 = door }
        port = tend_bound_port(listener)
        daemonAddress.withLock { $0 = UInt(bitPattern: Int(bitPattern: daemon)) }
    }

    /// Stops accepting connections and taking requests, lets what is in flight finish, then
    /// closes (see `ConnectionGuard.drain`). A connection waiting for a request, with none
    /// arriving, is closed at once; a request that arrives on an open connection now gets a
    /// JSON 503 and its connection closes; requests in flight finish, their responses carrying
    /// `Connection: close`. Returns when no connection is busy any more, or after `timeout`.
    public func stop(timeout: Duration = .seconds(10)) {
        let address = daemonAddress.withLock { current -> UInt in
            defer { current = 0 }
            return current
        }
        guard let daemon = OpaquePointer(bitPattern: Int(bitPattern: address)) else { return }
        let door = frontDoor.withLock { current -> FrontDoor? in
            defer { current = nil }
            return current
        }
        door?.stopAccepting()
        draining.withLock { $0 = true }
        drainBegins.withLock { $0 }?()
        let (seconds, attoseconds) = max(timeout, .zero).components
        let deadline = DispatchTime.now() + Double(seconds) + Double(attoseconds) / 1e18
        // The requests in flight are an event (the group); a connection going idle is not, so
        // the connections are looked at every few milliseconds.
        while DispatchTime.now() < deadline {
            let busy = connections.drain()
            if busy == 0, requestsInFlight.wait(timeout: .now()) == .success { break }
            if requestsInFlight.wait(timeout: min(deadline, .now() + .milliseconds(5))) == .success { usleep(5_000) }
        }
        connections.stop()
        door?.stop()
        streams.closeAll() // MHD_stop_daemon must find no connection suspended
        MHD_stop_daemon(daemon)
    }

    // MARK: - Called on libmicrohttpd's threads

    fileprivate func handle(connection: OpaquePointer, url: String, method: String, version: String,
                            uploadData: UnsafePointer<CChar>?, uploadDataSize: UnsafeMutablePointer<Int>,
                            requestState: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> MHD_Result {
        guard let existing = requestState.pointee else {
            // First call: only the head has arrived.
            let pending = PendingRequest(connectionID: Self.connectionID(connection))
            requestState.pointee = Unmanaged.passRetained(pending).toOpaque()
            let known = connections.headArrived(id: pending.connectionID)
            pending.remoteAddress = known?.address ?? Self.clientAddress(connection, prefix64: false)
            guard admit(pending) else {
                return refuse(HTTPResponse.error(AppError.unavailable("the server is shutting down; retry on a new connection",
                                                                      code: "shutting_down")),
                              pending, on: connection)
            }
            pending.headers = Self.headerLines(connection)
            let targetLength = known?.targetLength ?? url.utf8.count
            // libmicrohttpd tells the size of a connection's first head only: a later one on a
            // keep-alive connection is measured from its parts (ConnectionMemoryTests).
            let size = max(tend_mhd_request_head_size(connection),
                           RequestHead.bytes(method: method, targetLength: targetLength, version: version, headers: pending.headers))
            let head = RequestHead(method: method, version: version, headers: pending.headers, size: size, targetLength: targetLength)
            if let refusal = configuration.headRules.refusal(for: head) {
                connections.refusedHead(code: refusal.code)
                return refuse(refusal.response, pending, on: connection)
            }
            // Without Content-Length or Transfer-Encoding there is no body (RFC 9112 6.3): no
            // need to match the route for its limit (a second match cost about 13k instructions).
            let length = head.values(of: "content-length").first
            guard length != nil || !head.values(of: "transfer-encoding").isEmpty else { return tend_mhd_yes() }
            pending.limit = application.maximumBodySize(method: method, path: url)
            if let length = length.flatMap({ Int($0) }), length > pending.limit {
                return refuse(application.refusal(AppError(.tooLarge, code: "body_too_large", "the body is larger than \(pending.limit) bytes"),
                                                     head: Self.headOnly(pending, method: method, url: url, connection)),
                              pending, on: connection)
            }
            return tend_mhd_yes()
        }
        let pending = Unmanaged<PendingRequest>.fromOpaque(existing).takeUnretainedValue()
        if uploadDataSize.pointee > 0 {
            connections.bodyArrived(id: pending.connectionID, bytes: uploadDataSize.pointee)
            if !pending.answered {
                if pending.body.count + uploadDataSize.pointee > pending.limit {
                    pending.tooLarge = true
                    pending.body = Data()
                } else if !pending.tooLarge, let uploadData {
                    pending.body.append(UnsafeRawPointer(uploadData).assumingMemoryBound(to: UInt8.self), count: uploadDataSize.pointee)
                }
            }
            uploadDataSize.pointee = 0
            return tend_mhd_yes()
        }
        if pending.answered { return tend_mhd_yes() }
        if pending.tooLarge {
            return refuse(application.refusal(AppError(.tooLarge, code: "body_too_large", "the body is larger than \(pending.limit) bytes"),
                                                     head: Self.headOnly(pending, method: method, url: url, connection)),
                          pending, on: connection)
        }
        pending.answered = true
        connections.answering(id: pending.connectionID)
        var headers: [String: String] = [:]
        headers.reserveCapacity(pending.headers.count)
        for line in pending.headers { headers[line.name.lowercased()] = line.value } // the last of a name wins
        let request = HTTPRequest(method: method, path: url, query: Self.values(connection, tend_mhd_query_kind()),
                                  lowercasedHeaders: headers, body: pending.body, remoteAddress: pending.remoteAddress)
        return queue(application.respond(to: request), on: connection)
    }

    fileprivate func completed(connection: OpaquePointer?, requestState: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) {
        if let connection { connections.answered(id: Self.connectionID(connection), fd: tend_mhd_connection_fd(connection)) }
        guard let requestState, let existing = requestState.pointee else { return }
        let pending = Unmanaged<PendingRequest>.fromOpaque(existing).takeRetainedValue()
        requestState.pointee = nil
        if pending.lingers, let connection { lingerAfterClose(connection) }
        if pending.counted { requestsInFlight.leave() }
    }

    fileprivate func connectionChanged(_ connection: OpaquePointer, context: UnsafeMutablePointer<UnsafeMutableRawPointer?>,
                                       started: Bool) {
        if started {
            let address = Self.clientAddress(connection, prefix64: false) ?? "unknown"
            let group = Self.clientAddress(connection, prefix64: true) ?? address
            let id = connections.opened(fd: tend_mhd_connection_fd(connection), address: address, group: group)
            context.pointee = UnsafeMutableRawPointer(bitPattern: id)
        } else if let registered = context.pointee {
            connections.closed(id: Int(bitPattern: registered))
            context.pointee = nil
        }
    }

    fileprivate func requestLineArrived(_ connection: OpaquePointer, target: UnsafePointer<CChar>) {
        connections.requestLineArrived(id: Self.connectionID(connection), targetLength: strlen(target))
    }

    /// Counts the request in flight unless the server is draining.
    private func admit(_ pending: PendingRequest) -> Bool {
        draining.withLock { draining in
            if draining { return false }
            requestsInFlight.enter()
            pending.counted = true
            return true
        }
    }

    /// Answers before the rest of the request is read, and closes the connection after: the
    /// bytes that follow are never read as another request.
    private func refuse(_ refusal: HTTPResponse, _ pending: PendingRequest, on connection: OpaquePointer) -> MHD_Result {
        pending.answered = true
        pending.lingers = true
        connections.answering(id: pending.connectionID)
        var response = refusal
        response.setHeader("Connection", "close")
        return queue(response, on: connection)
    }

    private func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        var response = response
        if draining.withLock({ $0 }) { response.setHeader("Connection", "close") }
        let native = response.stream.map { StreamedBody.makeResponse($0, on: connection, streams: streams) } ?? response.body.withUnsafeBytes { bytes in
            tend_mhd_response(bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, bytes.count)
        }
        guard let native else { return tend_mhd_no() }
        for header in response.headers {
            MHD_add_response_header(native, header.name, header.value)
        }
        let result = MHD_queue_response(connection, UInt32(response.status), native)
        MHD_destroy_response(native)
        return result
    }

    private static func connectionID(_ connection: OpaquePointer) -> Int {
        Int(bitPattern: tend_mhd_socket_context(connection))
    }

    static func clientAddress(_ connection: OpaquePointer, prefix64: Bool) -> String? {
        var buffer = [CChar](repeating: 0, count: 80)
        guard tend_mhd_client_address(connection, &buffer, buffer.count, prefix64 ? 1 : 0) == 0 else { return nil }
        return String(cString: buffer)
    }

    /// Every header line in arrival order, duplicates kept.
    private static func headerLines(_ connection: OpaquePointer) -> [(name: String, value: String)] {
        var collected: [(name: String, value: String)] = []
        withUnsafeMutablePointer(to: &collected) { pointer in
            _ = MHD_get_connection_values(connection, tend_mhd_header_kind(), tendCollectLine, UnsafeMutableRawPointer(pointer))
        }
        return collected
    }

    static func values(_ connection: OpaquePointer, _ kind: MHD_ValueKind) -> [String: String] {
        var collected: [String: String] = [:]
        withUnsafeMutablePointer(to: &collected) { pointer in
            _ = MHD_get_connection_values(connection, kind, tendCollectValue, UnsafeMutableRawPointer(pointer))
        }
        return collected
    }
}

// C callbacks: plain functions (not closures formed in isolated code), as libmicrohttpd calls
// them on its own threads.

private func server(_ context: UnsafeMutableRawPointer) -> HTTPServer {
    Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
}

private func tendAccessHandler(
    _ context: UnsafeMutableRawPointer?, _ connection: OpaquePointer?, _ url: UnsafePointer<CChar>?,
    _ method: UnsafePointer<CChar>?, _ version: UnsafePointer<CChar>?, _ uploadData: UnsafePointer<CChar>?,
    _ uploadDataSize: UnsafeMutablePointer<Int>?, _ requestState: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
    guard let context, let connection, let url, let method, let uploadDataSize, let requestState else { return tend_mhd_no() }
    return server(context).handle(connection: connection, url: String(cString: url), method: String(cString: method),
                                  version: version.map { String(cString: $0) } ?? "",
                                  uploadData: uploadData, uploadDataSize: uploadDataSize, requestState: requestState)
}

private func tendRequestCompleted(
    _ context: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
    _ requestState: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, _ reason: MHD_RequestTerminationCode
) {
    guard let context else { return }
    server(context).completed(connection: connection, requestState: requestState)
}

private func tendConnectionChanged(
    _ context: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
    _ socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, _ code: MHD_ConnectionNotificationCode
) {
    guard let context, let connection, let socketContext else { return }
    server(context).connectionChanged(connection, context: socketContext, started: tend_mhd_connection_started(code) != 0)
}

private func tendRequestLine(
    _ context: UnsafeMutableRawPointer?, _ target: UnsafePointer<CChar>?, _ connection: OpaquePointer?
) -> UnsafeMutableRawPointer? {
    if let context, let target, let connection { server(context).requestLineArrived(connection, target: target) }
    return nil
}

private func tendLibraryLog(_ context: UnsafeMutableRawPointer?, _ format: UnsafePointer<CChar>?, _ arguments: CVaListPointer?) {
    guard let context, let format, let arguments else { return }
    var buffer = [CChar](repeating: 0, count: 512)
    _ = vsnprintf(&buffer, buffer.count, format, arguments)
    let text = String(cString: buffer).trimmingCharacters(in: "\n")
    server(context).connections.libraryMessage(text)
}

private func tendCollectLine(
    _ context: UnsafeMutableRawPointer?, _ kind: MHD_ValueKind, _ key: UnsafePointer<CChar>?, _ value: UnsafePointer<CChar>?
) -> MHD_Result {
    guard let context, let key else { return tend_mhd_yes() }
    let collected = context.assumingMemoryBound(to: [(name: String, value: String)].self)
    collected.pointee.append((String(cString: key), value.map { String(cString: $0) } ?? ""))
    return tend_mhd_yes()
}

private func tendCollectValue(
    _ context: UnsafeMutableRawPointer?, _ kind: MHD_ValueKind, _ key: UnsafePointer<CChar>?, _ value: UnsafePointer<CChar>?
) -> MHD_Result {
    guard let context, let key else { return tend_mhd_yes() }
    let collected = context.assumingMemoryBound(to: [String: String].self)
    collected.pointee[String(cString: key)] = value.map { String(cString: $0) } ?? ""
    return tend_mhd_yes()
}
