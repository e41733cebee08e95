import Core

/// The short name of an entry a person can type: the last seven characters of its id. UUIDv7
/// ids share their first characters for hours (they start with the time), but their tail is
/// random, so seven characters (28 bits) tell a person's entries apart.
public enum Handle {
    public static let length = 7
    public static let shortest = 6

    public static func of(_ id: String) -> String { String(id.lowercased().suffix(length)) }

    /// The handles a list prints: seven characters, longer where two of the listed ids would
    /// otherwise share one (so that every printed handle is accepted back).
    public static func handles(for ids: [String]) -> [String: String] {
        var result: [String: String] = [:]
        for length in length...36 {
            let groups = Dictionary(grouping: ids.filter { result[$0] == nil }) { String($0.lowercased().suffix(length)) }
            for (handle, members) in groups where members.count == 1 { result[members[0]] = handle }
            if result.count == ids.count { break }
        }
        return result
    }

    /// The id among `ids` (oldest first) that `input` names: the id itself, its handle (six or
    /// more characters of its tail, any case), or `last` (the newest). nil when none does.
    public static func pick(_ input: String, among ids: [String], noun: String) throws -> String? {
        let text = input.trimmed.lowercased()
        if text == "last" { return ids.last }
        if let exact = ids.first(where: { $0.lowercased() == text }) { return exact }
        guard text.count >= shortest else { return nil }
        let matches = ids.filter { $0.lowercased().hasSuffix(text) }
        guard matches.count <= 1 else { throw ambiguity(input, matches: matches, noun: noun) }
        return matches.first
    }

    /// Two or more entries share what was typed: refused, showing a handle for each.
    static func ambiguity(_ input: String, matches: [String], noun: String) -> AppError {
        let handles = handles(for: matches)
        let longer = matches.map { handles[$0] ?? $0 }.sorted()
        return AppError.invalidInput("'\(input)' matches \(matches.count) \(noun)s: \(longer.joined(separator: ", ")); type more of it",
                                     code: "ambiguous_id").with(["id": input, "matches": longer.joined(separator: ", ")])
    }
}

/// The kinds of entries a person finds again by handle.
public enum RecordKind: String, Sendable, CaseIterable {
    case dose, workout, run, hike, meal, weight

    /// How a message names one.
    public var noun: String {
        switch self {
        case .dose: "dose"
        case .workout: "session"
        case .run: "run"
        case .hike: "hike"
        case .meal: "diet entry"
        case .weight: "weighing"
        }
    }

    /// The code of "not found", the same as the use cases of each kind throw.
    public var notFoundCode: String {
        switch self {
        case .dose: "dose_not_found"
        case .workout: "workout_not_found"
        case .run, .hike: "activity_not_found"
        case .meal: "entry_not_found"
        case .weight: "weight_not_found"
        }
    }
}

/// The ids of a person's live entries, for finding one by its handle.
public protocol RecordLookup: Sendable {
    /// Ids of the owner's live entries of `kind` whose id ends with `suffix` (lowercase).
    func ids(of kind: RecordKind, ownerID: String, endingWith suffix: String) throws -> [String]
    /// The most recently created live entry of `kind`.
    func latestID(of kind: RecordKind, ownerID: String) throws -> String?
}

/// Turns what a person typed — a full id, a handle, or `last` — into an entry's id.
public struct RecordIDs: Sendable {
    let lookup: any RecordLookup

    public init(lookup: any RecordLookup) {
        self.lookup = lookup
    }

    public func resolve(_ input: String, kind: RecordKind, ownerID: String) throws -> String {
        let text = input.trimmed.lowercased()
        if text == "last" {
            guard let id = try lookup.latestID(of: kind, ownerID: ownerID) else {
                throw AppError.notFound("there is no \(kind.noun) yet", code: kind.notFoundCode).with(key: "none", ["id": input])
            }
            return id
        }
        // A full id is taken as it is: the use case says whether it exists.
        if text.count == 36 { return text }
        guard text.count >= Handle.shortest, text.allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
            throw AppError.notFound("no \(kind.noun) \(input): give its handle from the list (\(Handle.length) characters), its id, "
                + "or 'last'", code: kind.notFoundCode).with(["id": input])
        }
        let matches = try lookup.ids(of: kind, ownerID: ownerID, endingWith: text)
        switch matches.count {
        case 0:
            throw AppError.notFound("no \(kind.noun) \(input)", code: kind.notFoundCode).with(["id": input])
        case 1:
            return matches[0]
        default:
            throw Handle.ambiguity(input, matches: matches, noun: kind.noun)
        }
    }
}
