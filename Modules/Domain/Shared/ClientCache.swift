import FoundationEssentials

/// What `tend` last received from the server, kept in the local database so that a screen can
/// be shown at once, marked with its age, when the server cannot be reached.
public protocol ClientCache: Sendable {
    func value(key: String) throws -> (payload: Data, savedAt: Date)?
    func save(key: String, payload: Data, at date: Date) throws
    func remove(key: String) throws
}
