import Core
import Domain
import Foundation
import Testing

@Suite("Contract: ActivityRepository")
struct ActivityRepositoryContract {
    /// A small track whose every value survives the compact storage: coordinates in 1e-9 degree,
    /// elevations in millimetres, times in milliseconds.
    static let track = GPXDocument(
        version: "1.1", creator: "Tend test", name: "Namsan loop", description: "up and down", time: Contract.at(0),
        tracks: [GPXTrack(name: "loop", segments: [[
            TrackPoint(latitude: 37.5512, longitude: 126.9882, elevation: 243.5, time: Contract.at(0), heartRate: 120),
            TrackPoint(latitude: 37.5519, longitude: 126.9901, elevation: 251.25, time: Contract.at(30 * Contract.second),
                       heartRate: 131, cadence: 84),
        ]])],
        routes: [GPXRoute(name: "plan", points: [TrackPoint(latitude: 37.55, longitude: 126.99)])],
        waypoints: [Waypoint(point: TrackPoint(latitude: 37.5512, longitude: 126.9882, elevation: 243.5), name: "N Seoul Tower",
                             description: "the top")])

    func activity(_ id: String, _ kind: ActivityKind = .run, at offset: Int64 = 0, owner: String = "ana",
                  track: GPXDocument? = nil) -> Activity {
        Activity(id: id, ownerID: owner, kind: kind, name: nil, startedAt: Contract.at(offset), duration: 1800, movingTime: nil,
                 distance: 5000, elevationGain: nil, elevationLoss: nil, source: track == nil ? .manual : .gpx, track: track,
                 createdAt: Contract.at(offset + 1), updatedAt: Contract.at(offset + 2))
    }

    @Test("every field round-trips, optionals nil and set; lists leave the track out", arguments: Backend.allCases)
    func roundTrip(_ backend: Backend) throws {
        let stores = try Stores(backend)
        let full = Activity(id: "full", ownerID: "ana", kind: .hike, name: "남산", startedAt: Contract.at(0), duration: 3725.5,
                            movingTime: 3300.25, distance: 8123.75, elevationGain: 312.5, elevationLoss: 305.25, source: .gpx,
                            track: Self.track, createdAt: Contract.at(1), updatedAt: Contract.at(2))
        let bare = activity("bare", .run, at: Contract.hour)
        try stores.activities.insert(full)
        try stores.activities.insert(bare)
        #expect(try stores.activities.activity(id: "full", ownerID: "ana") == full)
        #expect(try stores.activities.activity(id: "bare", ownerID: "ana") == bare)
        var listed = full
        listed.track = nil
        #expect(try stores.activities.activities(ownerID: "ana", kind: nil, in: nil) == [bare, listed])
    }

    @Test("an update saves every field that can change; another owner's update changes nothing", arguments: Backend.allCases)
    func update(_ backend: Backend) throws {
        let stores = try Stores(backend)
        var changed = activity("a", .run, at: 0)
        try stores.activities.insert(changed)
        changed.kind = .hike
        changed.name = "evening hike"
        changed.startedAt = Contract.at(-Contract.hour)
        changed.duration = 4000
        changed.movingTime = 3900.5
        changed.distance = 7250.25
        changed.elevationGain = 120
        changed.elevationLoss = 118.5
        changed.source = .gpx
        changed.track = Self.track
        changed.updatedAt = Contract.at(Contract.minute)
        try stores.activities.update(changed)
        #expect(try stores.activities.activity(id: "a", ownerID: "ana") == changed)

        let forged = Activity(id: "a", ownerID: "eve", kind: .run, name: "mine now", startedAt: Contract.t0, duration: 1, movingTime: nil,
                              distance: 1, elevationGain: nil, elevationLoss: nil, source: .manual, track: nil, createdAt: Contract.t0,
                              updatedAt: Contract.t0)
        try? stores.activities.update(forged)
        #expect(try stores.activities.activity(id: "a", ownerID: "ana") == changed)
    }

