import Core
import Domain
import HTTP

/// The web app's routes: pages rendered on the server from the same use cases as the CLI and
/// the API, with forms that work without JavaScript (POST, then a 303 to a page).
public enum WebRoutes {
    public static func make(_ services: WebServices) -> [Route] {
        let layout = Layout(assets: services.assets)
        let contexts = WebContextMaker(sessions: services.sessions, configuration: services.configuration, digest: services.digest)
        let routes = WebRouteMaker(contexts: contexts, layout: layout, message: services.message, snapshot: services.snapshot)
        return AssetController(assets: services.assets).make()
            + AuthController(services: services, routes: routes, layout: layout).make()
            + AccountController(services: services, routes: routes, layout: layout).make()
            + [routes.get("/today") { context in try TodayPage(services: services, layout: layout).render(context) }]
            + InsulinController(services: services, routes: routes, layout: layout).make()
            + CoupleController(couples: services.couples, message: services.message, routes: routes, layout: layout).make()
            + CoupleCalendarController(couples: services.couples, message: services.message, routes: routes, layout: layout).make()
            + CoupleCareController(couples: services.couples, message: services.message, routes: routes, layout: layout).make()
            + QuestController(quests: services.quests, message: services.message, routes: routes, layout: layout).make()
            + TrainingController(workouts: services.workouts, message: services.message, routes: routes, layout: layout).make()
            + FoodController(nutrition: services.nutrition, message: services.message, routes: routes, layout: layout).make()
            + WeightController(body: services.body, message: services.message, routes: routes, layout: layout).make()
    }
}
