import FoundationEssentials

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

extension DomainEventSink {
    /// A couple event, on the one event bus.
    func send(_ event: CoupleEvent) { publish(.couple(event)) }
}

extension Equatable {
    /// Runs `body` with the value and returns it: for a side effect after a transaction.
    func also(_ body: (Self) -> Void) -> Self {
        body(self)
        return self
    }
}
