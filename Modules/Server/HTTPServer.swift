import FoundationEssentials
import Dispatch
import Synchronization
import CMicroHTTPD
import Core
import HTTP
#if canImport(Glibc)
import Glibc
#endif

/// The HTTP server on libmicrohttpd: an internal epoll thread pool reads requests, bounds
/// their bodies (413 from `Content-Length` before any byte of the body is read, so
/// `Expect: 100-continue` is answered without a 100), and hands them to the application.
/// `stop` stops accepting, lets requests in flight finish, then closes.
public final class HTTPServer: @unchecked Sendable {
    public struct Configuration: Sendable {
        public var host: String
        public var port: UInt16
        public var threads: Int
        public var connectionLimit: Int
        public var connectionTimeoutSeconds: Int

        public init(host: String = "127.0.0.1", port: UInt16 = 8080, threads: Int = 4,
                    connectionLimit: Int = 1024, connectionTimeoutSeconds: Int = 30) {
            self.host = host
            self.port = port
            self.threads = threads
            self.connectionLimit = connectionLimit
            self.connectionTimeoutSeconds = connectionTimeoutSeconds
        }
    }

    let application: HTTPApplication
    let configuration: Configuration
    /// Requests in flight: entered when a request's headers arrive, left when it completes.
    /// `stop` waits on it rather than polling a count.
    let requestsInFlight = DispatchGroup()
    /// Called by `stop` once the daemon accepts nothing new, just before it waits for the
    /// requests in flight: a test's event that the drain has begun.
    let drainBegins = Mutex<(@Sendable () -> Void)?>(nil)
    /// The running daemon's address (0 when stopped): a plain integer, as pointers are not Sendable.
    private let daemonAddress = Mutex<UInt>(0)
    /// The port actually bound (useful when asked for port 0).
    public private(set) var port: UInt16 = 0

    public init(application: HTTPApplication, configuration: Configuration) {
        self.application = application
        self.configuration = configuration
    }

    /// libmicrohttpd holds an unretained pointer to this object: never let it outlive a daemon.
    deinit { stop(timeout: .zero) }

    public func start() throws {
        let address = try SocketAddress(host: configuration.host, port: configuration.port)
        let context = Unmanaged.passUnretained(self).toOpaque()
        let daemon = address.withSockaddr { pointer in
            tend_mhd_start(pointer, UInt32(max(1, configuration.threads)), UInt32(configuration.connectionLimit),
                           UInt32(configuration.connectionTimeoutSeconds), address.isIPv6 ? 1 : 0,
                           tendAccessHandler, context, tendRequestCompleted, context)
        }
        guard let daemon else {
            throw AppError.unavailable("cannot listen on \(configuration.host):\(configuration.port) "
                                           + "(in use, or not an address of this machine)",
                                       code: "listen_failed")
        }
        port = tend_mhd_bound_port(daemon)
        daemonAddress.withLock { $0 = UInt(bitPattern: Int(bitPattern: daemon)) }
    }

    /// Stops accepting connections, waits up to `timeout` for requests in flight, then closes.
    public func stop(timeout: Duration = .seconds(10)) {
        let address = daemonAddress.withLock { current -> UInt in
            defer { current = 0 }
            return current
        }
        guard let daemon = OpaquePointer(bitPattern: Int(bitPattern: address)) else { return }
        let listener = MHD_quiesce_daemon(daemon)
        drainBegins.withLock { $0 }?()
        let (seconds, attoseconds) = max(timeout, .zero).components
        _ = requestsInFlight.wait(timeout: .now() + Double(seconds) + Double(attoseconds) / 1e18)
        MHD_stop_daemon(daemon)
        if listener >= 0 { close(listener) }
    }

    // MARK: - Called on libmicrohttpd's threads

