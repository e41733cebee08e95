import FoundationEssentials

/// The one error vocabulary of Tend: a stable snake_case `code` that scripts and clients rely on,
/// a `kind` that decides the CLI exit code and the HTTP status, and a message for a person.
public struct AppError: Error, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable, CaseIterable {
        case invalidInput
        /// A file or body that is well-formed as a request but whose content cannot be used
        /// (a broken GPX file): exit 1 on the command line, 422 on the server.
        case unprocessable
        case notFound
        case conflict
        /// Existed once and is no longer usable (an expired invite): 410 on the server.
        case gone
        case unauthorized
        case forbidden
        case tooLarge
        /// Too many attempts: the client should wait (`details` holds the seconds to wait).
        case tooManyRequests
        case unavailable
        case internalFailure
    }

    public let kind: Kind
    public let code: String
    public let message: String
    /// Extra data a client needs to act on the error (for example the dose a guard refers to);
    /// the presentation layer decides how to render it.
    public let details: (any Sendable)?
    /// Which of its code's messages this is, where a code has several (`invalid_supplement`
    /// for a name, an amount, a unit…): a translation looks up `code.key`, else `code`.
    public private(set) var key: String?
    /// The values written into the message (a time, an id, a number, a name), so that a
    /// translation can place them without reading the English.
    public private(set) var arguments: [String: String] = [:]

    public init(_ kind: Kind, code: String? = nil, _ message: String, details: (any Sendable)? = nil) {
        self.kind = kind
        self.code = code ?? kind.defaultCode
        self.message = message
        self.details = details
    }

    public var description: String { message }

    /// The same error with what a translation needs: `key` when its code has several messages,
    /// and the values in the message. Added at the throw site:
    /// `throw AppError.notFound("no dose with id \(id)", code: "dose_not_found").with(["id": id])`.
    public func with(key: String? = nil, _ arguments: [String: String] = [:]) -> AppError {
        var error = self
        if let key { error.key = key }
        error.arguments.merge(arguments) { $1 }
        return error
    }

    public static func invalidInput(_ message: String, code: String = "invalid_input") -> AppError {
        AppError(.invalidInput, code: code, message)
    }

    public static func notFound(_ message: String, code: String = "not_found") -> AppError {
        AppError(.notFound, code: code, message)
    }

    public static func conflict(_ message: String, code: String = "conflict", details: (any Sendable)? = nil) -> AppError {
        AppError(.conflict, code: code, message, details: details)
    }

    public static func unavailable(_ message: String, code: String = "unavailable") -> AppError {
        AppError(.unavailable, code: code, message)
    }
}

extension AppError.Kind {
    /// The code used when a throw site does not name a more precise one.
    public var defaultCode: String {
        switch self {
        case .invalidInput: "invalid_input"
        case .unprocessable: "unprocessable"
        case .notFound: "not_found"
        case .conflict: "conflict"
        case .gone: "gone"
        case .unauthorized: "unauthorized"
        case .forbidden: "forbidden"
        case .tooLarge: "too_large"
        case .tooManyRequests: "too_many_requests"
        case .unavailable: "unavailable"
        case .internalFailure: "internal"
        }
    }
}
