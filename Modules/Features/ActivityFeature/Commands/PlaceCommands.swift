import FoundationEssentials
import Console
import Core
import Domain

/// `tend places …`: saved places and walking ETAs.
enum PlaceCommands {
    static func group(context: @escaping ActivityCommands.ContextProvider) -> Command {
        Command(name: "places", abstract: "Saved places (the box, home) and walking times to them.", subcommands: [
            Command(
                name: "add", abstract: "Save a place (or move one with the same name).",
                arguments: [Argument("name", help: "e.g. box, home.")],
                options: [
                    .value("lat", valueName: "LAT", help: "Latitude (required)."),
                    .value("lon", valueName: "LON", help: "Longitude (required)."),
                    .value("ele", valueName: "M", help: "Elevation in metres."),
                ],
                run: { invocation in
                    guard let lat = try invocation.option("lat", expected: "a latitude", ActivityInput.number),
                          let lon = try invocation.option("lon", expected: "a longitude", ActivityInput.number) else {
                        throw UsageError.missing("--lat LAT --lon LON")
                    }
                    let ele = try invocation.option("ele", expected: "metres", ActivityInput.number)
                    let context = try context(invocation)
                    let place = try context.useCases.addPlace(ownerID: context.ownerID, name: invocation.argument("name")!,
                                                              latitude: lat, longitude: lon, elevation: ele)
                    if GlobalOptions.wantsJSON(invocation) {
                        try invocation.output.printJSON(PlaceJSON(place))
                    } else {
                        invocation.output.print("✓ Saved \(place.name) at \(place.latitude), \(place.longitude)")
                    }
                }),
            Command(
                name: "list", abstract: "List saved places.",
                run: { invocation in
                    let context = try context(invocation)
                    let places = try context.useCases.places(ownerID: context.ownerID)
                    if GlobalOptions.wantsJSON(invocation) {
                        try invocation.output.printJSON(["places": places.map(PlaceJSON.init)])
                        return
                    }
                    guard !places.isEmpty else {
                        invocation.output.print("No places yet: tend places add box --lat 37.5 --lon 127.0")
                        return
                    }
                    var table = Table(columns: [(title: "Name", alignment: .left), (title: "Latitude", alignment: .right),
                                                (title: "Longitude", alignment: .right), (title: "Elevation", alignment: .right)])
                    for place in places {
                        table.addRow([place.name, "\(place.latitude)", "\(place.longitude)", place.elevation.map { "\(Int($0.rounded())) m" } ?? "—"])
                    }
                    invocation.output.print(table.render())
                }),
            Command(
                name: "remove", abstract: "Remove a saved place.",
                arguments: [Argument("name", help: "The place's name.")],
                run: { invocation in
                    let context = try context(invocation)
                    try context.useCases.removePlace(ownerID: context.ownerID, name: invocation.argument("name")!)
                    if GlobalOptions.wantsJSON(invocation) {
                        try invocation.output.printJSON(["removed": invocation.argument("name")!])
                    } else {
                        invocation.output.print("Removed \(invocation.argument("name")!).")
                    }
                }),
            Command(
                name: "eta", abstract: "Estimate the walk to a place from a point (no road network: an estimate).",
                arguments: [Argument("name", help: "The place's name.")],
                options: [.value("from", valueName: "LAT,LON[,ELE]", help: "Where you start (required).")],
                run: { invocation in
                    guard let origin = try invocation.option("from", expected: "LAT,LON or LAT,LON,ELE", ActivityInput.coordinates) else {
                        throw UsageError.missing("--from LAT,LON[,ELE]")
                    }
                    let context = try context(invocation)
                    let eta = try context.useCases.eta(ownerID: context.ownerID, to: invocation.argument("name")!, from: origin)
                    if GlobalOptions.wantsJSON(invocation) {
                        try invocation.output.printJSON(ETAJSON(eta))
                    } else {
                        invocation.output.print("About \(Int((eta.seconds / 60).rounded())) min on foot to \(eta.place.name) "
                            + "(\(ActivityText.km(eta.straightDistance)) as the crow flies, ~\(ActivityText.km(eta.walkingDistance)) walking).\n"
                            + "An estimate without a road network: the straight line × \(HikingEstimate.detourFactor) for streets, the climb through Tobler's hiking function.")
                    }
                }),
        ])
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
