import FoundationEssentials
import Core
import Domain

/// The JSON bodies the activity routes read (GPX bodies are read as they are).
struct ManualActivityBody: Decodable {
    let distanceM: Double
    let durationS: Double
    let startedAt: String?
    let name: String?

    enum CodingKeys: String, CodingKey {
        case distanceM = "distance_m", durationS = "duration_s", startedAt = "started_at", name
    }

    func entry(_ kind: ActivityKind) throws -> ActivityUseCases.ManualEntry {
        var start: Date?
        if let startedAt {
            guard let parsed = ISO8601.parseInstant(startedAt) else {
                throw AppError.invalidInput("field 'started_at' must be an ISO 8601 time with an offset", code: "invalid_field")
            }
            start = parsed
        }
        return .init(kind: kind, distance: distanceM, duration: durationS, startedAt: start, name: name)
    }
}

struct PlaceBody: Decodable {
    let name: String
    let lat: Double
    let lon: Double
    let elevationM: Double?

    enum CodingKeys: String, CodingKey { case name, lat, lon, elevationM = "elevation_m" }
}
