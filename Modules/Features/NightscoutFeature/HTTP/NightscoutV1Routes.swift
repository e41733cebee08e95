import FoundationEssentials
import Core
import Domain
import HTTP

/// Nightscout's API v1 at `/api/v1/…`, where xDrip+, AndroidAPS, Loop, tconnectsync and the
/// report tools look: each route also answers with `.json` after its last segment. The account
/// is the one of the credential, so a client configured with a host and a secret works.
public enum NightscoutV1Routes {
    /// A day of uploads at once (288 readings are about 70 KiB; a week's backfill fits).
    static let uploadLimit = 4 << 20

    /// The pipeline's own refusals under `/api/v1/` (no such route, 405, 413, 415, a control
    /// character in the query) answer Nightscout's error body, as the routes' own errors do; and
    /// CORS as Nightscout answers it, for report tools in a browser: any origin, the `api-secret`
    /// header allowed, a preflight `OPTIONS` answered 200 (credentials travel in headers or the
    /// query, never cookies, so `*` opens nothing a page could ride on).
    public static let convention = PathConvention(prefix: "/api/v1/", headers: [
        ("Access-Control-Allow-Origin", "*"),
        ("Access-Control-Allow-Methods", "GET,PUT,POST,DELETE,OPTIONS"),
        ("Access-Control-Allow-Headers", "Content-Type, Authorization, Content-Length, X-Requested-With, api-secret"),
    ], preflightStatus: 200) { status, error in
        NightscoutGate.body(of: error, status: status)
    }

