import Synchronization

/// What a write changed, published by the use case after its transaction, so that every write —
/// a route, a command, and later a sync apply — has the same effects on the other features
/// (notification planning now; sync later). Subscribers register in Composition.
public enum DomainEvent: Sendable, Equatable {
    /// A dose was logged, edited or deleted, or the insulin settings changed.
    case insulinChanged(ownerID: String)
    /// A journey was started, advanced or deleted, or its reminder moved.
    case questChanged(ownerID: String)
    /// A supplement was added, removed or taken.
    case supplementsChanged(ownerID: String)
    /// The person's name or time zone changed: everything timed moves with the zone.
    case profileChanged(ownerID: String)
    /// Something the partner may want to hear about happened in a couple space.
    case couple(CoupleEvent)
}

/// Where use cases publish what they changed.
public protocol DomainEventSink: Sendable {
    func publish(_ event: DomainEvent)
}

/// The one in-process event bus: use cases publish, subscribers (registered once at start) hear
/// every event in the order published, on the publishing thread.
public final class DomainEventBus: DomainEventSink {
    public typealias Subscriber = @Sendable (DomainEvent) -> Void
    private let subscribers = Mutex<[Subscriber]>([])

    public init() {}

    public func subscribe(_ subscriber: @escaping Subscriber) {
        subscribers.withLock { $0.append(subscriber) }
    }

    public func publish(_ event: DomainEvent) {
        for subscriber in subscribers.withLock({ $0 }) { subscriber(event) }
    }
}