    @Test("lists are the owner's live activities, newest first, by kind and half-open interval", arguments: Backend.allCases)
    func listing(_ backend: Backend) throws {
        let stores = try Stores(backend)
        try stores.activities.insert(activity("run1", .run, at: 0))
        try stores.activities.insert(activity("hike1", .hike, at: Contract.day))
        try stores.activities.insert(activity("run2", .run, at: 2 * Contract.day))
        try stores.activities.insert(activity("theirs", .run, at: Contract.day, owner: "ben"))
        var gone = activity("gone", .run, at: 3 * Contract.day)
        try stores.activities.insert(gone)
        gone.deletedAt = Contract.at(4 * Contract.day)
        gone.updatedAt = Contract.at(4 * Contract.day)
        try stores.activities.update(gone)

        #expect(try stores.activities.activities(ownerID: "ana", kind: nil, in: nil).map(\.id) == ["run2", "hike1", "run1"])
        #expect(try stores.activities.activities(ownerID: "ana", kind: .run, in: nil).map(\.id) == ["run2", "run1"])
        #expect(try stores.activities.activities(ownerID: "ana", kind: .hike, in: nil).map(\.id) == ["hike1"])
        #expect(try stores.activities.activities(ownerID: "ana", kind: nil, in: Contract.at(0)..<Contract.at(2 * Contract.day)).map(\.id)
                == ["hike1", "run1"])
        #expect(try stores.activities.activities(ownerID: "ana", kind: nil, in: Contract.at(1)..<Contract.at(2 * Contract.day + 1)).map(\.id)
                == ["run2", "hike1"])
        #expect(try stores.activities.activity(id: "gone", ownerID: "ana") == nil)
        #expect(try stores.activities.activity(id: "theirs", ownerID: "ana") == nil)
        #expect(try stores.activities.activities(ownerID: "ben", kind: nil, in: nil).map(\.id) == ["theirs"])
    }

    @Test("tracked activity ids: the owner's live ones of the kind that have a track", arguments: Backend.allCases)
    func trackedIDs(_ backend: Backend) throws {
        let stores = try Stores(backend)
        try stores.activities.insert(activity("tracked-run", .run, at: Contract.day, track: Self.track))
        try stores.activities.insert(activity("early-run", .run, at: 0, track: Self.track))
        try stores.activities.insert(activity("manual-run", .run, at: 2 * Contract.day))
        try stores.activities.insert(activity("tracked-hike", .hike, at: 0, track: Self.track))
        try stores.activities.insert(activity("their-run", .run, at: 0, owner: "ben", track: Self.track))
        var gone = activity("gone-run", .run, at: 3 * Contract.day, track: Self.track)
        try stores.activities.insert(gone)
        gone.deletedAt = Contract.at(4 * Contract.day)
        try stores.activities.update(gone)

        #expect(Set(try stores.activities.trackedActivityIDs(ownerID: "ana", kind: .run)) == ["tracked-run", "early-run"])
        #expect(try stores.activities.trackedActivityIDs(ownerID: "ana", kind: .hike) == ["tracked-hike"])
        #expect(try stores.activities.trackedActivityIDs(ownerID: "nobody", kind: .run).isEmpty)
    }
}

@Suite("Contract: PlaceRepository")
struct PlaceRepositoryContract {
    func place(_ id: String, _ name: String, owner: String = "ana", at offset: Int64 = 0, elevation: Double? = nil) -> Place {
        Place(id: id, ownerID: owner, name: name, latitude: 37.5665, longitude: 126.978, elevation: elevation,
              createdAt: Contract.at(offset), updatedAt: Contract.at(offset + 1))
    }

    @Test("a place round-trips and is found by name case-insensitively, beyond ASCII too", arguments: Backend.allCases)
    func roundTripAndName(_ backend: Backend) throws {
        let stores = try Stores(backend)
        let cafe = place("p1", "Café Été", elevation: 38.5)
        let hill = place("p2", "남산", at: 1)
        try stores.places.save(cafe)
        try stores.places.save(hill)
        #expect(try stores.places.place(named: "Café Été", ownerID: "ana") == cafe)
        #expect(try stores.places.place(named: "café été", ownerID: "ana") == cafe)
        #expect(try stores.places.place(named: "CAFÉ ÉTÉ", ownerID: "ana") == cafe)
        #expect(try stores.places.place(named: "남산", ownerID: "ana") == hill)
        #expect(try stores.places.place(named: "Cafe", ownerID: "ana") == nil)
        #expect(try stores.places.place(named: "남산", ownerID: "ben") == nil)
    }

    @Test("saving again changes the place in place", arguments: Backend.allCases)
    func update(_ backend: Backend) throws {
        let stores = try Stores(backend)
        var home = place("p1", "Home")
        try stores.places.save(home)
        home.name = "Old home"
        home.latitude = -33.8688
        home.longitude = 151.2093
        home.elevation = 58
        home.updatedAt = Contract.at(Contract.minute)
        try stores.places.save(home)
        #expect(try stores.places.places(ownerID: "ana") == [home])
        home.elevation = nil
        try stores.places.save(home)
        #expect(try stores.places.place(named: "old home", ownerID: "ana") == home)
    }

    @Test("places are the owner's live ones by name; a delete is soft and the owner's only", arguments: Backend.allCases)
    func listingAndDelete(_ backend: Backend) throws {
        let stores = try Stores(backend)
        try stores.places.save(place("p1", "gym"))
        try stores.places.save(place("p2", "Office", at: 1))
        try stores.places.save(place("p3", "Beach", at: 2))
        try stores.places.save(place("p4", "Theirs", owner: "ben", at: 3))
        // Byte order, as the names are stored: capitals before small letters.
        #expect(try stores.places.places(ownerID: "ana").map(\.name) == ["Beach", "Office", "gym"])

        try stores.places.delete(id: "p2", ownerID: "ana", at: Contract.at(Contract.hour))
        try stores.places.delete(id: "p4", ownerID: "ana", at: Contract.at(Contract.hour))
        #expect(try stores.places.places(ownerID: "ana").map(\.name) == ["Beach", "gym"])
        #expect(try stores.places.place(named: "office", ownerID: "ana") == nil)
        #expect(try stores.places.places(ownerID: "ben").map(\.name) == ["Theirs"])
    }
}
