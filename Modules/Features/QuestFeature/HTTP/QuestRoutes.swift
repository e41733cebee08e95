import HTTP
import Domain

/// `/v1/quests/…`: the same use cases as `tend quest`, for the account of the token
/// (`QuestController`).
public enum QuestRoutes {
    public static func make(quests: QuestUseCases) -> [Route] {
        QuestController(quests: quests).routes()
    }
}
