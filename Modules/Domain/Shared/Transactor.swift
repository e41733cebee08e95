/// Runs a unit of work atomically: every write in `body` lands, or none does.
/// Use cases wrap a check and the write it guards in one call, so that two devices logging at
/// once cannot both pass the check.
public protocol Transactor: Sendable {
    func write<T>(_ body: () throws -> T) throws -> T
    /// Runs `body`'s reads on one state of the data, without the write lock (a look before a
    /// write that is often not needed). Without its own way, a transactor just runs `body`.
    func read<T>(_ body: () throws -> T) throws -> T
}

extension Transactor {
    public func read<T>(_ body: () throws -> T) throws -> T { try body() }

    /// Runs `body` in a transaction and, once it committed, tells `events` what changed.
    public func write<T>(publishing event: DomainEvent, to events: any DomainEventSink, _ body: () throws -> T) throws -> T {
        let result = try write(body)
        events.publish(event)
        return result
    }
}
