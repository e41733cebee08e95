import FoundationEssentials
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
import SyncFeature
import PortabilityFeature
import NightscoutFeature
import Crypto

/// Assembles `tend-server`'s routes, in front of them the pipeline, and `/openapi.json`
/// generated from the very routes the router serves.
public enum ServerApplication {
    /// - Parameters:
    ///   - metrics: what `GET /metrics` shows; it opens with `operatorToken()` (nil: no such route).
    public static func make(container: Container, logger: Logger?, metrics: RequestMetrics? = nil,
                            operatorToken: @escaping @Sendable () -> String? = { nil }) -> HTTPApplication {
        var router = Router()
        let notifications = container.notifications
        router.addRoutes(AccountRoutes.make(accounts: container.accounts, deletion: container.deleteAccount))
        router.addRoutes(InsulinRoutes.make(insulin: container.insulin, timeInRange: container.dailyTimeInRange))
        router.addRoutes(QuestRoutes.make(quests: container.quests))
        router.addRoutes(ActivityRoutes.make(activities: container.activities))
        router.addRoutes(NutritionRoutes.make(nutrition: container.nutrition, body: container.body))
        router.addRoutes(WorkoutRoutes.make(workouts: container.workouts, supplements: container.supplements))
        router.addRoutes(CoupleRoutes.make(couples: container.couples))
        let couples = container.couples
        router.addRoutes(NotificationRoutes.make(notifications: notifications, zone: { couples.zone(of: $0) }))
        router.addRoutes(SyncRoutes.make(sync: container.sync))
        router.addRoutes(ExportRoutes.make(store: container.personalData, appVersion: Container.appVersion) { try couples.storedPhoto(sha256: $0) })
        router.addRoutes(NightscoutCredentialRoutes.make(nightscout: container.nightscout) {
            NightscoutSecretForms.sha1Hex(Data($0.utf8))
        })
        router.addRoutes(NightscoutV1Routes.make(nightscout: container.nightscout))
        // The document describes every route, its own included; the system routes' metadata does
        // not depend on the document they serve.
        let document = openAPIDocument(routes: router.routes + systemRoutes(document: "")).serialized()
        router.addRoutes(systemRoutes(document: document))
        // The web app's pages come after the document: it describes the API, not pages.
        router.addRoutes(webRoutes(container: container, logger: logger))
        if let metrics {
            router.addRoutes([MetricsRoute.make(metrics: metrics, database: container.database, operatorToken: operatorToken)])
        }

        // Bearer tokens only: a browser session's cookie token is refused by the API.
        let sessions = container.browserSessions
        let insulin = container.insulin
        var application = HTTPApplication(
            router: router, logger: logger, metrics: metrics,
            authenticate: { token in try sessions.authenticateBearer(token: token) },
            settleAuthentication: { try sessions.settleBearer() },
            errorDetails: { error in InsulinRoutes.errorDetails(error, insulin: insulin, ownerID: nil) })
        application.conventions = [NightscoutV1Routes.convention]
        return application
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
            description: "Tend's server: accounts, the insulin log, workouts and supplements, runs, hikes and places, "
                + "food, meals and weight, the quest journeys, the couple space, notifications, and sync. "
                + "Times are ISO 8601 with an offset; errors are {\"error\": {\"code\", \"message\"}}.",
            routes: routes,
            schemas: [("Error", OpenAPISchema.error)] + AccountRoutes.schemas + InsulinRoutes.schemas + QuestRoutes.schemas
                + ActivityRoutes.schemas + NutritionRoutes.schemas + WorkoutRoutes.schemas + CoupleRoutes.schemas
                + NotificationRoutes.schemas + SyncRoutes.schemas)
    }
}
