import FoundationEssentials
import Client
import Core
import Domain

/// How a pull proves itself to a Nightscout site, as Nightscout's own clients do: the API
/// secret's SHA-1 hex in the `api-secret` header, or an access token as `?token=`. `source`
/// names where it came from for an error message; the value itself is never shown.
enum NightscoutSiteCredential: Sendable, Equatable {
    case none
    case secret(sha1: String, source: String)
    case token(String, source: String)

    /// What a refusal names: the kind of credential and where it came from, never its value.
    var refusedText: String {
        switch self {
        case .none: "no API secret or token was given (set NIGHTSCOUT_API_SECRET or NIGHTSCOUT_TOKEN)"
        case .secret(_, let source): "it refused the API secret (\(source))"
        case .token(_, let source): "it refused the access token (\(source))"
        }
    }
}

/// `NightscoutSite` over HTTP: Nightscout's API v1 queries, sent through the `ServerTransport`
/// every outbound request of `tend` uses (libcurl), with the notification channels' address
/// rule (never a link-local or cloud metadata address; loopback and private networks are fine,
/// self-hosted sites are common).
struct HTTPNightscoutSite: NightscoutSite {
    static let timeout: TimeInterval = 60

    let url: NightscoutSiteURL
    let credential: NightscoutSiteCredential
    let transport: any ServerTransport

    func entries(after: Date, upTo bound: NightscoutPullBound?, count: Int) throws -> [DocumentValue] {
        var query = [(name: "find[date][$gt]", value: Self.milliseconds(after))]
        if let bound { query.append((bound.inclusive ? "find[date][$lte]" : "find[date][$lt]", Self.milliseconds(bound.date))) }
        return try get("/api/v1/entries.json", query: query + [("count", String(count))])
    }

    func treatments(after: Date, upTo bound: NightscoutPullBound?, count: Int) throws -> [DocumentValue] {
        var query = [(name: "find[created_at][$gt]", value: NightscoutDocuments.isoUTC(after))]
        if let bound {
            query.append((bound.inclusive ? "find[created_at][$lte]" : "find[created_at][$lt]", NightscoutDocuments.isoUTC(bound.date)))
        }
        return try get("/api/v1/treatments.json", query: query + [("count", String(count))])
    }

    static func milliseconds(_ date: Date) -> String { String(Int64(NightscoutDocuments.milliseconds(date))) }

    /// One GET; its answer must be a JSON array of documents.
    func get(_ path: String, query: [(name: String, value: String)]) throws -> [DocumentValue] {
        var request = ServerRequest("GET", path, query: query)
        switch credential {
        case .none: break
        case .secret(let sha1, _): request.headers.append(("api-secret", sha1))
        case .token(let token, _): request.query.append(("token", token))
        }
        request.refusesAddress = { ChannelAddressRule.refusal(for: $0) != nil }
        let response: ServerResponse
        do {
            response = try transport.send(request, baseURL: url.base, token: nil, language: nil, timeout: Self.timeout)
        } catch let error as AppError where error.code == "server_unreachable" {
            throw AppError(.unavailable, code: "nightscout_unreachable",
                           error.message.replacing("the server at", with: "the Nightscout site at"))
        }
        let site = url.base
        switch response.status {
        case 200..<300:
            guard let parsed = try? DocumentValue.parse(response.body), case .array(let documents) = parsed else {
                let type = response.headers["content-type"].map { ", " + $0 } ?? ""
                throw AppError(.unavailable, code: "not_nightscout",
                               "the answer of \(site) to \(path) is not Nightscout's JSON (HTTP \(response.status)\(type), "
                                   + "\(response.body.count) bytes): is \(site) a Nightscout site?")
            }
            return documents
        case 401, 403:
            throw AppError(.unauthorized, code: "nightscout_unauthorized",
                           "the Nightscout site at \(site) answered HTTP \(response.status): \(credential.refusedText)")
        case 404:
            throw AppError(.unavailable, code: "not_nightscout",
                           "\(site) has no Nightscout API (HTTP 404 for \(path)): is it the site's address?")
        case 429:
            let wait = response.headers["retry-after"].map { " (retry after \($0) s)" } ?? ""
            throw AppError(.tooManyRequests, code: "nightscout_throttled",
                           "the Nightscout site at \(site) asks to slow down: HTTP 429\(wait)")
        default:
            throw AppError(.unavailable, code: "nightscout_failed", "the Nightscout site at \(site) answered HTTP \(response.status) for \(path)")
        }
    }
}
