import Domain
import Synchronization

/// A sink that keeps what use cases published, for tests to read; it can also pass each event on.
final class RecordedEvents: DomainEventSink {
    private let recorded = Mutex<[DomainEvent]>([])
    private let listener = Mutex<(@Sendable (DomainEvent) -> Void)?>(nil)

    var all: [DomainEvent] { recorded.withLock { $0 } }

    /// Passes every later event to `body` too (the way the container connects notifications).
    func forward(to body: @escaping @Sendable (DomainEvent) -> Void) { listener.withLock { $0 = body } }

    func publish(_ event: DomainEvent) {
        recorded.withLock { $0.append(event) }
        listener.withLock { $0 }?(event)
    }
}
