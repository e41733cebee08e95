import HTTP
import Domain

/// `/v1/gpx/stats`, `/v1/runs`, `/v1/hikes` and `/v1/places`: the same use cases as the
/// commands, for the account of the token (`ActivityController`, `SessionController`,
/// `PlaceController`).
public enum ActivityRoutes {
    /// The largest GPX body a route takes: the only bodies allowed past the 1 MiB default.
    public static let maximumGPXBytes = 64 << 20

    public static func make(activities: ActivityUseCases) -> [Route] {
        ActivityController(activities: activities).routes()
    }
}
