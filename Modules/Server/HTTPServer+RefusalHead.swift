import FoundationEssentials
import CMicroHTTPD
import HTTP

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
