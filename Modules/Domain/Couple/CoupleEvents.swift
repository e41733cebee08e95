import FoundationEssentials
import Synchronization
import Core

/// What happened in a couple space that the partner may want to hear about.
public enum CoupleEvent: Sendable, Equatable {
    case moodShared(MoodEntry, recipientID: String)
    case photoShared(CouplePhoto, recipientID: String)
    /// A care item completed by one member for the other.
    case careCompleted(CareItem, recipientID: String)
    /// The day's bridge of `day` reached 100.
    case bridgeCompleted(coupleID: String, memberIDs: [String], day: LocalDate)
    case meetingSet(Meeting, memberIDs: [String])
    /// The couple ended: what was queued about it must not reach anyone any more.
    case disconnected(memberIDs: [String])
}

/// Hears couple events (the notifications in `tend-server`).
public protocol CoupleEventSink: Sendable {
    func coupleEvent(_ event: CoupleEvent)
}

/// Where couple events go; set once the listener exists (the container builds both).
public final class CoupleEventRelay: Sendable {
    private let sink = Mutex<(any CoupleEventSink)?>(nil)

    public init() {}

    public func connect(_ listener: any CoupleEventSink) {
        sink.withLock { $0 = listener }
    }

    func send(_ event: CoupleEvent) {
        let listener = sink.withLock { $0 }
        listener?.coupleEvent(event)
    }
}

extension Equatable {
    /// Runs `body` with the value and returns it: for a side effect after a transaction.
    func also(_ body: (Self) -> Void) -> Self {
        body(self)
        return self
    }
}
