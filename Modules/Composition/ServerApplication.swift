import Core
import Domain
import HTTP
import AccountFeature
import InsulinFeature
import QuestFeature
import ActivityFeature
import NutritionFeature
import WorkoutFeature
import CoupleFeature
import NotificationFeature

/// Assembles `tend-server`'s routes, in front of them the pipeline, and `/openapi.json`
/// generated from the very routes the router serves.
public enum ServerApplication {
    public static func make(container: Container, logger: Logger?) -> HTTPApplication {
        var router = Router()
        let notifications = container.notifications
        router.addRoutes(replanning(AccountRoutes.make(accounts: container.accounts), notifications))
        router.addRoutes(replanning(InsulinRoutes.make(insulin: container.insulin), notifications))
        router.addRoutes(replanning(QuestRoutes.make(quests: container.quests), notifications))
        router.addRoutes(ActivityRoutes.make(activities: container.activities))
        router.addRoutes(NutritionRoutes.make(nutrition: container.nutrition, body: container.body))
        router.addRoutes(replanning(WorkoutRoutes.make(workouts: container.workouts, supplements: container.supplements), notifications))
        router.addRoutes(CoupleRoutes.make(couples: container.couples))
        let couples = container.couples
        router.addRoutes(NotificationRoutes.make(notifications: notifications, zone: { couples.zone(of: $0) }))
        // The document describes every route, its own included; the system routes' metadata does
        // not depend on the document they serve.
        let document = openAPIDocument(routes: router.routes + systemRoutes(document: "")).serialized()
        router.addRoutes(systemRoutes(document: document))

        let accounts = container.accounts
        let insulin = container.insulin
        return HTTPApplication(
            router: router, logger: logger,
            authenticate: { token in try accounts.authenticate(token: token) },
            errorDetails: { error in InsulinRoutes.errorDetails(error, insulin: insulin, ownerID: nil) })
    }

    /// The rules whose answer a write under a path prefix can change.
    static let rulesByPrefix: [(String, [NotificationRule])] = [
        ("/v1/insulin/", [.insulin]), ("/v1/quests/", [.quest]), ("/v1/supplements", [.supplement]),
        // A new time zone moves every reminder.
        ("/v1/me", [.insulin, .quest, .supplement]),
    ]

    /// Routes whose successful writes re-plan the notifications of their rule for the account
    /// (a dose logged cancels tonight's reminder; a new reminder time moves it).
    static func replanning(_ routes: [Route], _ notifications: NotificationUseCases) -> [Route] {
        routes.map { route in
            guard route.method != "GET", let rules = rulesByPrefix.first(where: { route.pattern.hasPrefix($0.0) })?.1 else { return route }
            return Route(route.method, route.pattern, requiresAuth: route.requiresAuth, maximumBodySize: route.maximumBodySize,
                         accepts: route.accepts, operation: route.operation) { request in
                let response = try route.handler(request)
                if (200..<300).contains(response.status), let owner = request.accountID {
                    for rule in rules { notifications.requestRefresh(ownerID: owner, rule: rule) }
                }
                return response
            }
        }
    }

    /// `/healthz` and `/openapi.json`.
    static func systemRoutes(document: String) -> [Route] {
        typealias S = OpenAPISchema
        return [
            Route("GET", "/healthz", requiresAuth: false, operation: OpenAPIOperation(
                summary: "Liveness", tag: "system",
                responses: [("200", S.jsonResponse("Up", S.object([("status", S.enumeration(["ok"]))], required: ["status"])))]
            )) { _ in
                try .json(["status": "ok"])
            },
            Route("GET", "/openapi.json", requiresAuth: false, operation: OpenAPIOperation(
                summary: "This document", tag: "system",
                responses: [("200", S.jsonResponse("The OpenAPI 3.1 document", ["type": "object"]))]
            )) { _ in
                HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: .init(document.utf8))
            },
        ]
    }

    static func openAPIDocument(routes: [Route]) -> JSONValue {
        OpenAPIDocument.make(
            title: "Tend", version: "1.0.0",
            description: "Tend's server: accounts, the insulin log, workouts and supplements, runs, hikes and places, food, meals and weight, the quest journeys, the couple space, and notifications. Times are ISO 8601 with an offset; errors are {\"error\": {\"code\", \"message\"}}.",
            routes: routes,
            schemas: [("Error", OpenAPISchema.error)] + AccountRoutes.schemas + InsulinRoutes.schemas + QuestRoutes.schemas
                + ActivityRoutes.schemas + NutritionRoutes.schemas + WorkoutRoutes.schemas + CoupleRoutes.schemas + NotificationRoutes.schemas)
    }
}
