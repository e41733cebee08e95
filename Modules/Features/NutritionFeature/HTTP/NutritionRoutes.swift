import HTTP
import Domain

/// `/v1/foods`, `/v1/diet` and `/v1/weight`: the same use cases as the commands, for the account
/// of the token (`NutritionController`, `WeightController`).
public enum NutritionRoutes {
    public static func make(nutrition: NutritionUseCases, body: BodyUseCases) -> [Route] {
        NutritionController(nutrition: nutrition).routes() + WeightController(body: body).routes()
    }
}