    fileprivate func handle(connection: OpaquePointer, url: String, method: String, uploadData: UnsafePointer<CChar>?,
                            uploadDataSize: UnsafeMutablePointer<Int>,
                            requestState: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> MHD_Result {
        guard let existing = requestState.pointee else {
            // First call: only the headers have arrived.
            requestsInFlight.enter()
            let pending = PendingRequest()
            requestState.pointee = Unmanaged.passRetained(pending).toOpaque()
            pending.limit = application.maximumBodySize(method: method, path: url)
            if let length = Self.value(connection, tend_mhd_header_kind(), "Content-Length").flatMap({ Int($0) }),
               length > pending.limit {
                pending.answered = true
                var response = HTTPResponse.error(AppError(.tooLarge, code: "body_too_large",
                                                           "the body is larger than \(pending.limit) bytes"))
                response.setHeader("Connection", "close")
                return queue(response, on: connection)
            }
            return tend_mhd_yes()
        }
        let pending = Unmanaged<PendingRequest>.fromOpaque(existing).takeUnretainedValue()
        if uploadDataSize.pointee > 0 {
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
        pending.answered = true
        if pending.tooLarge {
            var response = HTTPResponse.error(AppError(.tooLarge, code: "body_too_large",
                                                       "the body is larger than \(pending.limit) bytes"))
            response.setHeader("Connection", "close")
            return queue(response, on: connection)
        }
        let request = HTTPRequest(method: method, path: url, query: Self.values(connection, tend_mhd_query_kind()),
                                  headers: Self.values(connection, tend_mhd_header_kind()), body: pending.body)
        return queue(application.respond(to: request), on: connection)
    }

    fileprivate func completed(requestState: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) {
        guard let requestState, let existing = requestState.pointee else { return }
        Unmanaged<PendingRequest>.fromOpaque(existing).release()
        requestState.pointee = nil
        requestsInFlight.leave()
    }

    private func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        let native = response.body.withUnsafeBytes { bytes in
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

    private static func value(_ connection: OpaquePointer, _ kind: MHD_ValueKind, _ key: String) -> String? {
        MHD_lookup_connection_value(connection, kind, key).map { String(cString: $0) }
    }

    private static func values(_ connection: OpaquePointer, _ kind: MHD_ValueKind) -> [String: String] {
        var collected: [String: String] = [:]
        withUnsafeMutablePointer(to: &collected) { pointer in
            _ = MHD_get_connection_values(connection, kind, tendCollectValue, UnsafeMutableRawPointer(pointer))
        }
        return collected
    }
}

/// The body of a request while it arrives.
final class PendingRequest {
    var body = Data()
    var limit = 1 << 20
    var tooLarge = false
    var answered = false
}

// C callbacks: plain functions (not closures formed in isolated code), as libmicrohttpd calls
// them on its own threads.

private func tendAccessHandler(
    _ context: UnsafeMutableRawPointer?, _ connection: OpaquePointer?, _ url: UnsafePointer<CChar>?,
    _ method: UnsafePointer<CChar>?, _ version: UnsafePointer<CChar>?, _ uploadData: UnsafePointer<CChar>?,
    _ uploadDataSize: UnsafeMutablePointer<Int>?, _ requestState: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
    guard let context, let connection, let url, let method, let uploadDataSize, let requestState else { return tend_mhd_no() }
    let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
    return server.handle(connection: connection, url: String(cString: url), method: String(cString: method),
                         uploadData: uploadData, uploadDataSize: uploadDataSize, requestState: requestState)
}

private func tendRequestCompleted(
    _ context: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
    _ requestState: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, _ reason: MHD_RequestTerminationCode
) {
    guard let context else { return }
    Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue().completed(requestState: requestState)
}

private func tendCollectValue(
    _ context: UnsafeMutableRawPointer?, _ kind: MHD_ValueKind, _ key: UnsafePointer<CChar>?, _ value: UnsafePointer<CChar>?
) -> MHD_Result {
    guard let context, let key else { return tend_mhd_yes() }
    let collected = context.assumingMemoryBound(to: [String: String].self)
    collected.pointee[String(cString: key)] = value.map { String(cString: $0) } ?? ""
    return tend_mhd_yes()
}
