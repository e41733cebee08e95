import FoundationEssentials
import Core
import Domain
import HTTP

/// What every `/api/v1` route does around its work: reads the credential where Nightscout
/// clients put it, checks the role, and answers errors in Nightscout's shape
/// (`{"status": 401, "message": "Unauthorized", "description": "…"}`, with Tend's `code` beside).
struct NightscoutGate: Sendable {
    enum Need { case read, write, delete }

    let credentials: NightscoutCredentials

    /// Runs `work` for the account of the request's credential, when its role allows `need`.
    func serve(_ request: HTTPRequest, need: Need, _ work: (NightscoutAccess) throws -> HTTPResponse) throws -> HTTPResponse {
        do {
            guard let access = try credentials.authenticate(Self.presented(in: request), clientAddress: request.remoteAddress) else {
                throw AppError(.unauthorized, code: "unauthorized", "an API secret (its SHA-1 hex) or an access token is required")
            }
            let allowed = switch need {
            case .read: access.role.canRead
            case .write: access.role.canWrite
            case .delete: access.role.canDelete
            }
            guard allowed else {
                throw AppError(.unauthorized, code: "forbidden_role",
                               "the \(access.role.rawValue) role may not \(need == .delete ? "delete" : "write") here")
            }
            return try work(access)
        } catch let error as AppError where error.kind != .internalFailure {
            return Self.error(error)
        }
    }

    /// The access of a request that may come without a credential (`status`, `verifyauth`):
    /// nil without one or with a wrong one (which still counts against the client).
    func optionalAccess(_ request: HTTPRequest) throws -> (access: NightscoutAccess?, refusal: AppError?) {
        do {
            return (try credentials.authenticate(Self.presented(in: request), clientAddress: request.remoteAddress), nil)
        } catch let error as AppError where error.kind == .unauthorized || error.kind == .tooManyRequests {
            return (nil, error)
        }
    }

    /// The credential forms of a request, where Nightscout looks for them. The `api_secret`
    /// query item some uploaders add is not one of them: it is ignored, as Nightscout ignores it.
    static func presented(in request: HTTPRequest) -> PresentedCredential {
        var presented = PresentedCredential()
        if let value = request.header("api-secret") { presented.add(apiSecret: value) }
        if let value = request.query["secret"] { presented.add(apiSecret: value) }
        if let value = request.query["token"] { presented.add(token: value) }
        if let value = request.bearerToken { presented.add(token: value) }
        if presented.isEmpty, !request.body.isEmpty, request.body.count < 1 << 16,
           let body = try? DocumentValue.parse(request.body), let secret = body["secret"]?.string {
            presented.add(apiSecret: secret)
        }
        return presented
    }

    /// Nightscout's error body for an error: 401 as Nightscout words it, others with their reason.
    static func error(_ error: AppError) -> HTTPResponse {
        let status = HTTPStatus.code(for: error.kind)
        var response = HTTPResponse(status: status, headers: [("Content-Type", "application/json")], body: body(of: error, status: status))
        if error.kind == .tooManyRequests {
            response.setHeader("Retry-After", String(max(1, (error.details as? Int) ?? 60)))
        }
        return response
    }

    /// Nightscout's error body: `status`, `message` (the status's reason), `description`, and Tend's `code`.
    static func body(of error: AppError, status: Int) -> Data {
        let title = status == 401 ? "Unauthorized" : HTTPStatus.reason(status)
        let description = status == 401 && error.code == "unauthorized" ? "Invalid/Missing" : error.message
        var body: [String: DocumentValue] = [
            "status": .number(Double(status)), "message": .string(title), "description": .string(description),
            "code": .string(error.code),
        ]
        if status == 401, error.code == "unauthorized" { body["detail"] = .string(error.message) }
        return Data(DocumentValue.object(body).serialized().utf8)
    }

    /// A JSON text answered as it is (stored documents put together).
    static func json(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json")], body: Data(text.utf8))
    }

    static func json(_ value: DocumentValue, status: Int = 200) -> HTTPResponse { json(value.serialized(), status: status) }

    static func array(_ documents: [DocumentValue]) -> HTTPResponse {
        json("[" + documents.map { $0.serialized() }.joined(separator: ",") + "]")
    }

    /// The documents of a POST or PUT body: one object or an array of them.
    static func documents(in request: HTTPRequest) throws -> [DocumentValue] {
        let body = try request.decode(DocumentValue.self)
        switch body {
        case .array(let items): return items
        case .object: return [body]
        default: throw AppError.invalidInput("the body must be a JSON object or an array of objects", code: "invalid_body")
        }
    }
}
