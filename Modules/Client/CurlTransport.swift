import FoundationEssentials
import CCurl
import Core
#if canImport(Glibc)
import Glibc
#endif

/// `ServerTransport` on libcurl, which is loaded on the first request (see CCurl's shim.h):
/// no redirects followed, TLS verified, one timeout for the whole exchange, answers capped at
/// 64 MiB. Every call is independent, so it is safe from any thread.
public struct CurlTransport: ServerTransport {
    public static let maximumResponseBytes = 64 << 20
    public static let userAgent = "tend/1.0"

    public init() {}

    public func send(_ request: ServerRequest, baseURL: String, token: String?, language: String?,
                     timeout: TimeInterval) throws -> ServerResponse {
        let url = Self.url(baseURL: baseURL, request: request)
        var headers = ["Accept: application/json", "User-Agent: \(Self.userAgent)",
                       "Expect:"] // no 100-continue round trip before a large body
        if let token { headers.append("Authorization: Bearer \(Self.headerSafe(token))") }
        if let language, !language.isEmpty { headers.append("Accept-Language: \(Self.headerSafe(language))") }
        if request.body != nil {
            headers.append("Content-Type: \(Self.headerSafe(request.contentType ?? "application/octet-stream"))")
        }
        for (name, value) in request.headers { headers.append("\(Self.headerSafe(name)): \(Self.headerSafe(value))") }
        let milliseconds = timeout.isFinite ? max(1, min(Int((timeout * 1000).rounded(.up)), Int(Int32.max))) : Int(Int32.max)

        var response = tend_curl_response()
        defer { tend_curl_response_free(&response) }
        let body = request.body ?? Data()
        let check = request.refusesAddress.map(AddressCheck.init)
        let resolve = request.pinnedAddresses.map(Self.resolveEntry)
        let outcome = withExtendedLifetime(check) {
            method(request.method).withCString { method in
                url.withCString { url in
                    withCStrings(headers) { headerList in
                        withCStrings(resolve) { resolveList in
                            body.withUnsafeBytes { bytes in
                                var native = tend_curl_request(
                                    method: method, url: url, headers: headerList, header_count: headers.count,
                                    body: bytes.baseAddress, body_length: bytes.count, has_body: request.body == nil ? 0 : 1,
                                    timeout_milliseconds: milliseconds, maximum_response_bytes: Self.maximumResponseBytes,
                                    refuses_address: check == nil ? nil : curlRefusesAddress,
                                    refuses_address_context: check.map { Unmanaged.passUnretained($0).toOpaque() },
                                    resolve: resolveList, resolve_count: resolve.count)
                                return tend_curl_perform(&native, &response)
                            }
                        }
                    }
                }
            }
        }
        let reason = withUnsafePointer(to: &response) { String(cString: tend_curl_error_text($0)) }
        switch outcome {
        case TEND_CURL_OK:
            return ServerResponse(status: response.status, headers: Self.headers(response.headers),
                                  body: response.body.data.map { Data(bytes: $0, count: response.body.length) } ?? Data())
        case TEND_CURL_TIMED_OUT:
            throw AppError.unavailable("no answer from the server at \(baseURL) within \(Self.seconds(timeout)) s (\(reason))",
                                       code: "server_unreachable")
        case TEND_CURL_UNREACHABLE where !(check?.refused.isEmpty ?? true):
            let refused = (check?.refused ?? []).map(\.description).joined(separator: ", ")
            throw AppError.unavailable(
                "cannot reach the server at \(baseURL): the connection to \(refused) was refused (an address this request must not reach)",
                code: "server_unreachable")
        case TEND_CURL_UNREACHABLE:
            throw AppError.unavailable("cannot reach the server at \(baseURL): \(reason)", code: "server_unreachable")
        case TEND_CURL_TOO_LARGE:
            throw AppError.unavailable("the server at \(baseURL) sent an answer larger than \(Self.maximumResponseBytes >> 20) MiB",
                                       code: "response_too_large")
        case TEND_CURL_UNAVAILABLE:
            throw AppError.unavailable("tend needs libcurl (libcurl.so.4) to talk to a server: install Debian's libcurl4 package",
                                       code: "http_client_unavailable")
        default:
            throw AppError.unavailable("cannot send the request to \(baseURL): \(reason)", code: "server_unreachable")
        }
    }

    /// Whether libcurl can be loaded on this machine.
    public static var isAvailable: Bool { tend_curl_available() != 0 }

    // MARK: - Host names as libcurl reads them

    /// A host name that is not ASCII as libcurl converts it before resolving it (libidn2's UTS #46
    /// mapping with the flags libcurl passes: `１２７。０。０。１` becomes `127.0.0.1`); nil when
    /// libidn2 refuses the name or cannot be loaded (then libcurl cannot reach it either).
    public static func asciiHostName(_ name: String) -> String? {
        var output: UnsafeMutablePointer<CChar>?
        guard tend_idn2_to_ascii(name, &output) == 0, let output else { return nil }
        defer { free(output) }
        return String(cString: output)
    }

