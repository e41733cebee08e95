import HTTP

extension ActivityRoutes {
    /// The JSON Schemas of the activity API, for `/openapi.json`.
    public static let schemas: [(String, JSONValue)] = {
        typealias S = OpenAPISchema
        let number = S.nullable("number")
        let split = S.object([("km", S.integer), ("distance_m", S.number), ("duration_s", number), ("pace_s_per_km", number),
                              ("elevation_change_m", number)],
                             required: ["km", "distance_m", "duration_s", "pace_s_per_km", "elevation_change_m"])
        let bounds: JSONValue = ["anyOf": [S.object([("min_lat", S.number), ("max_lat", S.number),
                                                     ("min_lon", S.number), ("max_lon", S.number)],
                                                    required: ["min_lat", "max_lat", "min_lon", "max_lon"]), ["type": "null"]]]
        let heart: JSONValue = ["anyOf": [S.object([("average_bpm", S.number), ("max_bpm", S.integer)],
                                                   required: ["average_bpm", "max_bpm"]), ["type": "null"]]]
        let statsKeys = ["points", "tracks", "segments", "routes", "waypoints", "distance_2d_m", "distance_3d_m", "elevation_gain_m",
                         "elevation_loss_m", "min_elevation_m", "max_elevation_m", "duration_s", "moving_time_s", "started_at", "ended_at",
                         "average_speed_mps", "max_speed_mps", "bounds", "splits", "heart_rate"]
        let estimate = S.object([("distance_m", S.number), ("elevation_gain_m", S.number), ("elevation_loss_m", S.number),
                                 ("naismith_s", S.number), ("tobler_s", S.number), ("din33466_s", S.number),
                                 ("actual_moving_time_s", number)],
                                required: ["distance_m", "elevation_gain_m", "elevation_loss_m", "naismith_s", "tobler_s", "din33466_s",
                                           "actual_moving_time_s"])
        let totals = S.object([("count", S.integer), ("distance_m", S.number), ("duration_s", S.number), ("elevation_gain_m", S.number)],
                              required: ["count", "distance_m", "duration_s", "elevation_gain_m"])
        return [
            ("GPXStats", S.object([
                ("points", S.integer), ("tracks", S.integer), ("segments", S.integer), ("routes", S.integer), ("waypoints", S.integer),
                ("distance_2d_m", S.number), ("distance_3d_m", S.number), ("elevation_gain_m", S.number), ("elevation_loss_m", S.number),
                ("min_elevation_m", number), ("max_elevation_m", number), ("duration_s", number), ("moving_time_s", number),
                ("started_at", S.nullable("string")), ("ended_at", S.nullable("string")), ("average_speed_mps", number),
                ("max_speed_mps", number), ("bounds", bounds), ("splits", S.array(split)), ("heart_rate", heart),
            ], required: statsKeys)),
            ("Activity", S.object([
                ("id", S.string), ("handle", S.string), ("kind", S.enumeration(["run", "hike"])), ("name", S.nullable("string")),
                ("started_at", S.dateTime),
                ("duration_s", S.number), ("moving_time_s", number), ("distance_m", S.number), ("elevation_gain_m", number),
                ("elevation_loss_m", number), ("pace_s_per_km", number), ("source", S.enumeration(["gpx", "manual"])),
                ("has_track", S.boolean), ("stats", S.ref("GPXStats")), ("estimate", estimate),
            ], required: ["id", "handle", "kind", "name", "started_at", "duration_s", "moving_time_s", "distance_m", "elevation_gain_m",
                          "elevation_loss_m", "pace_s_per_km", "source", "has_track"])),
            ("ActivityList", S.object([("activities", S.array(S.ref("Activity"))),
                                       ("totals", S.object([("week", totals), ("month", totals)], required: ["week", "month"]))],
                                      required: ["activities", "totals"])),
            ("ManualActivity", S.object([("distance_m", ["type": "number", "exclusiveMinimum": 0, "maximum": 1_000_000]),
                                         ("duration_s", ["type": "number", "exclusiveMinimum": 0, "maximum": 1_209_600]),
                                         ("started_at", S.dateTime), ("name", S.string)],
                                        required: ["distance_m", "duration_s"], closed: false)),
            ("Place", S.object([("name", S.string), ("lat", S.number), ("lon", S.number), ("elevation_m", number)],
                               required: ["name", "lat", "lon", "elevation_m"])),
            ("PlaceList", S.object([("places", S.array(S.ref("Place")))], required: ["places"])),
            ("NewPlace", S.object([("name", ["type": "string", "minLength": 1, "maxLength": 60]),
                                   ("lat", ["type": "number", "minimum": -90, "maximum": 90]),
                                   ("lon", ["type": "number", "minimum": -180, "maximum": 180]),
                                   ("elevation_m", ["type": "number", "minimum": -500, "maximum": 9000])],
                                  required: ["name", "lat", "lon"], closed: false)),
            ("PlaceETA", S.object([("place", S.string), ("straight_distance_m", S.number), ("walking_distance_m", S.number),
                                   ("duration_s", S.number), ("detour_factor", S.number), ("is_estimate", S.boolean)],
                                  required: ["place", "straight_distance_m", "walking_distance_m", "duration_s", "detour_factor",
                                             "is_estimate"])),
        ]
    }()
}
