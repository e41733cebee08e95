import FoundationEssentials
import Core
import Domain
#if canImport(Glibc)
import Glibc
#endif

/// A channel URL is checked when it is added, but a name can resolve to a link-local address
/// (169.254.169.254.nip.io): the names are resolved again before each delivery and refused when
/// any address they give is one a channel must never reach.
enum ResolvedAddressCheck {
    static func check(_ url: String) throws {
        let parser = ChannelAddresses()
        guard let host = parser.host(of: url) else {
            throw AppError.invalidInput("the channel URL is not valid", code: "invalid_channel_url")
        }
        for address in addresses(of: host) where parser.isForbiddenAddress(address) {
            throw AppError.invalidInput("the channel's host \(host) resolves to a link-local address", code: "invalid_channel_url")
        }
    }

    static func addresses(of host: String) -> [String] {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var result: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &result) == 0, let first = result else { return [] }
        defer { freeaddrinfo(first) }
        var addresses: [String] = []
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let info = cursor {
            var buffer = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            if getnameinfo(info.pointee.ai_addr, info.pointee.ai_addrlen, &buffer, socklen_t(buffer.count), nil, 0, NI_NUMERICHOST) == 0 {
                addresses.append(String(cString: buffer))
            }
            cursor = info.pointee.ai_next
        }
        return addresses
    }
}