    public static func make(nightscout: NightscoutUseCases) -> [Route] {
        let gate = NightscoutGate(credentials: nightscout.credentials)
        let treatments = nightscout.treatments
        let entries = nightscout.entries
        var routes: [Route] = []

        func add(_ method: String, _ path: String, _ summary: String, body: Bool = false,
                 parameters: [JSONValue] = [], _ handler: @escaping Handler) {
            let operation = OpenAPIOperation(
                summary: summary, tag: "nightscout", parameters: parameters,
                requestBody: body ? OpenAPISchema.jsonBody(["type": ["object", "array"]]) : nil,
                responses: [("200", OpenAPISchema.jsonResponse("Nightscout's answer", ["type": ["object", "array"]]))])
            let dotted = path.hasSuffix("}") ? [path] : [path, path + ".json"]
            for pattern in dotted {
                routes.append(Route(method, pattern, requiresAuth: false, maximumBodySize: body ? uploadLimit : nil,
                                    operation: operation, handler: handler))
            }
        }
        let find: [JSONValue] = [
            OpenAPISchema.queryParameter("count", "How many, newest first", OpenAPISchema.integer),
            OpenAPISchema.queryParameter("find[created_at][$gte]", "Nightscout's find[field][$op] (also $gt $lt $lte $eq $ne $in $nin)"),
        ]
        let id = [OpenAPISchema.pathParameter("id", "The document's _id")]

        add("GET", "/api/v1/status", "Nightscout status: generic fields for anyone, the account's units with a credential") { request in
            let (access, _) = try gate.optionalAccess(request)
            return NightscoutGate.json(try nightscout.status(for: access))
        }
        add("GET", "/api/v1/verifyauth", "What the request's credential may do") { request in
            let (access, refusal) = try gate.optionalAccess(request)
            if let refusal, refusal.kind == .tooManyRequests { return NightscoutGate.error(refusal) }
            let message: DocumentValue = .object([
                "canRead": .bool(access != nil), "canWrite": .bool(access?.role.canWrite ?? false),
                "isAdmin": .bool(access?.role == .admin), "message": .string(access == nil ? "UNAUTHORIZED" : "OK"),
                "rolefound": .string(access == nil ? "NOTFOUND" : "FOUND"),
                "permissions": .string(access == nil ? "DEFAULT" : "ROLE"),
            ])
            return NightscoutGate.json(.object(["status": 200, "message": message]))
        }

        // Treatments
        add("GET", "/api/v1/treatments", "Treatments, newest first (100 by default, the last 4 days without a date)",
            parameters: find) { request in
            try gate.serve(request, need: .read) { access in
                NightscoutGate.array(try treatments.find(NightscoutQuery(query: request.query), ownerID: access.ownerID))
            }
        }
        add("POST", "/api/v1/treatments", "Store treatments (an object or an array); insulin becomes doses", body: true) { request in
            try gate.serve(request, need: .write) { access in
                NightscoutGate.array(try treatments.post(NightscoutGate.documents(in: request), ownerID: access.ownerID))
            }
        }
        add("PUT", "/api/v1/treatments", "Replace the treatment with the body's _id", body: true) { request in
            try gate.serve(request, need: .write) { access in
                let items = try NightscoutGate.documents(in: request)
                return NightscoutGate.array(try items.map { try treatments.put($0, ownerID: access.ownerID) })
            }
        }
        add("DELETE", "/api/v1/treatments", "Delete the treatments a query finds", parameters: find) { request in
            try gate.serve(request, need: .delete) { access in
                deleted(try treatments.delete(NightscoutQuery(query: request.query), id: nil, ownerID: access.ownerID))
            }
        }
        add("DELETE", "/api/v1/treatments/{id}", "Delete one treatment (a dose's id deletes the dose)", parameters: id) { request in
            try gate.serve(request, need: .delete) { access in
                deleted(try treatments.delete(NightscoutQuery(query: request.query), id: spec(request, "id"), ownerID: access.ownerID))
            }
        }

        // Entries
        add("GET", "/api/v1/entries", "Glucose entries, newest first (10 by default)", parameters: find) { request in
            try gate.serve(request, need: .read) { access in
                try listed(entries.findJSONArray(NightscoutQuery(query: request.query), collection: .entries, ownerID: access.ownerID))
            }
        }
        add("GET", "/api/v1/entries/{spec}", "sgv, mbg or cal entries, the current one, or one by _id",
            parameters: [OpenAPISchema.pathParameter("spec", "sgv, mbg, cal, current or an _id")]) { request in
            try gate.serve(request, need: .read) { access in
                let spec = spec(request, "spec")
                if spec == "current" { return try listed(entries.current(ownerID: access.ownerID)) }
                var query = try NightscoutQuery(query: request.query)
                let field = ["sgv", "mbg", "cal"].contains(spec) ? "type" : "_id"
                query.conditions.append(.init(field: field, op: .eq, values: [spec]))
                return try listed(entries.findJSONArray(query, collection: .entries, ownerID: access.ownerID))
            }
        }
        add("POST", "/api/v1/entries", "Store entries (an object or an array); the same time and type is the same entry",
            body: true) { request in
            try gate.serve(request, need: .write) { access in
                NightscoutGate.array(try entries.post(NightscoutGate.documents(in: request), ownerID: access.ownerID).stored)
            }
        }
        add("DELETE", "/api/v1/entries", "Delete the entries a query finds", parameters: find) { request in
            try gate.serve(request, need: .delete) { access in
                deleted(try entries.delete(NightscoutQuery(query: request.query), id: nil, collection: .entries, ownerID: access.ownerID))
            }
        }
        add("DELETE", "/api/v1/entries/{spec}", "Delete one entry by _id, or the entries of a type a query finds",
            parameters: [OpenAPISchema.pathParameter("spec", "sgv, mbg, cal or an _id")]) { request in
            try gate.serve(request, need: .delete) { access in
                let spec = spec(request, "spec")
                var query = try NightscoutQuery(query: request.query)
                if ["sgv", "mbg", "cal"].contains(spec) {
                    query.conditions.append(.init(field: "type", op: .eq, values: [spec]))
                    return deleted(try entries.delete(query, id: nil, collection: .entries, ownerID: access.ownerID))
                }
                return deleted(try entries.delete(query, id: spec, collection: .entries, ownerID: access.ownerID))
            }
        }

        // Device statuses
        add("GET", "/api/v1/devicestatus", "Device statuses, newest first (10 by default)", parameters: find) { request in
            try gate.serve(request, need: .read) { access in
                try listed(entries.findJSONArray(NightscoutQuery(query: request.query), collection: .devicestatus, ownerID: access.ownerID))
            }
        }
        add("POST", "/api/v1/devicestatus", "Store device statuses (an object or an array)", body: true) { request in
            try gate.serve(request, need: .write) { access in
                NightscoutGate.array(try entries.postStatus(NightscoutGate.documents(in: request), ownerID: access.ownerID))
            }
        }
        add("DELETE", "/api/v1/devicestatus", "Delete the device statuses a query finds", parameters: find) { request in
            try gate.serve(request, need: .delete) { access in
                deleted(try entries.delete(NightscoutQuery(query: request.query), id: nil, collection: .devicestatus,
                                           ownerID: access.ownerID))
            }
        }
        add("DELETE", "/api/v1/devicestatus/{id}", "Delete one device status", parameters: id) { request in
            try gate.serve(request, need: .delete) { access in
                deleted(try entries.delete(NightscoutQuery(query: request.query), id: spec(request, "id"), collection: .devicestatus,
                                           ownerID: access.ownerID))
            }
        }

        // The profile
        add("GET", "/api/v1/profile", "The profile, from the insulin settings (a list of one)") { request in
            try gate.serve(request, need: .read) { access in NightscoutGate.array([try nightscout.profile(ownerID: access.ownerID)]) }
        }
        add("GET", "/api/v1/profile/current", "The current profile") { request in
            try gate.serve(request, need: .read) { access in NightscoutGate.json(try nightscout.profile(ownerID: access.ownerID)) }
        }
        return routes
    }

    /// A path parameter without the `.json` a client may add.
    static func spec(_ request: HTTPRequest, _ name: String) -> String {
        let value = request.pathParameters[name] ?? ""
        return value.hasSuffix(".json") ? String(value.dropLast(5)) : value
    }

    /// The stored documents as one array, copied once into the body (a day of readings is ~70 KiB).
    static func listed(_ texts: [String]) -> HTTPResponse {
        listed(JSONArrayBytes.joining(texts))
    }

    static func listed(_ array: [UInt8]) -> HTTPResponse {
        HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(array))
    }

    /// What a delete answers, as MongoDB's result: how many went.
    static func deleted(_ count: Int) -> HTTPResponse {
        NightscoutGate.json(.object(["n": .number(Double(count)), "ok": 1]))
    }
}
