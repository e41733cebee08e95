import FoundationEssentials
import Core

/// The four dose reads of the insulin status, asked at once: a repository over the network
/// answers them in one exchange, which four separate calls cannot do.
public struct DoseStatusReads: Sendable, Equatable {
    /// The newest long-acting dose of `day`.
    public var longToday: Dose?
    /// The newest long-acting dose at or before `horizon`.
    public var lastLong: Dose?
    /// The newest rapid-acting dose at or before `horizon`.
    public var lastRapid: Dose?
    /// The rapid-acting doses of `day`, counted.
    public var rapidToday: DoseTally

    public init(longToday: Dose?, lastLong: Dose?, lastRapid: Dose?, rapidToday: DoseTally) {
        self.longToday = longToday
        self.lastLong = lastLong
        self.lastRapid = lastRapid
        self.rapidToday = rapidToday
    }
}

extension DoseRepository {
    /// The four reads one after another: what a store with no round trips to save does.
    public func statusReads(ownerID: String, day: Range<Date>, horizon: Date) throws -> DoseStatusReads {
        DoseStatusReads(longToday: try latest(ownerID: ownerID, kind: .long, in: day),
                        lastLong: try latest(ownerID: ownerID, kind: .long, atOrBefore: horizon),
                        lastRapid: try latest(ownerID: ownerID, kind: .rapid, atOrBefore: horizon),
                        rapidToday: try tally(ownerID: ownerID, kind: .rapid, in: day))
    }

    /// The reads alone: a store with no round trips to save leaves the settings to the caller.
    public func statusReadsWithSettings(ownerID: String, day: Range<Date>, horizon: Date) throws
        -> (settings: InsulinSettings?, reads: DoseStatusReads) {
        (nil, try statusReads(ownerID: ownerID, day: day, horizon: horizon))
    }
}
