import FoundationEssentials
import Console
import Core
import Domain

/// `tend places …`: saved places and walking ETAs.
struct PlaceCommands: Sendable {
    let makeContext: ActivityCommands.ContextProvider

    static let lat = Option.value("lat", valueName: "LAT", help: "Latitude (required).")
    static let lon = Option.value("lon", valueName: "LON", help: "Longitude (required).")
    static let ele = Option.value("ele", valueName: "M", help: "Elevation in metres.")
    static let from = Option.value("from", valueName: "LAT,LON[,ELE]", help: "Where you start (required).")

    static let place = Argument("name", help: "The place's name.")

    var group: Command {
        Command(name: "places", abstract: "Saved places (the box, home) and walking times to them.", subcommands: [
            Command(name: "add", abstract: "Save a place (or move one with the same name).",
                    arguments: [Argument("name", help: "e.g. box, home.")],
                    options: [Self.lat, Self.lon, Self.ele], run: add),
            Command(name: "list", abstract: "List saved places.", run: list),
            Command(name: "remove", abstract: "Remove a saved place.", arguments: [Self.place], run: remove),
            Command(name: "eta", abstract: "Estimate the walk to a place from a point (no road network: an estimate).",
                    arguments: [Self.place], options: [Self.from], run: eta),
        ])
    }

    func add(_ invocation: Invocation) throws {
        guard let lat = try invocation.option(Self.lat, expected: "a latitude", ActivityInput.number),
              let lon = try invocation.option(Self.lon, expected: "a longitude", ActivityInput.number) else {
            throw UsageError.missing("--lat LAT --lon LON")
        }
        let ele = try invocation.option(Self.ele, expected: "metres", ActivityInput.number)
        let context = try makeContext(invocation)
        let place = try context.useCases.addPlace(ownerID: context.ownerID, name: invocation.argument("name")!,
                                                  latitude: lat, longitude: lon, elevation: ele)
        try invocation.respond(json: { PlaceJSON(place) }, text: {
            ActivityWords(invocation).placeSaved(place.name, latitude: place.latitude, longitude: place.longitude)
        })
    }

    func list(_ invocation: Invocation) throws {
        let context = try makeContext(invocation)
        let places = try context.useCases.places(ownerID: context.ownerID)
        let words = ActivityWords(invocation)
        try invocation.respond(json: { ["places": places.map(PlaceJSON.init)] }, text: {
            guard !places.isEmpty else { return words.noPlaces }
            var table = Table(columns: zip(words.placeColumns, [.left, .right, .right, .right] as [Table.Alignment])
                .map { (title: $0, alignment: $1) })
            for place in places {
                table.addRow([place.name, "\(place.latitude)", "\(place.longitude)",
                              place.elevation.map { "\(Int($0.rounded())) m" } ?? "—"])
            }
            return table.render()
        })
    }

    func remove(_ invocation: Invocation) throws {
        let context = try makeContext(invocation)
        let name = invocation.argument("name")!
        try context.useCases.removePlace(ownerID: context.ownerID, name: name)
        try invocation.respond(json: { ["removed": name] }, text: { ActivityWords(invocation).placeRemoved(name) })
    }

    func eta(_ invocation: Invocation) throws {
        guard let origin = try invocation.option(Self.from, expected: "LAT,LON or LAT,LON,ELE", ActivityInput.coordinates) else {
            throw UsageError.missing("--from LAT,LON[,ELE]")
        }
        let context = try makeContext(invocation)
        let eta = try context.useCases.eta(ownerID: context.ownerID, to: invocation.argument("name")!, from: origin)
        try invocation.respond(json: { ETAJSON(eta) }, text: {
            ActivityWords(invocation).eta(minutes: Int((eta.seconds / 60).rounded()), place: eta.place.name,
                                          straight: ActivityText.km(eta.straightDistance), walking: ActivityText.km(eta.walkingDistance),
                                          detour: HikingEstimate.detourFactor)
        })
    }
}

struct PlaceJSON: Encodable {
    let name: String
    let lat: Double
    let lon: Double
    let ele: Double?

    init(_ place: Place) {
        name = place.name
        lat = place.latitude
        lon = place.longitude
        ele = place.elevation
    }

    enum CodingKeys: String, CodingKey { case name, lat, lon, ele = "elevation_m" }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(lat, forKey: .lat)
        try container.encode(lon, forKey: .lon)
        try container.encode(ele, forKey: .ele)
    }
}

struct ETAJSON: Encodable {
    let place: String
    let straightDistanceM: Double
    let walkingDistanceM: Double
    let durationS: Double
    let detourFactor: Double
    let isEstimate = true

    init(_ eta: ActivityUseCases.ETA) {
        place = eta.place.name
        straightDistanceM = round2(eta.straightDistance)
        walkingDistanceM = round2(eta.walkingDistance)
        durationS = round2(eta.seconds)
        detourFactor = HikingEstimate.detourFactor
    }

    enum CodingKeys: String, CodingKey {
        case place, straightDistanceM = "straight_distance_m", walkingDistanceM = "walking_distance_m", durationS = "duration_s"
        case detourFactor = "detour_factor", isEstimate = "is_estimate"
    }
}
