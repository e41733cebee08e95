/// Runs a unit of work atomically: every write in `body` lands, or none does.
/// Use cases wrap a check and the write it guards in one call, so that two devices logging at
/// once cannot both pass the check.
public protocol Transactor: Sendable {
    func write<T>(_ body: () throws -> T) throws -> T
}
