import FoundationEssentials
import Client
import Console
import Core
import Domain

/// What `tend glucose pull` needs beyond the glucose use cases: the pull, the transport its
/// requests go through, and where the credential comes from.
public struct NightscoutPullContext: Sendable {
    public let pull: NightscoutPull
    public let transport: any ServerTransport
    public let environment: [String: String]
    /// Whether stdin is a terminal (the secret is then asked for, without echo).
    public let isInteractive: Bool
    /// Asks for a secret with this prompt, without echo; nil at end of input.
    public let readSecret: @Sendable (String) -> String?
    /// SHA-1 hex of a text (`Crypto`'s): what Nightscout's clients send for the API secret.
    public let sha1Hex: @Sendable (String) -> String

    public init(pull: NightscoutPull, transport: any ServerTransport, environment: [String: String], isInteractive: Bool,
                readSecret: @escaping @Sendable (String) -> String?, sha1Hex: @escaping @Sendable (String) -> String) {
        self.pull = pull
        self.transport = transport
        self.environment = environment
        self.isInteractive = isInteractive
        self.readSecret = readSecret
        self.sha1Hex = sha1Hex
    }

    /// `NIGHTSCOUT_TOKEN` (the narrower credential, when both are set), else
    /// `NIGHTSCOUT_API_SECRET`, else asked for on a terminal (a token is told by its form,
    /// `name-` and 16 hex digits), else none (a site open to readers needs none).
    func credential() -> NightscoutSiteCredential {
        if let token = environment["NIGHTSCOUT_TOKEN"]?.trimmed, !token.isEmpty { return .token(token, source: "NIGHTSCOUT_TOKEN") }
        if let secret = environment["NIGHTSCOUT_API_SECRET"], !secret.isEmpty {
            return .secret(sha1: secretForm(secret), source: "NIGHTSCOUT_API_SECRET")
        }
        guard isInteractive, let typed = readSecret("Nightscout API secret or access token (Enter for none): "), !typed.isEmpty else {
            return .none
        }
        return Self.isToken(typed) ? .token(typed, source: "as typed") : .secret(sha1: secretForm(typed), source: "as typed")
    }

    /// The secret's SHA-1 hex; a secret given as its SHA-1 already (40 hex digits) goes as it is.
    func secretForm(_ secret: String) -> String {
        secret.utf8.count == 40 && secret.allSatisfy(\.isHexDigit) ? secret.lowercased() : sha1Hex(secret)
    }

    /// Nightscout's token form: the subject's name (up to 10 letters, digits or `_`), `-`, 16 hex digits.
    static func isToken(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...10).contains(parts[0].count), parts[1].count == 16 else { return false }
        return parts[0].allSatisfy { ($0.isLetter || $0.isNumber || $0 == "_") && $0.isASCII }
            && parts[1].allSatisfy { $0.isHexDigit && $0.isASCII }
    }
}

extension GlucoseCommands {
    static let nightscoutSite = Option.value("nightscout", valueName: "URL",
                                             help: "Your Nightscout site's address, e.g. https://my-site.example.org (required).")

    static func pull(_ context: @escaping ContextProvider) -> Command {
        Command(name: "pull",
                abstract: "Copy readings and insulin treatments from your Nightscout site, from where the last pull ended.",
                discussion: """
                    The API secret comes from $NIGHTSCOUT_API_SECRET (sent as its SHA-1, as clients do) or a token from
                    $NIGHTSCOUT_TOKEN, else it is asked for without echo on a terminal. Pulling again adds nothing.
                    """,
                options: [nightscoutSite]) { invocation in
            guard let text = invocation.option(nightscoutSite) else {
                throw UsageError("missing --nightscout URL (your Nightscout site, e.g. https://my-site.example.org)")
            }
            let url = try NightscoutSiteURL(text)
            let context = try context(invocation)
            guard let pull = context.pull else {
                throw AppError.unavailable("pulling from Nightscout is not available here", code: "pull_unavailable")
            }
            let site = HTTPNightscoutSite(url: url, credential: pull.credential(), transport: pull.transport)
            let summary = try pull.pull(from: site, siteKey: url.base, ownerID: context.ownerID)
            let zone = try context.useCases.insulinSettings(ownerID: context.ownerID).timeZone
            try invocation.respond(json: { GlucosePullJSON(summary, zone: zone) }, text: { GlucosePullText.render(summary, zone: zone) })
        }
    }
}
