import Core
import Domain
import HTTP

/// `/v1/insulin/…`: the same use cases as `tend insulin`, for the account of the token
/// (`InsulinController`).
public enum InsulinRoutes {
    /// - Parameter timeInRange: each calendar day's time in range, where the person's glucose is kept.
    public static func make(insulin: InsulinUseCases, timeInRange: DailyTimeInRange? = nil) -> [Route] {
        InsulinController(insulin: insulin, timeInRange: timeInRange).routes()
    }

    /// The dose a 409 refers to, for its body: the earlier dose of a refused duplicate, or the
    /// stored dose whose id a request reused with other values.
    public static func errorDetails(_ error: AppError, insulin: InsulinUseCases, ownerID: String?) -> [String: JSONValue] {
        guard ["duplicate_dose", "id_conflict"].contains(error.code), let dose = error.details as? Dose,
              let settings = try? insulin.settings.current(ownerID: ownerID ?? dose.ownerID),
              let json = try? JSONValue.encoded(DoseJSON(dose, settings: settings)) else { return [:] }
        return ["dose": json]
    }
}
