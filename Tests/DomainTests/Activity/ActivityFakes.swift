import Core
import Domain
import Foundation

// MARK: - ActivityRepository

/// Runs and hikes by id, with their tracks.
final class FakeActivityRepository: ActivityRepository {
    let memory: FakeDatabase

    init(memory: FakeDatabase) { self.memory = memory }

    func insert(_ activity: Activity) throws {
        try memory.write(.activityInsert, activity) { try $0.activities.insert(activity, key: activity.id, call: .activityInsert) }
    }

    /// Only the owner's activity changes.
    func update(_ activity: Activity) throws {
        try memory.write(.activityUpdate, activity) { tables in
            guard tables.activities[activity.id]?.ownerID == activity.ownerID else {
                throw FakeFailure(.activityUpdate, "no activity \(activity.id) of \(activity.ownerID)")
            }
            tables.activities[activity.id] = activity
        }
    }

    func activity(id: String, ownerID: String) throws -> Activity? {
        memory.read { tables in tables.activities[id].flatMap { $0.ownerID == ownerID && $0.deletedAt == nil ? $0 : nil } }
    }

    func activities(ownerID: String, kind: ActivityKind?, in interval: Range<Date>?) throws -> [Activity] {
        memory.read { tables in
            tables.activities.values
                .filter { $0.ownerID == ownerID && $0.deletedAt == nil && (kind == nil || $0.kind == kind) }
                .filter { interval?.contains($0.startedAt) ?? true }
                .sorted { ($0.startedAt, $0.id) > ($1.startedAt, $1.id) }
                .map { activity in
                    var listed = activity
                    listed.track = nil
                    return listed
                }
        }
    }

    func trackedActivityIDs(ownerID: String, kind: ActivityKind) throws -> [String] {
        memory.read { tables in
            tables.activities.values
                .filter { $0.ownerID == ownerID && $0.kind == kind && $0.track != nil && $0.deletedAt == nil }
                .sorted { $0.startedAt < $1.startedAt }
                .map(\.id)
        }
    }
}

// MARK: - PlaceRepository

/// Saved places by id; a deleted place stays as a tombstone.
final class FakePlaceRepository: PlaceRepository {
    let memory: FakeDatabase

    init(memory: FakeDatabase) { self.memory = memory }

    /// An upsert on the id.
    func save(_ place: Place) throws {
        try memory.write(.placeSave, place) { tables in
            if let stored = tables.places[place.id], stored.place.ownerID != place.ownerID {
                throw FakeFailure(.placeSave, "place \(place.id) belongs to \(stored.place.ownerID)")
            }
            tables.places[place.id] = StoredPlace(place: place, deletedAt: tables.places[place.id]?.deletedAt)
        }
    }

    private func live(_ ownerID: String, in tables: FakeTables) -> [Place] {
        tables.places.values.filter { $0.place.ownerID == ownerID && $0.deletedAt == nil }.map(\.place)
    }

    func place(named name: String, ownerID: String) throws -> Place? {
        memory.read { tables in
            live(ownerID, in: tables).filter { $0.name.lowercased() == name.lowercased() }.min { $0.createdAt < $1.createdAt }
        }
    }

    func places(ownerID: String) throws -> [Place] {
        memory.read { tables in live(ownerID, in: tables).sorted { Array($0.name.utf8).lexicographicallyPrecedes($1.name.utf8) } }
    }

    func delete(id: String, ownerID: String, at date: Date) throws {
        try memory.write(.placeDelete, id) { tables in
            guard var stored = tables.places[id], stored.place.ownerID == ownerID else { return }
            stored.deletedAt = date
            stored.place.updatedAt = date
            tables.places[id] = stored
        }
    }
}