    /// libcurl's own reading of `url`'s host (`curl_url`: percent-decoded, its IPv4 forms written
    /// dotted, an IPv6 literal in brackets), or nil when libcurl refuses the URL or is missing.
    public static func urlParserHost(_ url: String) -> String? {
        var output: UnsafeMutablePointer<CChar>?
        guard tend_curl_url_host(url, &output) == 0, let output else { return nil }
        defer { free(output) }
        return String(cString: output)
    }

    /// A pinned host as a CURLOPT_RESOLVE entry: "host:port:address[,address]", IPv6 in brackets.
    static func resolveEntry(_ pin: ServerRequest.PinnedHost) -> String {
        let addresses = pin.addresses.map { address -> String in
            if case .v6 = address { return "[\(address)]" }
            return address.description
        }
        return "\(pin.host):\(pin.port):" + addresses.joined(separator: ",")
    }

    // MARK: - Building the request

    /// `baseURL` + the path (characters a URL path cannot hold percent-encoded) + the query.
    static func url(baseURL: String, request: ServerRequest) -> String {
        if request.path.isEmpty && request.query.isEmpty { return baseURL }
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        let path = request.path.hasPrefix("/") ? request.path : "/" + request.path
        var url = base + PercentEncoding.encode(path, keeping: pathCharacters)
        if !request.query.isEmpty {
            url += "?" + request.query.map {
                PercentEncoding.encode($0.name) + "=" + PercentEncoding.encode($0.value)
            }.joined(separator: "&")
        }
        return url
    }

    /// Unreserved, sub-delimiters, ':', '@', '/' and '%' (a path may come encoded already).
    static let pathCharacters = PercentEncoding.unreserved.union("!$&'()*+,;=:@/%".utf8)

    /// The method in capitals, without anything that could end the request line.
    private func method(_ text: String) -> String {
        let cleaned = text.uppercased().filter { $0.isLetter }
        return cleaned.isEmpty ? "GET" : cleaned
    }

    /// A header value cannot hold a line break (it would start a header of its own).
    static func headerSafe(_ value: String) -> String {
        String(value.unicodeScalars.filter { $0 != "\r" && $0 != "\n" && $0 != "\0" }.map(Character.init))
    }

    // MARK: - Reading the answer

    /// Header lines of the last response received (a `100 Continue` or other interim block is
    /// dropped); names lowercased, repeated fields joined with ", ".
    static func headers(_ buffer: tend_curl_buffer) -> [String: String] {
        guard let data = buffer.data, buffer.length > 0 else { return [:] }
        let text = String(decoding: UnsafeBufferPointer(start: data, count: buffer.length), as: UTF8.self)
        var fields: [String: String] = [:]
        for rawLine in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            if line.hasPrefix("HTTP/") {
                fields = [:] // a new status line: the fields so far belonged to an interim response
                continue
            }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = String(line[..<colon]).trimmed.lowercased()
            let value = String(line[line.index(after: colon)...]).trimmed
            guard !name.isEmpty else { continue }
            if let existing = fields[name] {
                fields[name] = existing + ", " + value
            } else {
                fields[name] = value
            }
        }
        return fields
    }

    static func seconds(_ timeout: TimeInterval) -> String {
        timeout == timeout.rounded() ? String(Int(timeout)) : String((timeout * 10).rounded() / 10)
    }
}

/// Calls `body` with a C array of C strings that lives for the duration of the call (nil when
/// there are none).
private func withCStrings<Result>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> Result) -> Result {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    let pointers: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } }
    return pointers.withUnsafeBufferPointer { body(strings.isEmpty ? nil : $0.baseAddress) }
}

/// The request's address check, reached by the C socket opener through its context pointer.
private final class AddressCheck {
    let refuses: @Sendable (IPAddress) -> Bool
    /// The addresses refused so far (only the transfer's thread touches them).
    var refused: [IPAddress] = []

    init(_ refuses: @escaping @Sendable (IPAddress) -> Bool) { self.refuses = refuses }
}

/// libcurl's socket opener asks this before every connection (on the thread running the
/// transfer): the address as bytes, refused (1) when the request's check says so or when it
/// cannot be read.
private func curlRefusesAddress(_ context: UnsafeMutableRawPointer?, _ family: Int32, _ bytes: UnsafePointer<UInt8>?) -> Int32 {
    guard let context, let bytes else { return 1 }
    let check = Unmanaged<AddressCheck>.fromOpaque(context).takeUnretainedValue()
    let length = family == Int32(AF_INET) ? 4 : family == Int32(AF_INET6) ? 16 : 0
    guard let address = IPAddress(bytes: UnsafeBufferPointer(start: bytes, count: length)) else { return 1 }
    guard check.refuses(address) else { return 0 }
    if !check.refused.contains(address) { check.refused.append(address) }
    return 1
}
