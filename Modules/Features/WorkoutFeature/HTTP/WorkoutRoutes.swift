import HTTP
import Domain

/// `/v1/workouts`, `/v1/exercises`, `/v1/plan` and `/v1/supplements`: the same use cases as
/// the commands, for the account of the token (`WorkoutController`, `SupplementController`).
public enum WorkoutRoutes {
    public static func make(workouts: WorkoutUseCases, supplements: SupplementUseCases) -> [Route] {
        WorkoutController(workouts: workouts).routes() + SupplementController(supplements: supplements).routes()
    }
}
