import Domain
import Foundation

/// Finds entries by the tail of their id, or the latest one, in the tables of the fake database
/// (the live rows of the owner, as `SQLiteRecordLookup` does).
struct FakeRecordLookup: RecordLookup {
    let memory: FakeDatabase

    /// The owner's live entries of a kind as (id, created), in insertion order.
    private func entries(_ kind: RecordKind, ownerID: String) -> [(id: String, createdAt: Date)] {
        memory.read { tables in
            switch kind {
            case .dose:
                tables.doses.values.filter { $0.ownerID == ownerID && $0.deletedAt == nil }.map { ($0.id, $0.createdAt) }
            case .workout:
                tables.workouts.values.filter { $0.ownerID == ownerID && $0.deletedAt == nil }.map { ($0.id, $0.createdAt) }
            case .run, .hike:
                tables.activities.values.filter { $0.ownerID == ownerID && $0.deletedAt == nil && $0.kind.rawValue == kind.rawValue }
                    .map { ($0.id, $0.createdAt) }
            case .meal:
                tables.dietEntries.values.filter { $0.ownerID == ownerID && $0.deletedAt == nil }.map { ($0.id, $0.createdAt) }
            case .weight:
                tables.weights.values.filter { $0.ownerID == ownerID && $0.deletedAt == nil }.map { ($0.id, $0.createdAt) }
            }
        }
    }

    func ids(of kind: RecordKind, ownerID: String, endingWith suffix: String) throws -> [String] {
        entries(kind, ownerID: ownerID).map(\.id).filter { $0.lowercased().hasSuffix(suffix) }.sorted()
    }

    /// The most recently created; of two created in the same millisecond, the one added last.
    func latestID(of kind: RecordKind, ownerID: String) throws -> String? {
        entries(kind, ownerID: ownerID).enumerated().max { ($0.element.createdAt, $0.offset) < ($1.element.createdAt, $1.offset) }?.element.id
    }
}
