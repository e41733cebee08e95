import FoundationEssentials
import CMicroHTTPD
import HTTP
#if canImport(Glibc)
import Glibc
#endif

extension HTTPServer {
    /// The request as it stands before its body is read, for a route's own refusal page
    /// (`HTTPApplication.refusal(_:head:)`): a web form answers a body over its limit with a
    /// page in the person's language, which it finds in the head (cookies, `Accept-Language`).
    static func headOnly(_ pending: PendingRequest, method: String, url: String, _ connection: OpaquePointer) -> HTTPRequest {
        var headers: [String: String] = [:]
        for line in pending.headers { headers[line.name] = line.value }
        return HTTPRequest(method: method, path: url, query: values(connection, tend_mhd_query_kind()),
                           headers: headers, body: Data(), remoteAddress: pending.remoteAddress)
    }
}

extension HTTPServer {
    /// libmicrohttpd closes a refused connection as soon as its answer is sent, with the body
    /// still arriving: the kernel would reset the connection, and a client that sent the body
    /// without waiting (every browser) could lose the answer. A copy of the socket keeps the
    /// connection open after that close, for the front door to linger on.
    func lingerAfterClose(_ connection: OpaquePointer) {
        let fd = tend_mhd_connection_fd(connection)
        guard fd >= 0, let door = frontDoor.withLock({ $0 }) else { return }
        let copy = fcntl(fd, F_DUPFD_CLOEXEC, 0)
        if copy >= 0 { door.lingerAfterClose(copy) }
    }
}
